import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FINE, fineCovers, fineLuma } from './fine-luma.js';
import { planes, type Plane } from './frame.js';
import { sourceBox, warpFrame } from './warp.js';
import { cubicAt } from '../../../test/helpers/cubic-reference.js';
import { turnedSquare } from '../../../test/helpers/turned-square.js';

/** A picture with detail at every scale: a smooth wave, a fine pattern and hard edges. */
const textured = (w: number, h: number): Plane => {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      data[y * w + x] =
        (((x >> 3) + (y >> 3)) & 1 ? 60 : 0) + ((Math.sin(x * 0.9) * Math.cos(y * 0.7) * 60 + 120) | 0);
  return { data, width: w, height: h };
};

test('the quarter-pixel grid holds the picture at whole pixels and the cubic between them, edges included', () => {
  const p = textured(37, 29);
  const fine = fineLuma(p);
  assert.equal(fine.stride, FINE * 36 + 1);
  assert.equal(fine.data.length, fine.stride * (FINE * 28 + 1));
  for (let Y = 0; Y < FINE * 28 + 1; Y++) {
    for (let X = 0; X < fine.stride; X++) {
      const got = fine.data[Y * fine.stride + X]!;
      if (X % FINE === 0 && Y % FINE === 0)
        assert.equal(got, p.data[(Y / FINE) * 37 + X / FINE], `(${X}, ${Y})`);
      else assert.ok(Math.abs(got - cubicAt(p, X / FINE, Y / FINE)) <= 1, `(${X}, ${Y})`);
    }
  }
});

test("a grid over a box holds the whole picture's grid there, with a margin, clipped at the picture's edges", () => {
  const p = textured(37, 29);
  const whole = fineLuma(p);
  for (const box of [
    { x0: 10.4, y0: 8.2, x1: 20.7, y1: 15.9 },
    { x0: -4, y0: 1.5, x1: 33.2, y1: 40 },
  ]) {
    const part = fineLuma(p, box);
    assert.equal(part.x0, Math.max(0, Math.floor(box.x0) - 3));
    assert.equal(part.y0, Math.max(0, Math.floor(box.y0) - 3));
    assert.equal(part.x0 + part.cols - 1, Math.min(36, Math.ceil(box.x1) + 3));
    assert.equal(part.y0 + part.rows - 1, Math.min(28, Math.ceil(box.y1) + 3));
    for (let Y = 0; Y < FINE * (part.rows - 1) + 1; Y++)
      for (let X = 0; X < part.stride; X++) {
        const at = (Y + FINE * part.y0) * whole.stride + X + FINE * part.x0;
        assert.equal(part.data[Y * part.stride + X], whole.data[at], `(${X}, ${Y})`);
      }
    assert.ok(fineCovers(part, box, p));
    assert.ok(!fineCovers(part, { ...box, x1: box.x1 + 1 }, p) || part.x0 + part.cols === 37);
  }
  assert.ok(
    !fineCovers(fineLuma(p, { x0: 10, y0: 10, x1: 12, y1: 12 }), { x0: 5, y0: 10, x1: 12, y1: 12 }, p),
  );
});

test('a still picture warped from its grid stays within a few levels of the cubic, turned a little or a lot', () => {
  const n = 96;
  const w = n;
  const h = n;
  const still = new Uint8Array(w * h * 1.5).fill(128);
  still.set(textured(w, h).data);
  const from = planes({ width: w, height: h, data: still });
  const fine = fineLuma(from[0]);
  const c = n / 2;
  for (const deg of [1.7, 12]) {
    // A square inside the frame that turns about the middle and shifts by a fraction of a pixel.
    // (Rows that reach the frame's edges are sampled bilinearly by the warp's cubic path and
    // with the cubic by the grid, which clamps its taps.)
    const mesh = turnedSquare(c, 32, deg);
    const viaCubic = new Uint8Array(still.length);
    const viaGrid = new Uint8Array(still.length);
    const viaBox = new Uint8Array(still.length);
    warpFrame(from, planes({ width: w, height: h, data: viaCubic }), mesh);
    warpFrame(from, planes({ width: w, height: h, data: viaGrid }), mesh, fine);
    // The grid over only what the mesh reads gives the same frame.
    warpFrame(from, planes({ width: w, height: h, data: viaBox }), mesh, fineLuma(from[0], sourceBox(mesh)));
    assert.deepEqual(viaBox, viaGrid);
    let worst = 0;
    for (let i = 0; i < w * h; i++) worst = Math.max(worst, Math.abs(viaCubic[i]! - viaGrid[i]!));
    assert.ok(worst <= 5, `${deg}°: ${worst} levels apart`);
    // The chroma planes are sampled as before.
    assert.deepEqual(viaGrid.subarray(w * h), viaCubic.subarray(w * h));
  }
});
