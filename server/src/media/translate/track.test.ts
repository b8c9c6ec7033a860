import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BED_GAIN, BED_RAMP_SEC, BED_UNDER_SPEECH_GAIN, bedGainAt, mixTranslatedTrack } from './track.js';

test('the bed is low under the original speech, higher between, with ramps', () => {
  const speech = [{ startSec: 1, endSec: 2 }];
  assert.equal(bedGainAt(1.5, speech), BED_UNDER_SPEECH_GAIN);
  assert.equal(bedGainAt(0.5, speech), BED_GAIN);
  assert.equal(bedGainAt(2 + BED_RAMP_SEC, speech), BED_GAIN);
  const mid = bedGainAt(2 + BED_RAMP_SEC / 2, speech);
  assert.ok(mid > BED_UNDER_SPEECH_GAIN && mid < BED_GAIN);
  assert.equal(bedGainAt(5, []), BED_GAIN);
});

test('sentences are laid at their places over the bed, cut at the end, clipped to 16 bits', () => {
  const sampleRate = 100;
  const bed = new Int16Array(300).fill(1000);
  const out = mixTranslatedTrack({
    sampleRate,
    totalSec: 3,
    bed,
    speech: [{ startSec: 1, endSec: 2 }],
    sentences: [
      { startSec: 0.5, samples: new Int16Array(10).fill(100) },
      { startSec: 2.95, samples: new Int16Array(50).fill(32767) }, // runs past the end
    ],
  });
  assert.equal(out.length, 300);
  assert.equal(out[0], Math.round(1000 * BED_GAIN));
  assert.equal(out[50], Math.round(1000 * BED_GAIN) + 100);
  assert.equal(out[150], Math.round(1000 * BED_UNDER_SPEECH_GAIN));
  assert.equal(out[299], 32767);
  // No bed: silence but for the speech.
  const dry = mixTranslatedTrack({ sampleRate, totalSec: 1, bed: null, speech: [], sentences: [] });
  assert.ok(dry.every((v) => v === 0));
});

test('a separated background fills in where the bed is lowered: the music keeps its level', () => {
  const sampleRate = 100;
  const out = mixTranslatedTrack({
    sampleRate,
    totalSec: 3,
    bed: new Int16Array(300).fill(1000),
    background: new Int16Array(300).fill(800),
    speech: [{ startSec: 1, endSec: 2 }],
    sentences: [],
  });
  // Between sentences the bed alone; under the original speech the bed lowered plus the background
  // at what the bed gave up.
  assert.equal(out[20], Math.round(1000 * BED_GAIN));
  assert.equal(out[150], Math.round(1000 * BED_UNDER_SPEECH_GAIN + 800 * (BED_GAIN - BED_UNDER_SPEECH_GAIN)));
});
