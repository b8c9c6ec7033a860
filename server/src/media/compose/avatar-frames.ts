import type { Readable } from 'node:stream';
import {
  AvatarStreamEndedError,
  exactlyFrames,
  type FramePool,
  type FrameSource,
} from '../animate/frame-stream.js';
import { frameBytes } from '../animate/frame.js';
import { avatarDecodeArgs, stillFrameArgs } from '../ffmpeg/raw-frames-args.js';
import { formatNumber } from '../ffmpeg/filter-escape.js';
import { runMediaBinary } from '../run-ffmpeg.js';
import { coverFit, videoFit, type VideoLoopPlan } from './avatar-filters.js';
import { startFrameDecoder, type FrameDecoder } from './frame-decoder.js';
import type { PlannedAvatar } from './talking-video-plan.js';
import type { MediaBins } from './types.js';

/**
 * The avatar's pictures as raw yuv420p frames at the box size. A picture is one still frame; a video
 * is decoded by ffmpeg, once or in loops, and the loop seam is a cross-fade done here: the first
 * fraction of a second of the material is kept (at most 0.5 s of frames) and faded in under the end
 * of every pass, so no intermediate file is written and memory stays bounded.
 */

export interface AvatarFrames {
  source: FrameSource;
  /** Stops any running decoder. */
  close(): Promise<void>;
}

type Decoder = FrameDecoder;

/** Decodes `count` frames of the material starting `fromSec` into the source, fitted to the box. */
function decode(
  bins: MediaBins,
  path: string,
  fromSec: number,
  count: number,
  size: { width: number; height: number },
  fps: number,
  pool: FramePool,
  signal?: AbortSignal,
): Decoder {
  const args = avatarDecodeArgs({
    inputs: [{ path, options: ['-ss', formatNumber(fromSec)] }],
    filterGraph: `[0:v]${videoFit(size, fps)},format=yuv420p[avatar]`,
    label: 'avatar',
    frames: count,
    fps,
  });
  return startFrameDecoder(bins, args, frameBytes(size.width, size.height), pool, signal);
}

/**
 * `out = a·(1-w) + b·w`, byte-wise (both frames share the same planar layout). Four bytes at a time:
 * the even and odd bytes of a 32-bit word are weighted in two 16-bit lanes, which cannot overflow
 * because the weights add up to 256. Pure.
 */
export function blendFrames(a: Uint8Array, b: Uint8Array, w: number, out: Uint8Array): void {
  const k = Math.max(0, Math.min(256, Math.round(w * 256)));
  const j = 256 - k;
  const n = out.length;
  const aligned = a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0 && out.byteOffset % 4 === 0;
  let i = 0;
  if (aligned) {
    const words = n >> 2;
    const a32 = new Uint32Array(a.buffer, a.byteOffset, words);
    const b32 = new Uint32Array(b.buffer, b.byteOffset, words);
    const o32 = new Uint32Array(out.buffer, out.byteOffset, words);
    for (let q = 0; q < words; q++) {
      const x = a32[q]!;
      const y = b32[q]!;
      const lo = (((x & 0x00ff00ff) * j + (y & 0x00ff00ff) * k + 0x00800080) >>> 8) & 0x00ff00ff;
      const hi =
        ((((x >>> 8) & 0x00ff00ff) * j + ((y >>> 8) & 0x00ff00ff) * k + 0x00800080) >>> 0) & 0xff00ff00;
      o32[q] = lo | hi;
    }
    i = words << 2;
  }
  for (; i < n; i++) out[i] = (a[i]! * j + b[i]! * k + 128) >> 8;
}

/**
 * Material frame ranges of each decoding pass of a loop plan, for `total` output frames: the first
 * pass plays from the start, later passes skip the frames already faded in at the seam.
 */
export function loopPasses(
  plan: VideoLoopPlan,
  fps: number,
  total: number,
): { materialFrames: number; fadeFrames: number; firstFrom: number; laterFrom: number } {
  const materialFrames = Math.max(1, Math.floor(plan.availableSec * fps + 1e-6));
  const fadeFrames = plan.mode === 'crossfade' ? Math.max(1, Math.round(plan.crossfadeSec * fps)) : 0;
  if (plan.mode === 'once') return { materialFrames: total, fadeFrames: 0, firstFrom: 0, laterFrom: 0 };
  return { materialFrames, fadeFrames, firstFrom: 0, laterFrom: fadeFrames };
}

