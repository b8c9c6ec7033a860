import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planes, type Plane } from './frame.js';
import { movedBox, warpFrame, warpFrameInPlace, warpPlane, type WarpMesh } from './warp.js';
import { cubicAt } from '../../../test/helpers/cubic-reference.js';
import { TURN_SHIFT, turnedSquare } from '../../../test/helpers/turned-square.js';

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

test('a frame warps its two chroma planes together exactly as plane by plane, and in place as from a copy', () => {
  const w = 48;
  const h = 32;
  const frame = () => {
    const data = new Uint8Array(w * h * 1.5);
    for (let i = 0; i < data.length; i++) data[i] = (i * 37 + ((i * i) % 251)) & 255;
    return data;
  };
  // A fan of triangles around a centre that moves down and right; the outer ring stays.
  const src = new Float32Array([24, 16, 4, 2, 44, 2, 46, 30, 2, 30, 24, 1]);
  const dst = src.slice();
  dst[0] = 25.6;
  dst[1] = 18.3;
  const mesh: WarpMesh = {
    src,
    dst,
    triangles: new Uint32Array([0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 1, 1, 5, 2]),
  };
  const source = planes({ width: w, height: h, data: frame() });
  const byPlane = planes({ width: w, height: h, data: frame() });
  warpPlane(source[0], byPlane[0], mesh, 1);
  warpPlane(source[1], byPlane[1], mesh, 0.5);
  warpPlane(source[2], byPlane[2], mesh, 0.5);
  const together = planes({ width: w, height: h, data: frame() });
  warpFrame(source, together, mesh);
  const inPlace = planes({ width: w, height: h, data: frame() });
  warpFrameInPlace(inPlace, planes({ width: w, height: h, data: new Uint8Array(w * h * 1.5) }), mesh);
  for (let p = 0; p < 3; p++) {
    assert.deepEqual(together[p]!.data, byPlane[p]!.data, `plane ${p}`);
    assert.deepEqual(inPlace[p]!.data, byPlane[p]!.data, `plane ${p} in place`);
  }
  assert.notDeepEqual(byPlane[0]!.data, source[0]!.data, 'the warp changed the picture');
  // The triangle up to (24, 1) has no moved corner: it is not in the box.
  assert.deepEqual(movedBox(mesh), { x0: 2, y0: 2, x1: 46, y1: 30 });
});

test('a turned picture is sampled with the cubic: within one level of it at a tilt and a turn', () => {
  // Texture with detail at every scale (the cubic's weights and a shortcut's errors both show).
  const n = 96;
  const from = plane(
    n,
    n,
    (x, y) => (Math.sin(x * 0.9) * Math.cos(y * 0.7) * 90 + ((x * 7 + y * 13) % 17) * 4 + 100) | 0,
  );
  const c = n / 2;
  // 1.7 degrees (a head's idle tilt) and 12.
  for (const deg of [1.7, 12]) {
    const a = (deg * Math.PI) / 180;
    const to = plane(n, n, () => 0);
    warpPlane(from, to, turnedSquare(c, 24, deg));
    let compared = 0;
    for (let y = c - 16; y < c + 16; y++) {
      for (let x = c - 16; x < c + 16; x++) {
        // The destination pixel's centre carried back to the source (the inverse turn).
        const px = x + 0.5 - c - TURN_SHIFT.x;
        const py = y + 0.5 - c - TURN_SHIFT.y;
        const u = c + px * Math.cos(a) + py * Math.sin(a) - 0.5;
        const v = c - px * Math.sin(a) + py * Math.cos(a) - 0.5;
        const got = to.data[y * n + x]!;
        assert.ok(
          Math.abs(got - cubicAt(from, u, v)) <= 1,
          `${deg}°, (${x}, ${y}): ${got} against ${cubicAt(from, u, v)}`,
        );
        compared++;
      }
    }
    assert.equal(compared, 32 * 32);
  }
});
