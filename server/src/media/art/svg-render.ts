import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import type { Sharp } from 'sharp';
import { FONT_FAMILY, fontFiles } from '../fonts/index.js';

/**
 * Renders an SVG to PNG on the libuv pool. Only the bundled font is loaded (never system fonts),
 * so output is identical on every machine; `text: false` skips loading it for text-free layers.
 */
export async function svgToPng(svg: string, opts: { text?: boolean } = {}): Promise<Buffer> {
  const font =
    opts.text === false
      ? { loadSystemFonts: false }
      : { loadSystemFonts: false, fontFiles: fontFiles(), defaultFontFamily: FONT_FAMILY };
  const rendered = await renderAsync(svg, { font, shapeRendering: 2, textRendering: 1, imageRendering: 0 });
  return rendered.asPng();
}

export type ImageFormat = 'png' | 'jpg' | 'webp';

/** Output format from a file name; unknown extensions are an error rather than a silent PNG. */
export function formatFromPath(outPath: string): ImageFormat {
  const ext = path.extname(outPath).toLowerCase();
  if (ext === '.png') return 'png';
  if (ext === '.jpg' || ext === '.jpeg') return 'jpg';
  if (ext === '.webp') return 'webp';
  throw new Error(`unsupported image extension "${ext}" (use .png, .jpg or .webp)`);
}

/** Encodes a sharp pipeline to outPath in the given format (JPEG/WebP drop alpha onto white). */
export async function writeImage(img: Sharp, outPath: string, format: ImageFormat = formatFromPath(outPath)) {
  await mkdir(path.dirname(outPath), { recursive: true });
  if (format === 'png') return img.png({ compressionLevel: 6 }).toFile(outPath);
  const flat = img.flatten({ background: '#ffffff' });
  if (format === 'jpg') return flat.jpeg({ quality: 88, chromaSubsampling: '4:2:0' }).toFile(outPath);
  return flat.webp({ quality: 86 }).toFile(outPath);
}
