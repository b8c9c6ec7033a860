import assert from 'node:assert/strict';
import { test } from 'node:test';
import { frameFormants, measureFormants } from './formants.js';

/** A vowel by the source-filter model: a 120 Hz pulse train through resonators at `formants`. */
function vowel(formants: readonly [number, number][], sr: number, seconds: number, f0 = 120): Float32Array {
  let x = new Float64Array(Math.round(sr * seconds));
  const period = sr / f0;
  for (let t = 0; t < x.length; t += period) x[Math.round(t)] = 1;
  for (const [f, bw] of formants) {
    // Two-pole resonator (unit gain at DC is irrelevant to the formant frequencies).
    const r = Math.exp((-Math.PI * bw) / sr);
    const a1 = 2 * r * Math.cos((2 * Math.PI * f) / sr);
    const a2 = -r * r;
    const y = new Float64Array(x.length);
    for (let n = 0; n < x.length; n++) y[n] = x[n]! + a1 * (y[n - 1] ?? 0) + a2 * (y[n - 2] ?? 0);
    x = y;
  }
  const peak = x.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  return Float32Array.from(x, (v) => (0.5 * v) / peak);
}

const SR = 11025;
const within = (got: number, want: number, tol: number) => Math.abs(got - want) / want < tol;

test('frameFormants finds F1-F3 of a synthetic vowel', () => {
  const x = vowel(
    [
      [700, 80],
      [1220, 90],
      [2600, 120],
      [3500, 200],
    ],
    SR,
    0.2,
  );
  const f = frameFormants(x.subarray(500, 500 + 276), SR);
  assert.ok(f, 'formants found');
  assert.ok(within(f[0], 700, 0.06) && within(f[1], 1220, 0.06) && within(f[2], 2600, 0.05), f.join(' '));
});

test('measureFormants takes the median over frames and needs a few of them', () => {
  const a = vowel(
    [
      [420, 70],
      [2300, 100],
      [3000, 150],
    ],
    SR,
    0.5,
  );
  const centres = Array.from({ length: 20 }, (_, k) => 400 + k * 220);
  const m = measureFormants(a, SR, centres);
  assert.equal(m.frames, 20);
  // F1 is the least precise: linear prediction is pulled toward the nearest voice harmonic (480 Hz
  // here), the known limit of LPC formant tracking; F2 and F3 lie within a few per cent.
  assert.ok(
    within(m.f1Hz, 420, 0.15) && within(m.f2Hz, 2300, 0.05) && within(m.f3Hz, 3000, 0.05),
    JSON.stringify(m),
  );
  const few = measureFormants(a, SR, centres.slice(0, 3));
  assert.ok(Number.isNaN(few.f1Hz), 'fewer than five frames: no estimate');
  assert.equal(measureFormants(new Float32Array(SR), SR, centres).frames, 0, 'silence has none');
});
