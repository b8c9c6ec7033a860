import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyseSpeechSamples, countSyllables, voiceActivity } from './analysis.js';

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
