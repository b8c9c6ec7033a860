import { stat } from 'node:fs/promises';
import { clipStretchArgs } from '../ffmpeg/media-output-args.js';
import { runMediaBinary } from '../run-ffmpeg.js';
import type { MediaBins } from './types.js';

/**
 * Writes `durationSec` of a video from `fromSec` as a new MP4 (clipStretchArgs); `onProgress` gets
 * the seconds written so far. Fails when nothing was written.
 */
export async function copyClipStretch(
  bins: MediaBins,
  videoPath: string,
  stretch: { fromSec: number; durationSec: number },
  outPath: string,
  opts: { signal?: AbortSignal; onProgress?: (seconds: number) => void } = {},
): Promise<void> {
  await runMediaBinary(bins.ffmpeg, clipStretchArgs(videoPath, outPath, stretch), {
    signal: opts.signal,
    onProgress: opts.onProgress,
  });
  const s = await stat(outPath).catch(() => null);
  if (!s || s.size === 0)
    throw new Error(
      `no video was written for ${stretch.durationSec} s of ${videoPath} from ${stretch.fromSec} s`,
    );
}
