import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { renderAsync } from '@resvg/resvg-js';
import type { Sharp } from 'sharp';
import { FONT_FAMILY, fontFiles } from '../fonts/index.js';
import { JOB_THREAD_NICENESS } from '../thread-priority.js';
import { WorkerThreadPool } from '../worker-pool.js';
import { workerEntry } from '../worker-thread.js';
import type { SvgThreadReply, SvgThreadRequest } from './svg-protocol.js';

/**
 * Renders an SVG to PNG. Only the bundled font is loaded (never system fonts), so output is
 * identical on every machine; `text: false` skips loading it for text-free layers. Called on the
 * main thread (the thread serving HTTP), the drawing goes to an SVG thread (svg-worker.ts): resvg
 * parses and loads fonts synchronously before it renders. Elsewhere (a render or cover thread) it
 * runs in the calling thread.
 */
export async function svgToPng(svg: string, opts: { text?: boolean } = {}): Promise<Buffer> {
  const text = opts.text !== false;
  if (!isMainThread) return rasterise(svg, text);
  const reply = await svgThreads().request({ svg, text });
  if (!reply.png) throw new Error('SVG rasteriser answered without a picture');
  return Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength);
}

/** resvg in the calling thread (svgToPng, svg-worker.ts). */
export async function rasterise(svg: string, text: boolean): Promise<Buffer> {
  const font = text
    ? { loadSystemFonts: false, fontFiles: fontFiles(), defaultFontFamily: FONT_FAMILY }
    : { loadSystemFonts: false };
  const rendered = await renderAsync(svg, { font, shapeRendering: 2, textRendering: 1, imageRendering: 0 });
  return rendered.asPng();
}

let pool: WorkerThreadPool<SvgThreadRequest, SvgThreadReply> | null = null;

/** Started on first use; idle threads do not keep the process alive. */
function svgThreads(): WorkerThreadPool<SvgThreadRequest, SvgThreadReply> {
  pool ??= new WorkerThreadPool(
    () => workerEntry(import.meta.url, 'svg-worker'),
    'SVG rasteriser',
    Math.min(2, availableParallelism()),
    // Jobs draw here (the catalogue, templates); covers, which a request waits for, draw in their own threads.
    { niceness: JOB_THREAD_NICENESS },
  );
  return pool;
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
