import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyseSpeechSamples, cleanPitchTrack, countSyllables, voiceActivity } from './analysis.js';

const SR = 16000;

/**
 * A speech-like test signal: phrases of 8 "syllables" (150 ms voiced buzz with a raised-cosine
 * envelope, 100 ms gap) separated by 500 ms pauses; the buzz is a harmonic series whose F0 glides
 * ±5% around `f0` like intonation.
 */
function syntheticSpeech(f0: number, seconds: number, noiseLevel = 0): Float32Array {
  const out = new Float32Array(Math.round(seconds * SR));
  let phase = 0;
  let seed = 1;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 30 - 1;
  };
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    const inPhrase = t % 2.5;
    const syl = inPhrase < 2 ? inPhrase % 0.25 : 1;
    const env = syl < 0.15 ? 0.5 - 0.5 * Math.cos((2 * Math.PI * syl) / 0.15) : 0;
    const f = f0 * (1 + 0.05 * Math.sin(2 * Math.PI * 0.7 * t));
    phase += (2 * Math.PI * f) / SR;
    let buzz = 0;
    for (let h = 1; h <= 8; h++) buzz += Math.sin(h * phase) / h;
    out[i] = 0.3 * env * buzz + noiseLevel * noise();
  }
  return out;
}

test('analyseSpeechSamples measures pitch, syllable rate and activity of a synthetic voice', () => {
  const s = analyseSpeechSamples(syntheticSpeech(150, 10), SR);
  assert.ok(Math.abs(s.medianPitchHz - 150) / 150 < 0.02, `median ${s.medianPitchHz}`);
  assert.ok(s.pitchP10Hz < s.medianPitchHz && s.pitchP90Hz > s.medianPitchHz);
  assert.ok(s.pitchP10Hz > 135 && s.pitchP90Hz < 165, `p10 ${s.pitchP10Hz} p90 ${s.pitchP90Hz}`);
  // 8 syllables per 2 s phrase, a little over 4 per active second.
  assert.ok(s.syllablesPerSec > 3.6 && s.syllablesPerSec < 4.6, `rate ${s.syllablesPerSec}`);
  assert.ok(s.speechRatio > 0.7 && s.speechRatio < 0.85, `ratio ${s.speechRatio}`);
  assert.equal(s.clippingShare, 0);
  assert.ok(s.snrDb > 40, `snr ${s.snrDb}`);
  assert.equal(s.durationSec, 10);
});

test('analyseSpeechSamples follows a high voice', () => {
  const s = analyseSpeechSamples(syntheticSpeech(240, 6), SR);
  assert.ok(Math.abs(s.medianPitchHz - 240) / 240 < 0.02, `median ${s.medianPitchHz}`);
});

test('steady noise and silence have no voice activity', () => {
  let seed = 7;
  const noise = Float32Array.from({ length: SR * 6 }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 0.2 * (seed / 2 ** 30 - 1);
  });
  assert.ok(analyseSpeechSamples(noise, SR).speechRatio < 0.05);
  const silence = analyseSpeechSamples(new Float32Array(SR * 6), SR);
  assert.equal(silence.speechRatio, 0);
  assert.ok(Number.isNaN(silence.medianPitchHz));
});

test('background noise lowers the SNR estimate; overdriven speech shows clipping', () => {
  const noisy = analyseSpeechSamples(syntheticSpeech(150, 8, 0.05), SR);
  assert.ok(noisy.snrDb > 5 && noisy.snrDb < 25, `snr ${noisy.snrDb}`);
  const loud = syntheticSpeech(150, 8).map((v) => Math.max(-1, Math.min(1, v * 8)));
  assert.ok(analyseSpeechSamples(loud, SR).clippingShare > 0.05);
});

test('voiceActivity bridges short gaps and drops blips', () => {
  const db = new Float32Array(100).fill(-90);
  db.fill(-20, 10, 30); // speech
  db.fill(-20, 40, 60); // speech after a 100 ms gap: bridged
  db.fill(-20, 80, 82); // 20 ms click: dropped
  const act = voiceActivity(db);
  assert.equal(
    act.slice(10, 60).every((v) => v === 1),
    true,
  );
  assert.equal(act[5], 0);
  assert.equal(act[81], 0);
});

