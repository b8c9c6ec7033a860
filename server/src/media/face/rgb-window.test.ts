import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRgbImage, extractWindow, pixelWindow } from './rgb-window.js';

const image = (w: number, h: number) => {
  const data = new Uint8Array(w * h * 3);
  for (let i = 0; i < w * h; i++) data.set([i % 256, 7, 9], i * 3);
  return { data, width: w, height: h };
};

test('a window is cut out pixel for pixel, black past the edges', () => {
  const img = image(4, 3);
  const cut = extractWindow(img, { x: -1, y: 1, side: 3 });
  assert.equal(cut.width, 3);
  const px = (x: number, y: number) => Array.from(cut.data.subarray((y * 3 + x) * 3, (y * 3 + x) * 3 + 3));
  assert.deepEqual(px(0, 0), [0, 0, 0]); // left of the image
  assert.deepEqual(px(1, 0), [4, 7, 9]); // image (0, 1)
  assert.deepEqual(px(2, 1), [9, 7, 9]); // image (1, 2)
  assert.deepEqual(px(1, 2), [0, 0, 0]); // below the image
  // Entirely outside: all black.
  assert.ok(extractWindow(img, { x: 10, y: 10, side: 2 }).data.every((v) => v === 0));
});

test('windows are rounded to whole pixels about their middle', () => {
  assert.deepEqual(pixelWindow({ x: 10.2, y: 5.6, side: 20.4 }), { x: 10, y: 6, side: 20 });
  assert.deepEqual(pixelWindow({ x: 0, y: 0, side: 0.2 }), { x: 0, y: 0, side: 1 });
});

test('a buffer that does not match its size is refused with what is wrong', () => {
  assert.throws(
    () => checkRgbImage({ data: new Uint8Array(5), width: 2, height: 1 }),
    /expected 6 RGB bytes/,
  );
  assert.throws(() => checkRgbImage({ data: new Uint8Array(0), width: 0, height: 1 }), /invalid image size/);
});
