import type { VideoLoopPlan } from './avatar-filters.js';
import type { RegionLoop } from './region-loop.js';

/**
 * One decoder for every pass of a loop (the region pipeline, avatar played from its start): ffmpeg's
 * concat demuxer plays the clip once per pass, each entry declared `entryFrames / fps` seconds long,
 * and `select` keeps each pass's frames. Pure.
 *
 * The entries must sit on the output's frame grid exactly, or a pass would sample other source
 * frames than the first (a 30 fps clip at 25 fps ties on every sixth frame, and a shift of one
 * time-base tick breaks the tie the other way). So an entry lasts a whole number of output frames
 * that is also a whole number of microseconds (the playlist's unit) and of ticks of the clip's time
 * base (the demuxer's). The gap after the clip's end is filled by `fps` and dropped by `select`.
 *
 * Against one input per pass: one decoder's buffers instead of one per pass (memory stays flat
 * however long the render), and no bound on the number of passes.
 */

export interface ClipTiming {
  /** The container's duration (the longest stream): where the next entry may start. */
  containerSec: number;
  /** The picture stream's time base, e.g. {num: 1, den: 15360}. */
  timeBase: { num: number; den: number } | null;
  /** Where the picture stream's timestamps start (0 when unknown). */
  startSec?: number;
}

/** Frames decoded past a seamless loop's material before each entry ends (seamlessOutpoint). */
const OUTPOINT_MARGIN_FRAMES = 3;

/**
 * Where each entry of a seamless loop (its material [0, m) only: region-loop.ts) stops being
 * read, in the clip's own timestamps: a few frames past the material, so the decoder does not
 * decode the rest of the clip for `select` to drop (a loop of half the clip would decode it
 * twice). Frames before it decode as they do from a whole file: every packet before the outpoint
 * is read, and a frame's references always come earlier in decoding order. Null for other loops.
 */
export function seamlessOutpoint(plan: RegionLoop, clip: ClipTiming, fps: number): number | null {
  if (!plan.loop.seamless) return null;
  return (clip.startSec ?? 0) + (plan.materialFrames + OUTPOINT_MARGIN_FRAMES) / fps;
}

/** Longest allowed step between entry lengths, in output frames: beyond it the gap costs more than it saves. */
const MAX_ENTRY_STEP = 64;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;

/**
 * Output frames per concat entry: at least the clip's length plus a frame, a multiple of the step
 * that keeps entries on the grid; null when no such step exists (a fractional output rate, an
 * unknown or odd time base).
 */
export function concatEntryFrames(clip: ClipTiming, fps: number): number | null {
  const tb = clip.timeBase;
  if (!Number.isInteger(fps) || fps <= 0 || !tb || !(clip.containerSec > 0)) return null;
  if (!Number.isInteger(tb.num) || !Number.isInteger(tb.den) || tb.num <= 0 || tb.den <= 0) return null;
  // M/fps s is a whole number of µs when fps/gcd(fps, 10⁶) divides M, and of ticks (num/den s)
  // when M·den/(fps·num) is whole.
  const microStep = fps / gcd(fps, 1_000_000);
  const tickStep = (fps * tb.num) / gcd(fps * tb.num, tb.den);
  const step = lcm(microStep, tickStep);
  if (step > MAX_ENTRY_STEP) return null;
  const least = Math.ceil(clip.containerSec * fps - 1e-6) + 1;
  return Math.ceil(least / step) * step;
}

/**
 * Entry length for `loop`, or null when the loop is not one the concat demuxer plays: only a
 * cross-faded or seamless loop from the clip's start (the playlist has no in-point; a later start
 * keeps one input per pass, each from its `-ss`).
 */
export function loopEntryFrames(loop: VideoLoopPlan, clip: ClipTiming, fps: number): number | null {
  const loops = loop.mode === 'crossfade' || loop.seamless === true;
  if (!loops || loop.startSec !== 0) return null;
  return concatEntryFrames(clip, fps);
}

/** `'` inside a playlist's single-quoted path, as the concat demuxer's tokenizer reads it. */
const quote = (p: string) => `'${p.replace(/'/g, "'\\''")}'`;

/** Whole microseconds (the playlist's unit) as seconds. */
function seconds(us: number): string {
  return `${Math.floor(us / 1_000_000)}.${String(us % 1_000_000).padStart(6, '0')}`;
}

/**
 * The playlist: the clip `entries` times, each declared `entryFrames / fps` seconds long (a whole
 * number of microseconds), read up to `outpointSec` when given (seamlessOutpoint).
 */
export function concatPlaylist(
  clipPath: string,
  entries: number,
  entryFrames: number,
  fps: number,
  outpointSec: number | null = null,
): string {
  // The entry's length is exact (a whole number of microseconds); the outpoint rounds up.
  const out = outpointSec === null ? '' : `outpoint ${seconds(Math.ceil(outpointSec * 1_000_000 - 1e-6))}\n`;
  const entry = `file ${quote(clipPath)}\n${out}duration ${seconds(Math.round((entryFrames * 1_000_000) / fps))}\n`;
  return `ffconcat version 1.0\n${entry.repeat(entries)}`;
}

/**
 * `select` over the concatenated output frames: frame n is material frame n mod M of pass ⌊n/M⌋;
 * the first pass keeps [0, m), later ones [x, m) (their head is laid over the seam before them);
 * without a cross-fade every pass keeps [0, m).
 */
export function passSelect(plan: RegionLoop, entryFrames: number): string {
  const M = entryFrames;
  const inPass = `mod(n,${M})`;
  if (plan.fadeFrames === 0) return `select='lt(${inPass},${plan.materialFrames})'`;
  return `select='lt(${inPass},${plan.materialFrames})*(lt(n,${M})+gte(${inPass},${plan.fadeFrames}))'`;
}
