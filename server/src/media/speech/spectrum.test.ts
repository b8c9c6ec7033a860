import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BAND_CENTRES_HZ, fft, longTermSpectrum, slope } from './spectrum.js';

test('fft of a cosine puts its energy in one bin', () => {
  const n = 64;
  const re = Float64Array.from({ length: n }, (_, i) => Math.cos((2 * Math.PI * 5 * i) / n));
  const im = new Float64Array(n);
  fft(re, im);
  assert.ok(Math.abs(re[5]! - n / 2) < 1e-9 && Math.abs(re[n - 5]! - n / 2) < 1e-9);
  assert.ok(Math.abs(re[4]!) < 1e-9 && Math.abs(im[5]!) < 1e-9);
});

test('slope fits a straight line', () => {
  assert.equal(slope([0, 1, 2, 3], [1, 3, 5, 7]), 2);
});

test('longTermSpectrum measures the tilt of a harmonic series', () => {
  // Harmonics of 125 Hz whose amplitude falls by 6 dB per octave (1/h), at 11 kHz.
  const sr = 11025;
  const x = new Float32Array(sr * 2);
  for (let h = 1; 125 * h < 5000; h++) {
    for (let i = 0; i < x.length; i++) x[i]! += Math.sin((2 * Math.PI * 125 * h * i) / sr) / h;
  }
  const centres = Array.from({ length: 30 }, (_, k) => 600 + k * 700);
  const ltas = longTermSpectrum(x, sr, centres, 512);
  assert.equal(ltas.frames, 30);
  assert.equal(ltas.bandDb.length, BAND_CENTRES_HZ.length);
  // Amplitude 1/h is power 1/h², -6 dB per octave; the harmonics are evenly spaced, so the power
  // density per Hz falls just as fast.
  assert.ok(Math.abs(ltas.tiltDbPerOct + 6) < 1, `tilt ${ltas.tiltDbPerOct}`);
  // Louder or quieter, the same shape.
  const quiet = longTermSpectrum(
    x.map((v) => v * 0.01),
    sr,
    centres,
    512,
  );
  assert.ok(Math.abs(quiet.tiltDbPerOct - ltas.tiltDbPerOct) < 1e-6);
});
