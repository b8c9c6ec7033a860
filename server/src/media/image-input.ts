import sharp, { type Metadata } from 'sharp';
import { MediaDefectError } from './media-defect.js';

/** What a picture's header says, read without decoding its pixels. */
export interface ImageHeader {
  /** sharp's format name: 'jpeg', 'png', 'webp', 'gif', 'tiff', 'svg', … */
  format: string;
  width: number;
  height: number;
}

/**
 * Reads a picture's header. The pixel limit is lifted for this read only: a 20000×20000 picture (a
 * few kilobytes of PNG, gigabytes once decoded) must be measured so that it can be refused for its
 * size, not mistaken for an unknown format. Throws MediaDefectError 'unreadable' for anything that
 * is not a picture.
 */
export async function readImageHeader(file: string): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new MediaDefectError('unreadable', 'the file is not a picture', {}, (err as Error).message);
  }
  if (!meta.format || !meta.width || !meta.height) {
    throw new MediaDefectError('unreadable', 'the file is not a picture');
  }
  // EXIF orientations 5-8 turn the picture a quarter: the upright size is what the rules see.
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  return {
    format: meta.format,
    width: quarterTurn ? meta.height : meta.width,
    height: quarterTurn ? meta.width : meta.height,
  };
}

/** A picture within the limits decodes in well under a second; this bounds a pathological one. */
const DECODE_TIMEOUT_SEC = 60;

/**
 * Decodes the whole picture, turns it upright (EXIF orientation) and writes it as PNG, so every later
 * step sees upright pixels. Decoding stops at `maxPixels` (a decompression bomb is refused before it
 * allocates), at the first damaged byte (a cut-off JPEG fails here instead of showing grey) and after
 * DECODE_TIMEOUT_SEC. Throws MediaDefectError 'undecodable' (or 'timeout').
 */
export async function decodeImageUpright(
  file: string,
  outPng: string,
  maxPixels: number,
): Promise<{ width: number; height: number }> {
  try {
    const out = await sharp(file, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .png()
      .timeout({ seconds: DECODE_TIMEOUT_SEC })
      .toFile(outPng);
    return { width: out.width, height: out.height };
  } catch (err) {
    const detail = (err as Error).message;
    if (/timeout/i.test(detail))
      throw new MediaDefectError('timeout', 'decoding the picture took too long', {}, detail);
    throw new MediaDefectError('undecodable', 'the picture does not decode', {}, detail);
  }
}
