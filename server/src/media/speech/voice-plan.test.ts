import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { VoiceProfile, VoiceSettings } from './types.js';
import { ESPEAK_CALIBRATION, planEspeak, planPostProcessing } from './voice-plan.js';

const profile = (medianPitchHz: number, syllablesPerSec: number): VoiceProfile => ({
  medianPitchHz,
  pitchP10Hz: medianPitchHz * 0.8,
  pitchP90Hz: medianPitchHz * 1.2,
  syllablesPerSec,
  loudnessLufs: -20,
  speechRatio: 0.8,
});
const plain: VoiceSettings = { language: 'zh', profile: null, rate: 1, volume: 1, pitch: 1 };

test('planEspeak: the plain voice at the default rate', () => {
  assert.deepEqual(planEspeak(plain), {
    voice: 'cmn',
    rateWpm: 175,
    pitch: 50,
    range: 50,
    expectedPitchHz: 91,
  });
  assert.equal(planEspeak({ ...plain, language: 'zh_wuhanese' }).voice, 'cmn');
  assert.equal(planEspeak({ ...plain, language: 'jp' }).voice, 'ja');
});

test('planEspeak: high profiles take the high variant, rate follows the syllable rate', () => {
  const cal = ESPEAK_CALIBRATION.cmn!;
  const high = planEspeak({ ...plain, profile: profile(220, cal.syllablesPerSec * 1.2) });
  assert.deepEqual(high, { voice: 'cmn+f2', rateWpm: 210, pitch: 50, range: 50, expectedPitchHz: 171 });
  const low = planEspeak({ ...plain, language: 'en', profile: profile(110, 2.5) });
  assert.equal(low.voice, 'en-us');
  assert.equal(low.rateWpm, 86);
  // Absurd rates stay inside what eSpeak can do.
  assert.equal(planEspeak({ ...plain, profile: profile(100, 50) }).rateWpm, 450);
  assert.equal(planEspeak({ ...plain, profile: profile(100, 0.1) }).rateWpm, 80);
});

test('planPostProcessing: edit multipliers alone without a profile', () => {
  assert.deepEqual(planPostProcessing({ ...plain, rate: 1.5, pitch: 0.8, volume: 0.5 }, null, 90), {
    pitch: 0.8,
    tempo: 1.5,
    volume: 0.5,
  });
  // Out-of-range and non-numeric multipliers are clamped / ignored.
  assert.deepEqual(planPostProcessing({ ...plain, rate: 9, pitch: 0, volume: Number.NaN }, null, 90), {
    pitch: 0.1,
    tempo: 2,
    volume: 1,
  });
});

test('planPostProcessing: moves the measured pitch and rate onto the profile, then applies edits', () => {
  const settings = { ...plain, profile: profile(200, 4), pitch: 1.1, rate: 1.2 };
  const plan = planPostProcessing(
    settings,
    { medianPitchHz: 160, voicedSec: 3, syllablesPerSec: 3.6, speechSec: 8 },
    172,
  );
  assert.ok(Math.abs(plan.pitch - (200 / 160) * 1.1) < 1e-9);
  assert.ok(Math.abs(plan.tempo - (4 / 3.6) * 1.2) < 1e-9);
  // Too little voiced audio: the calibrated pitch stands in; too little speech: no rate correction.
  const short = planPostProcessing(
    settings,
    { medianPitchHz: 50, voicedSec: 0.1, syllablesPerSec: 9, speechSec: 1 },
    172,
  );
  assert.ok(Math.abs(short.pitch - (200 / 172) * 1.1) < 1e-9);
  assert.equal(short.tempo, 1.2);
  // Small differences are not worth a processing pass; large rate corrections are capped.
  const near = planPostProcessing(
    { ...plain, profile: profile(200, 4) },
    { medianPitchHz: 199.5, voicedSec: 3, syllablesPerSec: 3.95, speechSec: 8 },
    172,
  );
  assert.deepEqual(near, { pitch: 1, tempo: 1, volume: 1 });
  const capped = planPostProcessing(
    { ...plain, profile: profile(200, 8) },
    { medianPitchHz: 200, voicedSec: 3, syllablesPerSec: 4, speechSec: 8 },
    172,
  );
  assert.equal(capped.tempo, 1.18);
});
