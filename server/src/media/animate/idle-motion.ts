import type { MouthTimeline } from './timeline/types.js';

/**
 * The life between words: blinks at a human rate and a head that is never quite still. Everything
 * is a pure function of the frame index and a seed, so a render is reproducible and a retried job
 * draws the same motion.
 */

/** Idle motion levels. `subtle` is avatar model 1, `lively` model 2 (see docs/decisions.md). */
export type IdleLevel = 'none' | 'subtle' | 'lively';

export interface IdleShape {
  /** Mean blinks per minute (people blink 12-20 times a minute while talking). */
  blinksPerMin: number;
  /** Head sway: largest tilt in degrees and largest shift as a share of the face height. */
  tiltDeg: number;
  shift: number;
  /** How much the head dips with stressed syllables (share of the face height at full opening). */
  nod: number;
}

export const IDLE_LEVELS: Record<IdleLevel, IdleShape> = {
  none: { blinksPerMin: 0, tiltDeg: 0, shift: 0, nod: 0 },
  subtle: { blinksPerMin: 15, tiltDeg: 1.2, shift: 0.012, nod: 0.006 },
  lively: { blinksPerMin: 18, tiltDeg: 2.6, shift: 0.026, nod: 0.014 },
};

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Closing 70 ms, closed 30 ms, opening 120 ms: the lid drops fast and lifts slower. */
const CLOSE_SEC = 0.07;
const HOLD_SEC = 0.03;
const OPEN_SEC = 0.12;

/** Lid closure (0 open … 1 shut) of a blink that starts at 0, at time t. */
export function blinkShape(t: number): number {
  if (t < 0) return 0;
  if (t < CLOSE_SEC) return t / CLOSE_SEC;
  if (t < CLOSE_SEC + HOLD_SEC) return 1;
  const u = (t - CLOSE_SEC - HOLD_SEC) / OPEN_SEC;
  return u < 1 ? 1 - u * u * (3 - 2 * u) : 0;
}

/** Blink start times over `durationSec`: intervals vary around the mean, never under 1.2 s. */
export function blinkTimes(durationSec: number, perMin: number, seed: number): number[] {
  if (perMin <= 0) return [];
  const rnd = prng(seed);
  const mean = 60 / perMin;
  const out: number[] = [];
  let t = 0.6 + rnd() * mean;
  while (t < durationSec) {
    out.push(t);
    // Sum of two uniforms: a hump around the mean, like measured inter-blink intervals.
    t += Math.max(1.2, mean * (0.35 + 0.65 * (rnd() + rnd())));
  }
  return out;
}

/** Per-frame lid closure for `frames` frames. */
export function blinkTrack(frames: number, fps: number, times: readonly number[]): Float32Array {
  const out = new Float32Array(frames);
  for (const start of times) {
    const f0 = Math.max(0, Math.floor(start * fps));
    const f1 = Math.min(frames - 1, Math.ceil((start + CLOSE_SEC + HOLD_SEC + OPEN_SEC) * fps));
    for (let f = f0; f <= f1; f++) out[f] = Math.max(out[f]!, blinkShape(f / fps - start));
  }
  return out;
}

export interface HeadTrack {
  /** Radians, per frame. */
  angle: Float32Array;
  /** Shares of the face height, per frame (multiply by the face height in pixels). */
  dx: Float32Array;
  dy: Float32Array;
}

export interface Beat {
  timeSec: number;
  /** 0..1 */
  strength: number;
}

/**
 * Head motion per frame: slow sways on incommensurate periods (so it never visibly repeats), a
 * dip with the mouth's opening (people nod into stressed syllables) and, for songs, a nod on each
 * beat that rises in 120 ms and fades over half a second. Starts at rest.
 */
export function headTrack(
  frames: number,
  fps: number,
  level: IdleShape,
  seed: number,
  mouth: MouthTimeline | null,
  beats: readonly Beat[] = [],
): HeadTrack {
  const rnd = prng(seed ^ 0x9e3779b9);
  const ph = [rnd(), rnd(), rnd(), rnd(), rnd(), rnd()].map((v) => v * 2 * Math.PI);
  const tilt = (level.tiltDeg * Math.PI) / 180;
  const angle = new Float32Array(frames);
  const dx = new Float32Array(frames);
  const dy = new Float32Array(frames);
  // Ease in over the first second so the first frame shows the avatar exactly as it is.
  const ease = (t: number) => Math.min(1, t) ** 2;
  let openSmooth = 0;
  for (let f = 0; f < frames; f++) {
    const t = f / fps;
    const e = ease(t);
    angle[f] =
      e *
      tilt *
      (0.65 * Math.sin((2 * Math.PI * t) / 7.3 + ph[0]!) + 0.35 * Math.sin((2 * Math.PI * t) / 3.7 + ph[1]!));
    dx[f] =
      e *
      level.shift *
      (0.6 * Math.sin((2 * Math.PI * t) / 9.1 + ph[2]!) + 0.4 * Math.sin((2 * Math.PI * t) / 4.3 + ph[3]!));
    dy[f] =
      e *
      level.shift *
      0.6 *
      (0.6 * Math.sin((2 * Math.PI * t) / 6.1 + ph[4]!) + 0.4 * Math.sin((2 * Math.PI * t) / 2.9 + ph[5]!));
    if (mouth && f < mouth.open.length) {
      // A slow follower of the opening: the nod lags the syllable a little, as a real one does.
      openSmooth += (mouth.open[f]! - openSmooth) * Math.min(1, 6 / fps);
      dy[f] = dy[f]! + level.nod * openSmooth;
    }
  }
  for (const [k, b] of beats.entries()) {
    const f0 = Math.max(0, Math.floor(b.timeSec * fps));
    const f1 = Math.min(frames - 1, Math.ceil((b.timeSec + 0.8) * fps));
    const side = k % 2 === 0 ? 1 : -1;
    for (let f = f0; f <= f1; f++) {
      const u = (f / fps - b.timeSec) / 0.12;
      if (u < 0) continue;
      const pulse = u * Math.exp(1 - u) * b.strength;
      dy[f] = dy[f]! + 0.022 * pulse;
      angle[f] = angle[f]! + side * 0.012 * pulse;
    }
  }
  return { angle, dx, dy };
}
