import sharp from 'sharp';

export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Point to keep in view, as fractions of the source image (0,0 top-left). */
export interface Focus {
  x: number;
  y: number;
}

/** For people the head should sit a little above the middle of the frame. */
export const DEFAULT_ANCHOR_Y = 0.42;

/**
 * The largest window with the target's aspect ratio inside the source, placed so that the focus
 * point lands at the horizontal centre and at `anchorY` of the window's height (clamped to the
 * source). This is "cover" fitting that keeps a face in frame, unlike a fixed gravity. Pure.
 */
export function focusCrop(
  src: { width: number; height: number },
  target: { width: number; height: number },
  focus: Focus,
  anchorY = DEFAULT_ANCHOR_Y,
): CropRect {
  const aspect = target.width / target.height;
  let width = src.width;
  let height = Math.round(src.width / aspect);
  if (height > src.height) {
    height = src.height;
    width = Math.min(src.width, Math.round(src.height * aspect));
  }
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(0, v), max));
  const fx = Math.min(1, Math.max(0, focus.x));
  const fy = Math.min(1, Math.max(0, focus.y));
  return {
    left: clamp(fx * src.width - width / 2, src.width - width),
    top: clamp(fy * src.height - anchorY * height, src.height - height),
    width,
    height,
  };
}

/** Decodes an image (file or buffer), crops it around `focus` and scales it to exactly width x height. */
export async function focusFit(
  input: string | Buffer,
  width: number,
  height: number,
  focus: Focus,
): Promise<Buffer> {
  const meta = await sharp(input).metadata();
  const src = meta.autoOrient;
  const rect = focusCrop(src, { width, height }, focus);
  return sharp(input, { autoOrient: true })
    .extract(rect)
    .resize(width, height, { fit: 'fill' })
    .png()
    .toBuffer();
}
