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