test('countSyllables counts envelope peaks once each', () => {
  // Three bumps of 100 ms separated by dips, inside one active stretch.
  const rms = new Float32Array(40).fill(0.001);
  for (const c of [8, 20, 32])
    for (let k = -4; k <= 4; k++) rms[c + k] = 0.1 * Math.cos((k / 5) * (Math.PI / 2));
  assert.equal(countSyllables(rms, new Uint8Array(40).fill(1)), 3);
});

test('the analysis does not depend on the recording level', () => {
  const x = syntheticSpeech(170, 6, 0.002);
  const loud = analyseSpeechSamples(x, SR);
  const quiet = analyseSpeechSamples(
    x.map((v) => v * 0.05),
    SR,
  );
  assert.equal(quiet.voicedSec, loud.voicedSec);
  assert.equal(quiet.medianPitchHz, loud.medianPitchHz);
  assert.equal(quiet.syllablesPerSec, loud.syllablesPerSec);
  assert.ok(Math.abs(quiet.tiltDbPerOct - loud.tiltDbPerOct) < 1e-6);
});

/**
 * Syllables of a pulse-train voice (all harmonics, like a glottal source) through vowel resonances
 * (two-pole filters at the given formants).
 */
function syntheticVowels(f0: number, seconds: number, formants: readonly number[]): Float32Array {
  let x = new Float64Array(Math.round(seconds * SR));
  let phase = 0;
  for (let i = 0; i < x.length; i++) {
    const t = i / SR;
    const inPhrase = t % 2.5;
    const syl = inPhrase < 2 ? inPhrase % 0.25 : 1;
    const env = syl < 0.15 ? 0.5 - 0.5 * Math.cos((2 * Math.PI * syl) / 0.15) : 0;
    phase += (f0 * (1 + 0.05 * Math.sin(2 * Math.PI * 0.7 * t))) / SR;
    if (phase >= 1) {
      phase -= 1;
      x[i] = env;
    }
  }
  for (const f of formants) {
    const r = Math.exp((-Math.PI * 90) / SR);
    const a1 = 2 * r * Math.cos((2 * Math.PI * f) / SR);
    const y = new Float64Array(x.length);
    for (let n = 0; n < x.length; n++) y[n] = x[n]! + a1 * (y[n - 1] ?? 0) - r * r * (y[n - 2] ?? 0);
    x = y;
  }
  const peak = x.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  return Float32Array.from(x, (v) => (0.5 * v) / peak);
}

test('analyseSpeechSamples measures formants and tilt, or skips formants when asked', () => {
  const x = syntheticVowels(150, 6, [600, 1500, 2600]);
  const s = analyseSpeechSamples(x, SR);
  const near = (got: number, want: number, tol: number) => Math.abs(got - want) / want < tol;
  assert.ok(
    near(s.f1Hz, 600, 0.15) && near(s.f2Hz, 1500, 0.06) && near(s.f3Hz, 2600, 0.06),
    `${s.f1Hz} ${s.f2Hz} ${s.f3Hz}`,
  );
  assert.ok(Number.isFinite(s.tiltDbPerOct), `tilt ${s.tiltDbPerOct}`);
  assert.equal(s.bandDb.length, 13);
  const fast = analyseSpeechSamples(x, SR, { formants: false });
  assert.ok(Number.isNaN(fast.f1Hz));
  assert.equal(fast.tiltDbPerOct, s.tiltDbPerOct);
});

test('cleanPitchTrack folds octave errors back and drops what stays off', () => {
  const track = Float32Array.from([0, 200, 205, 410, 198, 99, 202, 900, 0, 195, 40]);
  assert.deepEqual(Array.from(cleanPitchTrack(track)), [0, 200, 205, 205, 198, 198, 202, 0, 0, 195, 0]);
});
