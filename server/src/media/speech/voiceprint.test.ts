import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { VoiceProfile } from './types.js';
import { PROTECTED_VOICE_DISTANCE, voiceprintDistance, voiceprintOf, type Voiceprint } from './voiceprint.js';

const base: Voiceprint = {
  medianPitchHz: 200,
  f1Hz: 500,
  f2Hz: 1700,
  f3Hz: 2900,
  tiltDbPerOct: -5,
  bandDb: [4, 2, 0, -2, -4],
};

test('voiceprintOf needs every part of the profile', () => {
  const p: VoiceProfile = {
    medianPitchHz: 200,
    pitchP10Hz: 170,
    pitchP90Hz: 240,
    syllablesPerSec: 4,
    loudnessLufs: -20,
    speechRatio: 0.8,
  };
  assert.equal(voiceprintOf(p), null, 'a profile from before formants were measured');
  assert.deepEqual(voiceprintOf({ ...p, ...base }), base);
  assert.equal(voiceprintOf({ ...p, ...base, bandDb: [] }), null);
});

test('voiceprintDistance: scaled differences, zero for the same print', () => {
  assert.equal(voiceprintDistance(base, base).distance, 0);
  // Two semitones of pitch is one scale unit; alone it gives a distance of 1/2 (RMS of four parts).
  const higher = voiceprintDistance(base, { ...base, medianPitchHz: 200 * 2 ** (2 / 12) });
  assert.ok(Math.abs(higher.pitch - 1) < 1e-9 && Math.abs(higher.distance - 0.5) < 1e-9);
  const brighter = voiceprintDistance(base, { ...base, tiltDbPerOct: -2 });
  assert.ok(Math.abs(brighter.tilt - 2) < 1e-9);
  // F2 and F3 up a semitone: formant part ~0.94 (F1 counts a quarter).
  const longer = voiceprintDistance(base, {
    ...base,
    f2Hz: 1700 * 2 ** (1 / 12),
    f3Hz: 2900 * 2 ** (1 / 12),
  });
  assert.ok(longer.formants > 0.9 && longer.formants < 1);
  const bands = voiceprintDistance(base, { ...base, bandDb: base.bandDb.map((v) => v + 2.5) });
  assert.ok(Math.abs(bands.bands - 1) < 1e-9);
  // Symmetric.
  const other = { ...base, medianPitchHz: 120, f2Hz: 1400, tiltDbPerOct: -8 };
  assert.equal(voiceprintDistance(base, other).distance, voiceprintDistance(other, base).distance);
  assert.ok(voiceprintDistance(base, other).distance > PROTECTED_VOICE_DISTANCE);
});
