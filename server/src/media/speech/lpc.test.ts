import assert from 'node:assert/strict';
import { test } from 'node:test';
import { autocorrelation, levinson, polyRoots } from './lpc.js';

test('polyRoots finds the roots of a polynomial with real and complex roots', () => {
  // (z - 0.5)(z + 0.25)(z² - 2·0.9·cos(0.6)·z + 0.81): roots 0.5, -0.25, 0.9·e^(±0.6i).
  const c = Math.cos(0.6);
  const quad = [1, -1.8 * c, 0.81];
  const lin = [1, -0.25, -0.125]; // (z - 0.5)(z + 0.25)
  const coeffs = new Float64Array(5);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) coeffs[i + j]! += quad[i]! * lin[j]!;
  const roots = polyRoots(coeffs).sort((a, b) => a.re - b.re || a.im - b.im);
  const want = [
    { re: -0.25, im: 0 },
    { re: 0.5, im: 0 },
    { re: 0.9 * c, im: -0.9 * Math.sin(0.6) },
    { re: 0.9 * c, im: 0.9 * Math.sin(0.6) },
  ].sort((a, b) => a.re - b.re || a.im - b.im);
  for (const [i, r] of roots.entries()) {
    assert.ok(
      Math.abs(r.re - want[i]!.re) < 1e-8 && Math.abs(r.im - want[i]!.im) < 1e-8,
      JSON.stringify(roots),
    );
  }
});

test('levinson recovers an all-pole filter from the autocorrelation of its output', () => {
  // x[n] = 1.3 x[n-1] - 0.8 x[n-2] + e[n]: A(z) = 1 - 1.3 z^-1 + 0.8 z^-2.
  let seed = 11;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 30 - 1;
  };
  const x = new Float64Array(40000);
  for (let n = 2; n < x.length; n++) x[n] = 1.3 * x[n - 1]! - 0.8 * x[n - 2]! + noise();
  const a = levinson(autocorrelation(x, 2), 2)!;
  assert.ok(Math.abs(a[1]! + 1.3) < 0.02 && Math.abs(a[2]! - 0.8) < 0.02, `${a[1]} ${a[2]}`);
  assert.equal(levinson(new Float64Array(3), 2), null, 'silence has no predictor');
});
