import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { VoiceProfile, VoiceSettings } from './types.js';
import {
  ESPEAK_CALIBRATION,
  PITCH_BASE_GAIN,
  planEspeak,
  planPostProcessing,
  type MeasuredSpeech,
} from './voice-plan.js';

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
    variant: null,
    rateWpm: 175,
    pitch: 50,
    range: 50,
    expectedPitchHz: 92,
  });
  assert.equal(planEspeak({ ...plain, language: 'zh_wuhanese' }).voice, 'cmn');
  assert.equal(planEspeak({ ...plain, language: 'jp' }).voice, 'ja');
});

/** The `pitch` and `formant` lines of a variant file, as numbers. */
function variantLines(text: string) {
  const pitch = /^pitch (\d+) (\d+)$/m.exec(text)!;
  const formant = (n: number) => Number(new RegExp(`^formant ${n} (\\d+) 100 100$`, 'm').exec(text)![1]);
  return {
    base: Number(pitch[1]),
    top: Number(pitch[2]),
    formants: [1, 2, 3, 4, 5, 6, 7, 8].map(formant),
  };
}

test('planEspeak: a profile becomes an eSpeak variant with its pitch, range, formants and rate', () => {
  const cal = ESPEAK_CALIBRATION.cmn!;
  const p: VoiceProfile = {
    ...profile(220, cal.syllablesPerSec * 1.2),
    pitchP10Hz: 190,
    pitchP90Hz: 250,
    f1Hz: cal.f1Hz * 1.1,
    f2Hz: cal.f2Hz * 1.15,
    f3Hz: cal.f3Hz * 1.5,
  };
  const plan = planEspeak({ ...plain, profile: p });
  assert.equal(plan.rateWpm, 210);
  assert.equal(plan.expectedPitchHz, 220);
  assert.ok(plan.variant);
  assert.equal(plan.voice, `cmn+${plan.variant.name}`);
  assert.match(plan.variant.name, /^lk[0-9a-f]{10}$/);
  const v = variantLines(plan.variant.text);
  // The calibrated model puts the median on target: 0.925·base + slope·(top − base) = 220.
  assert.ok(
    Math.abs(PITCH_BASE_GAIN * v.base + cal.pitchSlope * (v.top - v.base) - 220) < 1.5,
    `${v.base} ${v.top}`,
  );
  // A wider p10-p90 spread asks for a wider range.
  const narrow = variantLines(
    planEspeak({ ...plain, profile: { ...p, pitchP10Hz: 215, pitchP90Hz: 225 } }).variant!.text,
  );
  assert.ok(narrow.top - narrow.base < v.top - v.base);
  // F1 and F2 follow the speaker; F3 (and F4-F8 with it) stops at the 1.35 limit.
  assert.deepEqual(v.formants, [110, 115, 135, 135, 135, 135, 135, 135]);
  // The same settings give the same variant; the pitch edit moves the target.
  assert.equal(planEspeak({ ...plain, profile: p }).variant!.name, plan.variant.name);
  assert.equal(planEspeak({ ...plain, profile: p, pitch: 0.5 }).expectedPitchHz, 110);
  // Absurd rates stay inside what eSpeak can do.
  assert.equal(planEspeak({ ...plain, profile: profile(100, 50) }).rateWpm, 450);
  assert.equal(planEspeak({ ...plain, profile: profile(100, 0.1) }).rateWpm, 80);
});

test('planEspeak: formants are compared with eSpeak in the language the sample was spoken in', () => {
  const zh = ESPEAK_CALIBRATION.cmn!;
  // A Chinese sample whose formants equal eSpeak's Mandarin voice: its English keeps eSpeak's.
  const p: VoiceProfile = { ...profile(120, 4), f1Hz: zh.f1Hz, f2Hz: zh.f2Hz, f3Hz: zh.f3Hz, language: 'zh' };
  const en = planEspeak({ ...plain, language: 'en', profile: p });
  assert.equal(en.voice.split('+')[0], 'en-us');
  assert.deepEqual(variantLines(en.variant!.text).formants, [100, 100, 100, 100, 100, 100, 100, 100]);
  // Without formants in the profile (older profiles, presets) the voice's own formants stay.
  assert.deepEqual(
    variantLines(planEspeak({ ...plain, profile: profile(120, 4) }).variant!.text).formants,
    [100, 100, 100, 100, 100, 100, 100, 100],
  );
});

const measured = (m: Partial<MeasuredSpeech>): MeasuredSpeech => ({
  medianPitchHz: 160,
  voicedSec: 3,
  syllablesPerSec: 3.6,
  speechSec: 8,
  tiltDbPerOct: -6,
  ...m,
});

test('planPostProcessing: edit multipliers alone without a profile', () => {
  assert.deepEqual(planPostProcessing({ ...plain, rate: 1.5, pitch: 0.8, volume: 0.5 }, null, 90), {
    pitch: 0.8,
    tempo: 1.5,
    tiltDbPerOct: 0,
    loudnessLufs: null,
    volume: 0.5,
  });
  // Out-of-range and non-numeric multipliers are clamped / ignored.
  assert.deepEqual(planPostProcessing({ ...plain, rate: 9, pitch: 0, volume: Number.NaN }, null, 90), {
    pitch: 0.1,
    tempo: 2,
    tiltDbPerOct: 0,
    loudnessLufs: null,
    volume: 1,
  });
});

test('planPostProcessing: moves the measured pitch, rate and tilt onto the profile, then applies edits', () => {
  const settings = {
    ...plain,
    profile: { ...profile(200, 4), tiltDbPerOct: -9 },
    pitch: 1.1,
    rate: 1.2,
    volume: 0.5,
  };
  const plan = planPostProcessing(settings, measured({}), 172);
  // eSpeak aimed at 200 × 1.1; the shift finishes the way there.
  assert.ok(Math.abs(plan.pitch - (200 * 1.1) / 160) < 1e-9);
  assert.ok(Math.abs(plan.tempo - (4 / 3.6) * 1.2) < 1e-9);
  assert.equal(plan.tiltDbPerOct, -3);
  assert.equal(plan.loudnessLufs, -20);
  assert.equal(plan.volume, 0.5);
  // Too little voiced audio: the expected pitch stands in and the tilt is left alone; too little
  // speech: no rate correction.
  const short = planPostProcessing(
    settings,
    measured({ medianPitchHz: 50, voicedSec: 0.1, syllablesPerSec: 9, speechSec: 1 }),
    172,
  );
  assert.ok(Math.abs(short.pitch - (200 * 1.1) / 172) < 1e-9);
  assert.equal(short.tempo, 1.2);
  assert.equal(short.tiltDbPerOct, 0);
  // Small differences are not worth a processing pass; large rate corrections are capped.
  const near = planPostProcessing(
    { ...plain, profile: { ...profile(200, 4), tiltDbPerOct: -6.1 } },
    measured({ medianPitchHz: 199.5, syllablesPerSec: 3.95 }),
    172,
  );
  assert.deepEqual(near, { pitch: 1, tempo: 1, tiltDbPerOct: 0, loudnessLufs: -20, volume: 1 });
  const capped = planPostProcessing(
    { ...plain, profile: profile(200, 8) },
    measured({ medianPitchHz: 200, syllablesPerSec: 4 }),
    172,
  );
  assert.equal(capped.tempo, 1.18);
  // Loudness targets stay within what makes sense for speech.
  const quiet = planPostProcessing(
    { ...plain, profile: { ...profile(200, 4), loudnessLufs: -65 } },
    measured({}),
    172,
  );
  assert.equal(quiet.loudnessLufs, -50);
});
