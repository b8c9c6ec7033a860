import type { Point } from './face-api-loader.js';

/** The lip-sync meter's pure parts: mouth geometry from 68 landmarks, correlation, lag, the sound's envelope. */

const mid = (p: Point[], from: number, to: number): Point => {
  const s = p.slice(from, to + 1);
  return { x: s.reduce((a, q) => a + q.x, 0) / s.length, y: s.reduce((a, q) => a + q.y, 0) / s.length };
};

/** Eye line angle (deg, image axes), eye distance, face height (27 to 8) and inner-lip gap in pixels. */
export function mouthGeometry(p: Point[]): { rollDeg: number; eyes: number; height: number; gapPx: number } {
  const l = mid(p, 36, 41);
  const r = mid(p, 42, 47);
  const eyes = Math.hypot(r.x - l.x, r.y - l.y);
  // The face's "down" direction: perpendicular to the eye line.
  const down = { x: -(r.y - l.y) / eyes, y: (r.x - l.x) / eyes };
  const pairs = [
    [61, 67],
    [62, 66],
    [63, 65],
  ] as const;
  const gapPx =
    pairs.reduce((s, [u, d]) => s + (p[d]!.x - p[u]!.x) * down.x + (p[d]!.y - p[u]!.y) * down.y, 0) / 3;
  return {
    rollDeg: (Math.atan2(r.y - l.y, r.x - l.x) * 180) / Math.PI,
    eyes,
    height: Math.hypot(p[8]!.x - p[27]!.x, p[8]!.y - p[27]!.y),
    gapPx: Math.max(0, gapPx),
  };
}

export const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};
export const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);

export function pearson(a: number[], b: number[]): number {
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return da > 1e-12 && db > 1e-12 ? num / Math.sqrt(da * db) : NaN;
}

/**
 * Best correlation of `mouth[i + lag]` with `sound[i]` over |lag| ≤ maxLag frames (null = no face),
 * with the peak's lag refined by a parabola through its neighbours. lag > 0: the mouth is late.
 */
export function bestLag(
  mouth: (number | null)[],
  sound: number[],
  maxLag: number,
): { r: number; lagFrames: number } {
  const rs: number[] = [];
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = Math.max(0, -lag); i < sound.length && i + lag < mouth.length; i++) {
      const m = mouth[i + lag];
      if (m === null || m === undefined) continue;
      a.push(m);
      b.push(sound[i]!);
    }
    rs.push(a.length > 2 ? pearson(a, b) : NaN);
  }
  let k = -1;
  rs.forEach((r, i) => {
    if (!Number.isNaN(r) && (k < 0 || r > rs[k]!)) k = i;
  });
  if (k < 0) return { r: NaN, lagFrames: 0 };
  let offset = 0;
  if (k > 0 && k < rs.length - 1 && !Number.isNaN(rs[k - 1]!) && !Number.isNaN(rs[k + 1]!)) {
    const [y0, y1, y2] = [rs[k - 1]!, rs[k]!, rs[k + 1]!];
    const curve = y0 - 2 * y1 + y2;
    if (curve < 0) offset = (0.5 * (y0 - y2)) / curve;
  }
  return { r: rs[k]!, lagFrames: k - maxLag + offset };
}

/** RMS of `pcm` (starting at `pcmStart` s) over each frame's display interval. */
export function frameRms(
  pcm: Float32Array,
  rate: number,
  pcmStart: number,
  times: number[],
  fps: number,
): number[] {
  return times.map((t) => {
    const from = Math.max(0, Math.round((t - pcmStart) * rate));
    const to = Math.min(pcm.length, Math.round((t + 1 / fps - pcmStart) * rate));
    let sum = 0;
    for (let i = from; i < to; i++) sum += pcm[i]! ** 2;
    return to > from ? Math.sqrt(sum / (to - from)) : 0;
  });
}

/**
 * The envelope correlated with the mouth: level in dB relative to the speech level, mapped from
 * [-40 dB, 0 dB] to [0, 1] (loudness is heard, and moves lips, roughly logarithmically), then
 * smoothed with a [1 2 1] kernel over neighbouring frames.
 */
export function envelope(rms: number[], speechLevel: number): number[] {
  const db = rms.map((v) => Math.min(1, Math.max(0, 1 + (20 * Math.log10(v / speechLevel + 1e-9)) / 40)));
  return db.map((v, i) => (db[Math.max(0, i - 1)]! + 2 * v + db[Math.min(db.length - 1, i + 1)]!) / 4);
}
