import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Plane } from './frame.js';
import { warpPlane, type WarpMesh } from './warp.js';

const plane = (w: number, h: number, f: (x: number, y: number) => number): Plane => {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = f(x, y);
  return { data, width: w, height: h };
};

/** Two triangles covering a square from (x0,y0) to (x1,y1). */
const square = (x0: number, y0: number, x1: number, y1: number) =>
  new Float32Array([x0, y0, x1, y0, x1, y1, x0, y1]);
const quad = new Uint32Array([0, 1, 2, 0, 2, 3]);

test('a mesh that does not move writes nothing', () => {
  const from = plane(32, 32, (x) => x * 8);
  const to = plane(32, 32, () => 7);
  const pts = square(0, 0, 32, 32);
  warpPlane(from, to, { src: pts, dst: pts, triangles: quad });
  assert.ok(to.data.every((v) => v === 7));
});

test('a shifted mesh moves the picture by the shift, sampling between pixels', () => {
  // A horizontal ramp; the destination samples 2.5 px to the left of each pixel.
  const from = plane(40, 20, (x) => x * 4);
  const to = plane(40, 20, () => 0);
  const mesh: WarpMesh = { src: square(0, 0, 40, 20), dst: square(2.5, 0, 42.5, 20), triangles: quad };
  warpPlane(from, to, mesh);
  // Pixel 10 shows source x = 7.5 → between 7 (28) and 8 (32) → 30.
  assert.equal(to.data[5 * 40 + 10], 30);
  assert.equal(to.data[5 * 40 + 20], 70);
  // Left of the moved square nothing was written.
  assert.equal(to.data[5 * 40 + 1], 0);
});

test('adjacent triangles cover their shared edge without gaps', () => {
  const from = plane(16, 16, () => 200);
  const to = plane(16, 16, () => 0);
  const dst = square(0, 0, 16, 16);
  // Move the source just past the still threshold (a quarter pixel) so the triangles count as moving.
  warpPlane(from, to, { src: square(0.3, 0, 16.3, 16), dst, triangles: quad });
  assert.ok(
    to.data.every((v) => v === 200),
    'every pixel written once',
  );
});

test('chroma planes use the same mesh at half scale', () => {
  const from = plane(20, 10, (x) => x * 10);
  const to = plane(20, 10, () => 0);
  warpPlane(from, to, { src: square(0, 0, 40, 20), dst: square(4, 0, 44, 20), triangles: quad }, 0.5);
  assert.equal(to.data[5 * 20 + 10], 80); // shifted by 2 chroma pixels
});

test('corners that move less than a quarter pixel count as still: nothing is written', () => {
  const from = plane(16, 16, () => 200);
  const to = plane(16, 16, () => 0);
  warpPlane(from, to, { src: square(0.2, 0, 16.2, 16), dst: square(0, 0, 16, 16), triangles: quad });
  assert.ok(to.data.every((v) => v === 0));
});
