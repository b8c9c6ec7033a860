import { stat } from 'node:fs/promises';
import { extractFrameArgs } from '../ffmpeg/media-output-args.js';
import { runMediaBinary } from '../run-ffmpeg.js';
import type { MediaBins } from './types.js';

/** Writes the frame shown at `atSec` as PNG. Fails when there is no frame there (past the end). */
export async function extractFrame(
  bins: MediaBins,
  videoPath: string,
  atSec: number,
  outPng: string,
  opts: { signal?: AbortSignal } = {},
): Promise<void> {
  await runMediaBinary(bins.ffmpeg, extractFrameArgs(videoPath, atSec, outPng), {
    signal: opts.signal,
    timeoutMs: 60_000,
  });
  const s = await stat(outPng).catch(() => null);
  if (!s || s.size === 0) throw new Error(`no frame at ${atSec}s in ${videoPath}`);
}
