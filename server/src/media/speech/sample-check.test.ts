import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MeasuredFile } from './measure.js';
import { rejectSample, toProfile } from './sample-check.js';

const good: MeasuredFile = {
  durationSec: 12,
  speechRatio: 0.8,
  voicedRatio: 0.6,
  voicedSec: 5,
  medianPitchHz: 180.123,
  pitchP10Hz: 150.04,
  pitchP90Hz: 230.96,
  syllablesPerSec: 4.567,
  clippingShare: 0,
  snrDb: 40,
  loudnessLufs: -21.34,
};

test('rejectSample accepts a clean sample and names each problem', () => {
  assert.equal(rejectSample(good), null);
  const reason = (m: Partial<MeasuredFile>) => rejectSample({ ...good, ...m })?.reason;
  assert.equal(reason({ durationSec: 4.9 }), 'too-short');
  assert.equal(reason({ durationSec: 180.5 }), 'too-long');
  assert.equal(reason({ speechRatio: 0.1 }), 'no-speech');
  assert.equal(reason({ voicedSec: 0.8 }), 'no-speech');
  assert.equal(reason({ medianPitchHz: Number.NaN }), 'no-speech');
  assert.equal(reason({ clippingShare: 0.02 }), 'clipping');
  assert.equal(reason({ snrDb: 9 }), 'noisy');
  // Duration is checked first: a short silent file is "too short", not "no speech".
  assert.equal(reason({ durationSec: 2, speechRatio: 0 }), 'too-short');
});

test('toProfile rounds the measurements', () => {
  assert.deepEqual(toProfile(good), {
    medianPitchHz: 180.1,
    pitchP10Hz: 150,
    pitchP90Hz: 231,
    syllablesPerSec: 4.57,
    loudnessLufs: -21.3,
    speechRatio: 0.8,
  });
});