/** The next pass's decoder starts this many frames before the current pass ends, so it is warm. */
const PREFETCH_FRAMES = 25;

/**
 * How much shorter than planned a pass may decode, in seconds, its last picture then held: the
 * decoder's frame count follows the clip's timestamps, which may round the length planned from its
 * duration down by a frame or two (a clip exactly as long as the sound is one frame short of the
 * encoder's extra last frame). A pass shorter by more than this is a clip that ends early: an error.
 */
const HOLD_MAX_SEC = 1;

async function* loopedFrames(
  bins: MediaBins,
  path: string,
  plan: VideoLoopPlan,
  size: { width: number; height: number },
  fps: number,
  total: number,
  running: Set<Decoder>,
  pool: FramePool,
  signal?: AbortSignal,
): AsyncGenerator<Buffer> {
  const { materialFrames: m, fadeFrames: x, firstFrom, laterFrom } = loopPasses(plan, fps, total);
  const passFrames = (from: number) => (plan.mode === 'once' ? total : m - from);
  const start = (from: number) => {
    const d = decode(bins, path, plan.startSec + from / fps, passFrames(from), size, fps, pool, signal);
    running.add(d);
    return d;
  };
  const maxHeld = Math.max(1, Math.round(HOLD_MAX_SEC * fps));
  const head: Buffer[] = [];
  let produced = 0;
  let pass = 0;
  let next: Decoder | null = start(firstFrom);
  while (produced < total && next) {
    const dec: Decoder = next;
    next = null;
    const from = pass === 0 ? firstFrom : laterFrom;
    let index = from;
    try {
      // Every pass yields exactly its planned frames, so output frames stay where the loop plan
      // (and the face motion planned from it) puts them.
      for await (const frame of exactlyFrames(dec.frames, passFrames(from), pool, maxHeld)) {
        if (produced >= total) break;
        if (pass === 0 && index < x) head.push(Buffer.from(frame));
        if (x > 0 && index >= m - x && head.length === x) {
          const k = index - (m - x);
          blendFrames(frame, head[k]!, k / x, frame);
        }
        yield frame;
        produced++;
        index++;
        const left = total - produced;
        if (!next && plan.mode !== 'once' && left > m - index && index >= m - PREFETCH_FRAMES) {
          next = start(laterFrom);
        }
      }
    } finally {
      await dec.close();
      running.delete(dec);
    }
    await dec.done;
    if (index === from) break; // nothing decoded: the source has no frames there
    if (plan.mode === 'once') break;
    next ??= produced < total ? start(laterFrom) : null;
    pass++;
  }
  if (next) {
    await next.close();
    running.delete(next);
  }
  if (produced < total) throw new AvatarStreamEndedError(produced, total);
}

/** A picture as one raw yuv420p frame, cover-fitted to `size`. */
export async function decodeStillFrame(
  bins: MediaBins,
  path: string,
  size: { width: number; height: number },
  signal?: AbortSignal,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await runMediaBinary(bins.ffmpeg, stillFrameArgs(path, `${coverFit(size)},format=yuv420p`), {
    signal,
    timeoutMs: 60_000,
    onStdout: (out: Readable) => out.on('data', (c: Buffer) => chunks.push(c)),
  });
  const frame = Buffer.concat(chunks);
  if (frame.length !== frameBytes(size.width, size.height)) {
    throw new Error(`expected one ${size.width}x${size.height} frame, got ${frame.length} bytes`);
  }
  return frame;
}

/**
 * The avatar's frames at `size`: a picture's one frame (decoded here, or by the caller ahead of
 * time: `still`), or a video's frames decoded and looped as planned.
 */
export async function openAvatarFrames(
  bins: MediaBins,
  avatar: PlannedAvatar,
  size: { width: number; height: number },
  fps: number,
  frames: number,
  pool: FramePool,
  signal?: AbortSignal,
  still?: Promise<Buffer> | null,
): Promise<AvatarFrames> {
  if (avatar.kind === 'image') {
    const frame = await (still ?? decodeStillFrame(bins, avatar.path, size, signal));
    return { source: { kind: 'still', frame }, close: async () => undefined };
  }
  const running = new Set<Decoder>();
  return {
    source: {
      kind: 'stream',
      frames: loopedFrames(bins, avatar.path, avatar.loop, size, fps, frames, running, pool, signal),
    },
    async close() {
      await Promise.all([...running].map((d) => d.close()));
    },
  };
}
