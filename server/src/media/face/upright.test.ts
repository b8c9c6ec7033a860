import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eyeLineAngle, toPicture, turnSquare } from './upright.js';

test("an eye line's angle: level is 0, rising to the subject's left is negative (clockwise on screen is positive)", () => {
  assert.equal(eyeLineAngle({ x: 0, y: 0 }, { x: 10, y: 0 }), 0);
  assert.ok(Math.abs(eyeLineAngle({ x: 0, y: 0 }, { x: 10, y: 10 }) - Math.PI / 4) < 1e-9);
});

test('points of the upright square map back to the turned square in the picture', () => {
  const frame = { cx: 100, cy: 50, side: 40, angle: Math.PI / 2 };
  // The square's middle is the frame's centre; its right edge lies below the centre when turned a quarter.
  assert.deepEqual(toPicture(frame, 20, 10, 10).map(Math.round), [100, 50]);
  assert.deepEqual(toPicture(frame, 20, 20, 10).map(Math.round), [100, 70]);
  assert.deepEqual(toPicture({ ...frame, angle: 0 }, 20, 20, 10).map(Math.round), [120, 50]);
});

test('turning a square samples the picture where toPicture says its pixels lie', () => {
  // A smooth picture (values linear in x and y): bilinear sampling reproduces it exactly inside.
  const w = 40;
  const data = new Uint8Array(w * w * 3);
  const value = (x: number, y: number) => 20 + 2 * x + 3 * y;
  for (let y = 0; y < w; y++) for (let x = 0; x < w; x++) data[(y * w + x) * 3] = value(x, y);
  const size = 20;
  for (const angle of [0, 0.4, -1.1, Math.PI / 2]) {
    const turned = turnSquare({ data, width: w, height: w }, angle, size);
    const frame = { cx: w / 2, cy: w / 2, side: size, angle };
    for (const [i, j] of [
      [0, 0],
      [19, 0],
      [5, 13],
      [19, 19],
      [10, 10],
    ] as const) {
      // The pixel centre (i + 0.5, j + 0.5) of the square, in picture coordinates (pixel centres at +0.5).
      const [x, y] = toPicture(frame, size, i + 0.5, j + 0.5);
      const want = value(x - 0.5, y - 0.5);
      const got = turned.data[(j * size + i) * 3]!;
      assert.ok(Math.abs(got - want) <= 1, `angle ${angle}, (${i}, ${j}): ${got} vs ${want.toFixed(1)}`);
    }
  }
});
