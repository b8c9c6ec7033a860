import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planes } from './frame.js';
import { paintMouth } from './mouth-paint.js';
import type { MouthOpening } from './rig.js';

function opening(gap: number): MouthOpening {
  const xs = [-30, -20, -10, 0, 10, 20, 30];
  const profile = (x: number) => gap * (1 - (x / 30) ** 2);
  return {
    cx: 50,
    cy: 50,
    ux: 1,
    uy: 0,
    upper: new Float32Array(xs.flatMap((x) => [x, -0.3 * profile(x)])),
    lower: new Float32Array(xs.flatMap((x) => [x, 0.7 * profile(x)])),
    width: 60,
    maxGap: 20,
  };
}

test('the inside of an open mouth is painted dark with a lighter band of teeth; outside is untouched', () => {
  const frame = { width: 100, height: 100, data: new Uint8Array(15000).fill(150) };
  const p = planes(frame);
  paintMouth(p, opening(20), { lipLuma: 100 });
  const y = p[0].data;
  // Deep in the cavity (below the teeth band, above the tongue): dark.
  assert.ok(y[56 * 100 + 50]! < 60, `cavity ${y[56 * 100 + 50]}`);
  // Just under the upper lip in the middle: teeth, lighter than the cavity.
  assert.ok(y[45 * 100 + 50]! > y[56 * 100 + 50]! + 30, `teeth ${y[45 * 100 + 50]}`);
  // Outside the opening nothing changes.
  assert.equal(y[10 * 100 + 10], 150);
  assert.equal(y[50 * 100 + 90], 150);
  // Chroma turns warm (Cr above neutral) in the cavity.
  assert.ok(p[2].data[28 * 50 + 25]! > 132);
});

test('a closed mouth paints nothing', () => {
  const frame = { width: 100, height: 100, data: new Uint8Array(15000).fill(150) };
  paintMouth(planes(frame), opening(0), { lipLuma: 100 });
  assert.ok(frame.data.every((v) => v === 150));
});
