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
  f1Hz: 612.4,
  f2Hz: 1788.6,
  f3Hz: 2901.2,
  tiltDbPerOct: -6.123,
  bandDb: [3.04, -1.26],
};

test('rejectSample accepts a clean sample and names each problem', () => {
  assert.equal(rejectSample(good), null);
  const reason = (m: Partial<MeasuredFile>) => rejectSample({ ...good, ...m })?.reason;
  assert.equal(reason({ durationSec: 4.9 }), 'too-short');
  assert.equal(reason({ durationSec: 180.5 }), 'too-long');
  assert.equal(reason({ speechRatio: 0.1 }), 'no-speech');
  assert.equal(reason({ voicedSec: 0.8 }), 'no-speech');
  assert.equal(reason({ medianPitchHz: Number.NaN }), 'no-speech');
  // A hum: a pitch, but no intonation and no vowel resonances.
  assert.equal(reason({ pitchP10Hz: 220.1, medianPitchHz: 220.2, pitchP90Hz: 220.4 }), 'no-speech');
  assert.equal(reason({ f2Hz: Number.NaN }), 'no-speech');
  assert.equal(reason({ clippingShare: 0.02 }), 'clipping');
  assert.equal(reason({ snrDb: 9 }), 'noisy');
  // Duration is checked first: a short silent file is "too short", not "no speech".
  assert.equal(reason({ durationSec: 2, speechRatio: 0 }), 'too-short');
});

test('toProfile rounds the measurements and records the language', () => {
  assert.deepEqual(toProfile(good, 'en'), {
    medianPitchHz: 180.1,
    pitchP10Hz: 150,
    pitchP90Hz: 231,
    syllablesPerSec: 4.57,
    loudnessLufs: -21.3,
    speechRatio: 0.8,
    f1Hz: 612,
    f2Hz: 1789,
    f3Hz: 2901,
    tiltDbPerOct: -6.12,
    bandDb: [3, -1.3],
    language: 'en',
  });
  // A band that rounds to zero from below is stored as 0: JSON has no negative zero.
  const tiny = toProfile({ ...good, bandDb: [-0.04, 0.5] });
  assert.ok(Object.is(tiny.bandDb?.[0], 0));
  // What could not be measured is left out (JSON has no NaN).
  const bare = toProfile({ ...good, f2Hz: Number.NaN, tiltDbPerOct: Number.NaN, bandDb: [] });
  assert.deepEqual(Object.keys(bare).sort(), [
    'loudnessLufs',
    'medianPitchHz',
    'pitchP10Hz',
    'pitchP90Hz',
    'speechRatio',
    'syllablesPerSec',
  ]);
});
