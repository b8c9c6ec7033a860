import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bedChain, bedFades, fitDuration, mixGraph, speechChain, STEM_FORMAT } from './audio-filters.js';

test('stems: common format, exact length, beds faded', () => {
  assert.equal(STEM_FORMAT, 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo');
  assert.equal(fitDuration(5.3), 'apad,atrim=duration=5.3');
  assert.equal(speechChain(5.3), `${STEM_FORMAT},apad,atrim=duration=5.3`);
  assert.equal(bedFades(20), 'afade=t=in:st=0:d=0.5,afade=t=out:st=18.5:d=1.5');
  // Short works: each fade at most a quarter of the duration.
  assert.equal(bedFades(1.2), 'afade=t=in:st=0:d=0.3,afade=t=out:st=0.9:d=0.3');
  assert.equal(bedChain(20), `${STEM_FORMAT},apad,atrim=duration=20,${bedFades(20)}`);
});

test('mix sums at unity gain, preparing inputs that need it', () => {
  assert.equal(
    mixGraph([null, null]),
    '[0:a][1:a]amix=inputs=2:duration=first:dropout_transition=0,volume=2[mix]',
  );
  assert.equal(
    mixGraph(['P', null, null]),
    '[0:a]P[in0];[in0][1:a][2:a]amix=inputs=3:duration=first:dropout_transition=0,volume=3[mix]',
  );
});
