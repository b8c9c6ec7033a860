import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RealFft, hannWindow } from './fft.js';

function naivePower(x: number[]): number[] {
  const n = x.length;
  const out: number[] = [];
  for (let k = 0; k <= n / 2; k++) {
    let re = 0;
    let im = 0;
    for (let i = 0; i < n; i++) {
      re += x[i]! * Math.cos((2 * Math.PI * k * i) / n);
      im -= x[i]! * Math.sin((2 * Math.PI * k * i) / n);
    }
    out.push(re * re + im * im);
  }
  return out;
}

test('power spectrum matches a plain DFT', () => {
  for (const n of [8, 64, 512]) {
    let seed = n;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const x = Array.from({ length: n }, rand);
    const fft = new RealFft(n);
    const out = new Float64Array(n / 2 + 1);
    fft.power(x, out);
    const ref = naivePower(x);
    for (let k = 0; k <= n / 2; k++)
      assert.ok(Math.abs(out[k]! - ref[k]!) < 1e-6 * (1 + ref[k]!), `n ${n} k ${k}`);
  }
});

test('a windowed sine peaks in its bin', () => {
  const n = 512;
  const w = hannWindow(n);
  const x = Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * 40 * i) / n) * w[i]!);
  const out = new Float64Array(n / 2 + 1);
  new RealFft(n).power(x, out);
  let peak = 0;
  for (let k = 0; k < out.length; k++) if (out[k]! > out[peak]!) peak = k;
  assert.equal(peak, 40);
});

test('only powers of two', () => {
  assert.throws(() => new RealFft(100), RangeError);
});
