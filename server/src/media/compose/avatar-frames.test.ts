import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planVideoLoop } from './avatar-filters.js';
import { blendFrames, loopPasses } from './avatar-frames.js';

test('loop passes: the first plays from the start, later ones skip the faded-in head', () => {
  assert.deepEqual(loopPasses(planVideoLoop(3, 0.5, 10, 25), 25, 250), {
    materialFrames: 62,
    fadeFrames: 12,
    firstFrom: 0,
    laterFrom: 12,
  });
  assert.deepEqual(loopPasses(planVideoLoop(1.3, 0.5, 10, 25), 25, 250), {
    materialFrames: 20,
    fadeFrames: 0,
    firstFrom: 0,
    laterFrom: 0,
  });
  assert.equal(loopPasses(planVideoLoop(20, 0, 10, 25), 25, 251).materialFrames, 251);
});

test('frames blend byte by byte', () => {
  const out = new Uint8Array(3);
  blendFrames(new Uint8Array([0, 100, 255]), new Uint8Array([200, 100, 0]), 0.25, out);
  assert.deepEqual([...out], [50, 100, 191]);
});

test('the word-wise blend equals the byte-wise formula, aligned or not', () => {
  const n = 4099;
  const a = new Uint8Array(n).map((_, i) => (i * 37) % 256);
  const b = new Uint8Array(n).map((_, i) => (i * 91 + 7) % 256);
  for (const w of [0, 0.1, 0.5, 0.77, 1]) {
    const out = new Uint8Array(n);
    blendFrames(a, b, w, out);
    const k = Math.round(w * 256);
    for (let i = 0; i < n; i++)
      assert.equal(out[i], (a[i]! * (256 - k) + b[i]! * k + 128) >> 8, `w ${w} at ${i}`);
  }
  const odd = new Uint8Array(n + 1).subarray(1);
  blendFrames(a, b, 0.5, odd);
  assert.equal(odd[10], (a[10]! * 128 + b[10]! * 128 + 128) >> 8);
});
