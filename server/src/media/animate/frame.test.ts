import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cropFrame, frameBytes } from './frame.js';

test('cropFrame copies the luma and both chroma planes of a box', () => {
  const w = 8;
  const h = 6;
  const frame = Buffer.alloc(frameBytes(w, h));
  // Each sample holds its plane (0, 1, 2) times 100 plus its row times 10 plus its column.
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) frame[y * w + x] = y * 10 + x;
  for (const p of [1, 2]) {
    const base = w * h + (p - 1) * (w / 2) * (h / 2);
    for (let y = 0; y < h / 2; y++)
      for (let x = 0; x < w / 2; x++) frame[base + y * (w / 2) + x] = p * 100 + y * 10 + x;
  }
  const out = new Uint8Array(frameBytes(4, 2));
  cropFrame(frame, w, h, { x: 2, y: 4, width: 4, height: 2 }, out);
  assert.deepEqual([...out], [42, 43, 44, 45, 52, 53, 54, 55, 121, 122, 221, 222]);
  assert.throws(() => cropFrame(frame, w, h, { x: 1, y: 4, width: 4, height: 2 }, out), /even/);
  assert.throws(() => cropFrame(frame, w, h, { x: 6, y: 4, width: 4, height: 2 }, out), /inside/);
});
