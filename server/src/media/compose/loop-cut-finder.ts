import { FramePool } from '../animate/frame-stream.js';
import { loopThumbsArgs } from '../ffmpeg/loop-thumbs-args.js';
import { startFrameDecoder } from './frame-decoder.js';
import { runJobThread } from './job-thread.js';
import { RENDER_NICENESS } from './render-client.js';
import { chooseLoopCut, LoopCutMeter, THUMB_SIDE } from './loop-cut.js';
import { END_MARGIN_FRAMES } from './region-loop.js';
import type { MediaBins } from './types.js';

/**
 * Clips longer than this are not searched for a seamless cut (their loops keep the cross-fade):
 * the search decodes the whole clip, and a clip this long loops only under a longer speech.
 */
export const LOOP_CUT_MAX_SEC = 120;

/** What the loop-cut search works on. */
export interface LoopCutSearch {
  bins: MediaBins;
  clip: { path: string; durationSec: number };
  fps: number;
}

/**
 * Where a video avatar's clip comes back to its own start (loop-cut.ts): the material frames at
 * `fps` from the clip's start that loop with no seam, or null when it has no such point (or is
 * longer than LOOP_CUT_MAX_SEC). Decodes the clip once, at thumbnail size, in a thread of its own
 * at a render's priority (job-thread.ts): a minute of clip held the calling thread 0.2 s.
 */
export async function findLoopCut(
  bins: MediaBins,
  clip: { path: string; durationSec: number },
  fps: number,
  signal?: AbortSignal,
): Promise<number | null> {
  if (!(clip.durationSec > 0) || clip.durationSec > LOOP_CUT_MAX_SEC) return null;
  const search: LoopCutSearch = { bins: { ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe }, clip, fps };
  return runJobThread(import.meta.url, 'loop-cut-thread', search, { niceness: RENDER_NICENESS, signal });
}

/** findLoopCut's work, on the calling thread. */
export async function findLoopCutHere(
  { bins, clip, fps }: LoopCutSearch,
  signal?: AbortSignal,
): Promise<number | null> {
  if (!(clip.durationSec > 0) || clip.durationSec > LOOP_CUT_MAX_SEC) return null;
  const bytes = THUMB_SIDE * THUMB_SIDE;
  const pool = new FramePool(bytes, 2);
  const args = loopThumbsArgs(clip.path, fps, THUMB_SIDE);
  // At a render's priority: an avatar job runs beside the API's thread.
  const decoder = startFrameDecoder(bins, args, bytes, pool, signal, RENDER_NICENESS);
  const meter = new LoopCutMeter();
  try {
    for await (const frame of decoder.frames) {
      meter.push(frame);
      pool.give(frame);
    }
    await decoder.done;
  } finally {
    await decoder.close();
  }
  // The renders' material never reaches the clip's last frames (region-loop.ts).
  const most = Math.floor(clip.durationSec * fps + 1e-6) - END_MARGIN_FRAMES;
  return chooseLoopCut(meter.measures(), fps, most);
}
