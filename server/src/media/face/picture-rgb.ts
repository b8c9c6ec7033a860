import sharp from 'sharp';
import type { RgbImage } from './rgb-window.js';

/**
 * Any picture sharp reads, upright (EXIF orientation applied), as raw RGB no larger than `maxSide`
 * on its long side; `width`/`height` are the upright size of the picture itself and `scale` maps
 * the pixels of `image` back to it (image pixels / scale = picture pixels).
 */
export async function readPictureRgb(
  path: string,
  maxSide: number,
): Promise<{ image: RgbImage; width: number; height: number; scale: number }> {
  const meta = await sharp(path).metadata();
  const { width, height } = meta.autoOrient;
  const fit = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.max(1, Math.round(width * fit));
  const h = Math.max(1, Math.round(height * fit));
  const { data } = await sharp(path, { autoOrient: true })
    .resize(w, h, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    image: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: w, height: h },
    width,
    height,
    scale: w / width,
  };
}
