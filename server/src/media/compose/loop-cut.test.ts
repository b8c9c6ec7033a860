import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseLoopCut, LoopCutMeter, THUMB_SIDE, thumbDistance } from './loop-cut.js';

/** A soft-edged bright bar (8 px wide) on grey, its left edge at `x` (sub-pixel), as a thumbnail. */
function bar(x: number): Uint8Array {
  const t = new Uint8Array(THUMB_SIDE * THUMB_SIDE);
  for (let px = 0; px < THUMB_SIDE; px++) {
    // Coverage of pixel [px, px+1) by [x, x+8).
    const cover = Math.max(0, Math.min(px + 1, x + 8) - Math.max(px, x));
    const v = Math.round(60 + 150 * cover);
    for (let y = 0; y < THUMB_SIDE; y++) t[y * THUMB_SIDE + px] = v;
  }
  return t;
}

function measure(positions: number[]) {
  const meter = new LoopCutMeter();
  for (const x of positions) meter.push(bar(x));
  return meter.measures();
}

const range = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));

test('distance: the worst block counts, not the frame average', () => {
  const a = new Uint8Array(THUMB_SIDE * THUMB_SIDE).fill(100);
  assert.equal(thumbDistance(a, a), 0);
  const b = Uint8Array.from(a);
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) b[y * THUMB_SIDE + x] = 140;
  assert.equal(thumbDistance(a, b), 40, 'one 8x8 block 40 levels brighter');
  assert.equal(thumbDistance(a, new Uint8Array(THUMB_SIDE * THUMB_SIDE).fill(102)), 2);
  assert.throws(() => new LoopCutMeter().push(new Uint8Array(10)), RangeError);
});

test('a clip that sways with a period loops after a whole number of periods, the longest that fits', () => {
  // 150 frames swaying with a 50-frame period: frames 100, 101, 102 are frames 0, 1, 2 again.
  const m = measure(range(150, (i) => 28 + 6 * Math.sin((2 * Math.PI * i) / 50)));
  assert.equal(m.frames, 150);
  assert.equal(chooseLoopCut(m, 25, 148), 100);
  // Bounded by the material the renders use; a cut keeping under half the clip is none.
  assert.equal(chooseLoopCut(m, 25, 99), null);
  assert.equal(chooseLoopCut(m, 10, 148), 100);
});

test('a clip that drifts, or comes back moving the other way, has no seamless cut', () => {
  assert.equal(chooseLoopCut(measure(range(150, (i) => 10 + 0.25 * i)), 25, 148), null);
  // Out and back: frame 120 is where frame 0 was, but frames 121 and 122 move away from frames 1, 2.
  const bounce = range(150, (i) => (i <= 60 ? 10 + 0.3 * i : 28 - 0.3 * (i - 60)));
  assert.equal(chooseLoopCut(measure(bounce), 25, 148), null);
});

test('a still clip loops anywhere: at the most material', () => {
  assert.equal(chooseLoopCut(measure(range(100, () => 30)), 25, 98), 97);
  assert.equal(chooseLoopCut(measure([30]), 25, 98), null, 'one frame: no steps');
});
