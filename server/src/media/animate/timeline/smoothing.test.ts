import assert from 'node:assert/strict';
import { test } from 'node:test';
import { frameCount, gaussianSmooth, sampleAtFrames, smoothStep, toFrameRate } from './smoothing.js';

test('frame count: frames start before the end, none for an empty clip', () => {
  assert.equal(frameCount(2, 25), 50);
  assert.equal(frameCount(2.001, 25), 51);
  assert.equal(frameCount(0.01, 25), 1);
  assert.equal(frameCount(0, 25), 0);
  assert.throws(() => frameCount(1, 0), RangeError);
});

test('Gaussian smoothing keeps a constant, keeps a peak in place and spreads it symmetrically', () => {
  const flat = gaussianSmooth(new Float32Array(20).fill(0.7), 3);
  for (const v of flat) assert.ok(Math.abs(v - 0.7) < 1e-6);
  const impulse = new Float32Array(41);
  impulse[20] = 1;
  const s = gaussianSmooth(impulse, 4);
  let peak = 0;
  for (let i = 0; i < s.length; i++) if (s[i]! > s[peak]!) peak = i;
  assert.equal(peak, 20);
  for (let k = 1; k <= 20; k++) assert.ok(Math.abs(s[20 - k]! - s[20 + k]!) < 1e-7);
  const sum = s.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - 1) < 1e-3);
});

test('sampling at frame times interpolates linearly and holds the ends', () => {
  const grid = Float32Array.from([0, 1, 2, 3]);
  // Grid step 0.1 s, 20 fps: frames at 0, 0.05, 0.1 … 0.35 s.
  const f = sampleAtFrames(grid, 0.1, 8, 20);
  assert.deepEqual(
    Array.from(f, (v) => Math.round(v * 100) / 100),
    [0, 0.5, 1, 1.5, 2, 2.5, 3, 3],
  );
});

test('toFrameRate never smooths less than a third of a frame (no aliasing into jitter)', () => {
  // A 50 Hz ripple on a 5 ms grid is far above what 25 fps can show: it must average away.
  const grid = new Float32Array(400);
  for (let i = 0; i < grid.length; i++) grid[i] = 0.5 + 0.4 * Math.sin(2 * Math.PI * 50 * i * 0.005);
  const frames = toFrameRate(grid, 0.005, 0, 50, 25);
  for (let i = 2; i < 48; i++) assert.ok(Math.abs(frames[i]! - 0.5) < 0.05, `frame ${i}: ${frames[i]}`);
});

test('smooth step eases from 0 to 1', () => {
  assert.equal(smoothStep(-1), 0);
  assert.ok(Math.abs(smoothStep(0.5) - 0.5) < 1e-12);
  assert.equal(smoothStep(2), 1);
});
