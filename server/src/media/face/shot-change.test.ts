import assert from 'node:assert/strict';
import { test } from 'node:test';
import { frameSignature, SHOT_CHANGE, signatureDistance } from './shot-change.js';

/** A width x height RGB frame drawn by `fill(x, y)` (a grey level). */
function frame(width: number, height: number, fill: (x: number, y: number) => number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rgb.fill(fill(x, y), (y * width + x) * 3, (y * width + x) * 3 + 3);
  return rgb;
}

test("a frame's signature is the mean brightness of its blocks", () => {
  const half = frameSignature(
    frame(64, 32, (x) => (x < 32 ? 0 : 255)),
    64,
    32,
    2,
  );
  assert.deepEqual([...half], [0, 1, 0, 1]);
  const grey = frameSignature(
    frame(10, 10, () => 51),
    10,
    10,
    4,
  );
  assert.ok(grey.every((v) => Math.abs(v - 0.2) < 1e-6));
});

test('a cut changes the whole picture; a moving mouth or hand does not', () => {
  const W = 160;
  const H = 90;
  // A scene: a gradient with a square (a head) on it.
  const scene = (dx: number) =>
    frame(W, H, (x, y) => (x > 60 + dx && x < 90 + dx && y > 20 && y < 60 ? 200 : (x + y) % 256));
  const a = frameSignature(scene(0), W, H);
  const moved = frameSignature(scene(4), W, H);
  const other = frameSignature(
    frame(W, H, (x, y) => (x * 3 + y * 2) % 256),
    W,
    H,
  );
  assert.ok(signatureDistance(a, moved) < SHOT_CHANGE / 2, `moved ${signatureDistance(a, moved)}`);
  assert.ok(signatureDistance(a, other) > SHOT_CHANGE, `cut ${signatureDistance(a, other)}`);
  assert.equal(signatureDistance(a, a), 0);
});
