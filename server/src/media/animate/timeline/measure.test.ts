import assert from 'node:assert/strict';
import { test } from 'node:test';
import { envelopeCorrelation, loudnessEnvelope, pearson, percentileOf, steadiness } from './measure.js';

/** A syllable-like envelope: smooth bumps of varying height at irregular spacing. */
function bumps(frames: number, fps: number): Float32Array {
  const out = new Float32Array(frames);
  let t = 0.2;
  let k = 0;
  while (t < frames / fps) {
    const h = 0.4 + 0.6 * (((k * 37) % 10) / 10);
    for (let i = 0; i < frames; i++) out[i] = out[i]! + h * Math.exp(-(((i / fps - t) / 0.06) ** 2));
    t += 0.18 + ((k * 13) % 7) * 0.03;
    k++;
  }
  return out;
}

test('Pearson r: 1 for a scaled copy, -1 for a mirror, 0 for a flat series', () => {
  const a = [1, 2, 3, 5, 8];
  assert.ok(
    Math.abs(
      pearson(
        a,
        a.map((v) => 3 * v + 1),
      ) - 1,
    ) < 1e-12,
  );
  assert.ok(
    Math.abs(
      pearson(
        a,
        a.map((v) => -v),
      ) + 1,
    ) < 1e-12,
  );
  assert.equal(pearson(a, [2, 2, 2, 2, 2]), 0);
});

test('cross-correlation finds a late mouth at a positive lag, with sub-frame precision', () => {
  const fps = 25;
  const env = bumps(250, fps);
  for (const lagFrames of [-3, -1, 0, 2, 5]) {
    const mouth = new Float32Array(env.length);
    for (let i = 0; i < env.length; i++) mouth[i] = env[i - lagFrames] ?? 0;
    const c = envelopeCorrelation(mouth, env, fps);
    assert.ok(Math.abs(c.lagSec - lagFrames / fps) < 0.01, `lag ${lagFrames}: ${c.lagSec}`);
    assert.ok(c.peakR > 0.99);
    if (lagFrames === 0) assert.ok(c.r > 0.999);
  }
  // Half a frame late (a smooth signal, interpolated): found between the frames.
  const half = new Float32Array(250);
  const base = bumps(500, 50);
  const env50 = new Float32Array(250);
  for (let i = 0; i < 250; i++) {
    env50[i] = base[2 * i]!;
    half[i] = base[Math.max(0, 2 * i - 1)]!;
  }
  const c = envelopeCorrelation(half, env50, 25);
  assert.ok(c.lagSec > 0.005 && c.lagSec < 0.035, `half-frame lag ${c.lagSec}`);
});

test('loudness envelope: silent frames 0, full-level frames 1, in between by dB', () => {
  const sr = 8000;
  const s = new Float32Array(sr * 2);
  // 0.5-1.0 s at full level, 1.0-1.5 s 20 dB lower, the rest silent.
  for (let i = 0; i < s.length; i++) {
    const t = i / sr;
    const a = t >= 0.5 && t < 1 ? 0.5 : t >= 1 && t < 1.5 ? 0.05 : 0;
    s[i] = a * Math.sin(2 * Math.PI * 220 * t);
  }
  const env = loudnessEnvelope(s, sr, 25);
  assert.equal(env.length, 50);
  assert.ok(env[5]! < 0.01);
  assert.ok(env[18]! > 0.95);
  assert.ok(Math.abs(env[31]! - 0.5) < 0.05, `−20 dB → ${env[31]}`);
});

test('steadiness separates flicker from motion', () => {
  const smooth = Array.from({ length: 100 }, (_, i) => 0.5 + 0.4 * Math.sin(i / 4));
  const flicker = Array.from({ length: 100 }, (_, i) => 0.5 + (i % 2 ? 0.2 : -0.2));
  assert.equal(steadiness(smooth).zigzagRate, 0);
  assert.ok(steadiness(flicker).zigzagRate > 0.9);
  assert.ok(steadiness(flicker).meanAbsDelta > steadiness(smooth).meanAbsDelta);
});

test('percentile interpolates', () => {
  assert.equal(percentileOf([3, 1, 2], 50), 2);
  assert.equal(percentileOf([0, 10], 25), 2.5);
  assert.ok(Number.isNaN(percentileOf([], 50)));
});
