import { rgbToYuv, type Plane } from './frame.js';

/**
 * A small picture with transparency, converted once to the frame's 4:2:0 planes so that drawing it
 * per frame is a plain alpha blend. Positions are even so chroma samples line up.
 */
export interface Sprite {
  width: number;
  height: number;
  y: Uint8Array;
  /** Luma-resolution alpha 0..255. */
  alpha: Uint8Array;
  cb: Uint8Array;
  cr: Uint8Array;
  /** Chroma-resolution alpha (mean of each 2x2 block). */
  calpha: Uint8Array;
}

/** From straight (non-premultiplied) RGBA bytes; odd sizes are padded by one transparent pixel. */
export function spriteFromRgba(rgba: Uint8Array, width: number, height: number): Sprite {
  const w = width + (width % 2);
  const h = height + (height % 2);
  const y = new Uint8Array(w * h);
  const alpha = new Uint8Array(w * h);
  const cw = w / 2;
  const ch = h / 2;
  const cb = new Uint8Array(cw * ch).fill(128);
  const cr = new Uint8Array(cw * ch).fill(128);
  const calpha = new Uint8Array(cw * ch);
  const acc = new Float64Array(cw * ch * 3);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const i = (py * width + px) * 4;
      const a = rgba[i + 3]!;
      const [yy, u, v] = rgbToYuv(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!);
      y[py * w + px] = yy;
      alpha[py * w + px] = a;
      const c = (py >> 1) * cw + (px >> 1);
      acc[c * 3] = acc[c * 3]! + u * a;
      acc[c * 3 + 1] = acc[c * 3 + 1]! + v * a;
      acc[c * 3 + 2] = acc[c * 3 + 2]! + a;
    }
  }
  for (let c = 0; c < cw * ch; c++) {
    const a = acc[c * 3 + 2]!;
    if (a > 0) {
      cb[c] = Math.round(acc[c * 3]! / a);
      cr[c] = Math.round(acc[c * 3 + 1]! / a);
    }
    calpha[c] = Math.round(a / 4);
  }
  return { width: w, height: h, y, alpha, cb, cr, calpha };
}

/** Blends `s` into the planes with its top-left corner at (x, y), rounded down to even; clipped. */
export function drawSprite(planes: [Plane, Plane, Plane], s: Sprite, x: number, y: number): void {
  const [Y, U, V] = planes;
  const x0 = Math.floor(x / 2) * 2;
  const y0 = Math.floor(y / 2) * 2;
  for (let py = 0; py < s.height; py++) {
    const fy = y0 + py;
    if (fy < 0 || fy >= Y.height) continue;
    for (let px = 0; px < s.width; px++) {
      const fx = x0 + px;
      if (fx < 0 || fx >= Y.width) continue;
      const a = s.alpha[py * s.width + px]!;
      if (a === 0) continue;
      const o = fy * Y.width + fx;
      Y.data[o] = (Y.data[o]! * (255 - a) + s.y[py * s.width + px]! * a + 127) / 255;
    }
  }
  const cw = s.width / 2;
  for (let py = 0; py < s.height / 2; py++) {
    const fy = y0 / 2 + py;
    if (fy < 0 || fy >= U.height) continue;
    for (let px = 0; px < cw; px++) {
      const fx = x0 / 2 + px;
      if (fx < 0 || fx >= U.width) continue;
      const a = s.calpha[py * cw + px]!;
      if (a === 0) continue;
      const o = fy * U.width + fx;
      U.data[o] = (U.data[o]! * (255 - a) + s.cb[py * cw + px]! * a + 127) / 255;
      V.data[o] = (V.data[o]! * (255 - a) + s.cr[py * cw + px]! * a + 127) / 255;
    }
  }
}
