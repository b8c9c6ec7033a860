import type { SquareWindow } from './search-plan.js';

/** Raw RGB (3 bytes per pixel, row-major, no padding). */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Checks a raw RGB image's size against its bytes; throws a RangeError that says what is wrong. */
export function checkRgbImage(image: RgbImage): void {
  const { data, width, height } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`invalid image size ${width}x${height}`);
  }
  if (data.length !== width * height * 3) {
    throw new RangeError(
      `expected ${width * height * 3} RGB bytes for ${width}x${height}, got ${data.length}`,
    );
  }
}

/** A window rounded to whole pixels: its corner and side (at least 1). */
export function pixelWindow(w: SquareWindow): SquareWindow {
  const side = Math.max(1, Math.round(w.side));
  // `+ 0` turns a rounded -0 into 0.
  return { x: Math.round(w.x + (w.side - side) / 2) + 0, y: Math.round(w.y + (w.side - side) / 2) + 0, side };
}

/**
 * The pixels of a square window (whole pixels, see pixelWindow) as a new side x side image; the
 * part outside the image is black. Pure.
 */
export function extractWindow(image: RgbImage, window: SquareWindow): RgbImage {
  const { x, y, side } = pixelWindow(window);
  const out = new Uint8Array(side * side * 3);
  const x0 = Math.max(0, x);
  const x1 = Math.min(image.width, x + side);
  const rowBytes = (x1 - x0) * 3;
  if (rowBytes > 0) {
    for (let row = Math.max(0, y); row < Math.min(image.height, y + side); row++) {
      const from = (row * image.width + x0) * 3;
      const to = ((row - y) * side + (x0 - x)) * 3;
      out.set(image.data.subarray(from, from + rowBytes), to);
    }
  }
  return { data: out, width: side, height: side };
}
