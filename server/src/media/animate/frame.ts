/**
 * A video frame in planar YUV 4:2:0 (ffmpeg's yuv420p), the format frames travel in between the
 * decoder, the renderer and the encoder: 1.5 bytes per pixel, and chroma already at half size so
 * warps touch a quarter of the chroma samples.
 */
export interface YuvFrame {
  width: number;
  height: number;
  /** width*height luma bytes, then (width/2)*(height/2) Cb, then the same for Cr. */
  data: Uint8Array;
}

/** A single plane view inside a frame. */
export interface Plane {
  data: Uint8Array;
  width: number;
  height: number;
}

export function frameBytes(width: number, height: number): number {
  if (width % 2 !== 0 || height % 2 !== 0)
    throw new RangeError(`yuv420p needs even sizes, got ${width}x${height}`);
  return width * height * 1.5;
}

/** The Y, Cb and Cr planes of a frame, as views on its buffer (no copies). */
export function planes(frame: YuvFrame): [Plane, Plane, Plane] {
  const { width: w, height: h, data } = frame;
  const cw = w / 2;
  const ch = h / 2;
  const ySize = w * h;
  const cSize = cw * ch;
  if (data.length !== ySize + 2 * cSize) {
    throw new RangeError(`a ${w}x${h} yuv420p frame has ${ySize + 2 * cSize} bytes, got ${data.length}`);
  }
  return [
    { data: data.subarray(0, ySize), width: w, height: h },
    { data: data.subarray(ySize, ySize + cSize), width: cw, height: ch },
    { data: data.subarray(ySize + cSize), width: cw, height: ch },
  ];
}

/** BT.601 limited-range conversion of one sRGB colour, as (Y, Cb, Cr); ffmpeg's default for yuv420p. */
export function rgbToYuv(r: number, g: number, b: number): [number, number, number] {
  const y = 16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255;
  const cb = 128 + (-37.797 * r - 74.203 * g + 112.0 * b) / 255;
  const cr = 128 + (112.0 * r - 93.786 * g - 18.214 * b) / 255;
  return [Math.round(y), Math.round(cb), Math.round(cr)];
}

/**
 * Copies the part `at` (even offsets and sizes) of a `width`x`height` frame into `out`, a frame of
 * `at`'s size. Buffer.copy per row: no view object per row (garbage, in a render's hot path).
 */
export function cropFrame(
  frame: Buffer,
  width: number,
  height: number,
  at: { x: number; y: number; width: number; height: number },
  out: Uint8Array,
): void {
  if (at.x % 2 || at.y % 2 || at.width % 2 || at.height % 2) {
    throw new RangeError(
      `yuv420p crops need even offsets and sizes, got ${at.width}x${at.height}+${at.x}+${at.y}`,
    );
  }
  if (at.x < 0 || at.y < 0 || at.x + at.width > width || at.y + at.height > height) {
    throw new RangeError(`${at.width}x${at.height}+${at.x}+${at.y} is not inside ${width}x${height}`);
  }
  if (frame.length !== frameBytes(width, height) || out.length !== frameBytes(at.width, at.height)) {
    throw new RangeError('crop buffers do not match their sizes');
  }
  let o = 0;
  const plane = (offset: number, w: number, x: number, y: number, cw: number, ch: number) => {
    for (let row = 0; row < ch; row++) {
      const from = offset + (y + row) * w + x;
      frame.copy(out, o, from, from + cw);
      o += cw;
    }
  };
  plane(0, width, at.x, at.y, at.width, at.height);
  const c = (width / 2) * (height / 2);
  plane(width * height, width / 2, at.x / 2, at.y / 2, at.width / 2, at.height / 2);
  plane(width * height + c, width / 2, at.x / 2, at.y / 2, at.width / 2, at.height / 2);
}
