import { formatNumber } from './filter-escape.js';

/**
 * EBU R128 loudness with ffmpeg's `loudnorm`, in two passes: pass 1 measures (JSON on stderr),
 * pass 2 feeds the measurement back with `linear=true` so the filter applies one constant gain
 * whenever it can (it falls back to its dynamic mode when the gain would break the true-peak
 * ceiling or the clip is too short to have a loudness range).
 */

export interface LoudnormTarget {
  /** Integrated loudness in LUFS, -70 to -5. */
  integratedLufs: number;
  /** True-peak ceiling in dBTP, -9 to 0. */
  truePeakDb: number;
  /**
   * Loudness range target, 1 to 20. Linear mode is only possible when the measured range is at
   * most this, so we default to the ceiling: we want a gain change, not range compression.
   */
  lra: number;
}

export const DEFAULT_TRUE_PEAK_DB = -1.5;
export const DEFAULT_LRA = 20;

export function loudnormTarget(integratedLufs: number, truePeakDb = DEFAULT_TRUE_PEAK_DB): LoudnormTarget {
  if (!(integratedLufs >= -70 && integratedLufs <= -5)) {
    throw new RangeError(`loudness target ${integratedLufs} LUFS is outside -70..-5`);
  }
  return { integratedLufs, truePeakDb, lra: DEFAULT_LRA };
}

export interface LoudnormStats {
  inputI: number;
  inputTp: number;
  inputLra: number;
  inputThresh: number;
  targetOffset: number;
  /** Present after pass 2. */
  outputI: number | null;
  outputTp: number | null;
  normalizationType: string | null;
}

const num = (v: unknown): number => {
  const s = String(v ?? '').trim();
  if (s === '-inf') return Number.NEGATIVE_INFINITY;
  if (s === 'inf' || s === '+inf') return Number.POSITIVE_INFINITY;
  const n = Number.parseFloat(s);
  return Number.isNaN(n) ? Number.NaN : n;
};

/** Extracts loudnorm's JSON block (the last `{…}` holding "input_i") from ffmpeg's stderr. Pure. */
export function parseLoudnormJson(stderr: string): LoudnormStats {
  const blocks = stderr.match(/\{[^{}]*"input_i"[^{}]*\}/g);
  const last = blocks?.[blocks.length - 1];
  if (!last) throw new Error('loudnorm printed no JSON statistics');
  const j = JSON.parse(last) as Record<string, string>;
  const optional = (k: string) => (j[k] === undefined ? null : num(j[k]));
  return {
    inputI: num(j.input_i),
    inputTp: num(j.input_tp),
    inputLra: num(j.input_lra),
    inputThresh: num(j.input_thresh),
    targetOffset: num(j.target_offset),
    outputI: optional('output_i'),
    outputTp: optional('output_tp'),
    normalizationType: j.normalization_type ?? null,
  };
}

/** True when there is nothing to normalise: digital silence or everything under the -70 LUFS gate. */
export function isSilent(m: LoudnormStats): boolean {
  return !Number.isFinite(m.inputI) || m.inputI <= -70;
}

export function loudnormMeasureFilter(t: LoudnormTarget): string {
  return `loudnorm=I=${formatNumber(t.integratedLufs)}:TP=${formatNumber(t.truePeakDb)}:LRA=${formatNumber(t.lra)}:print_format=json`;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Pass 2: the measured values go back in (clamped to the ranges the filter accepts). */
export function loudnormApplyFilter(t: LoudnormTarget, m: LoudnormStats): string {
  const parts = [
    `loudnorm=I=${formatNumber(t.integratedLufs)}`,
    `TP=${formatNumber(t.truePeakDb)}`,
    `LRA=${formatNumber(t.lra)}`,
    `measured_I=${formatNumber(clamp(m.inputI, -99, 0))}`,
    `measured_TP=${formatNumber(clamp(m.inputTp, -99, 99))}`,
    `measured_LRA=${formatNumber(clamp(m.inputLra, 0, 99))}`,
    `measured_thresh=${formatNumber(clamp(m.inputThresh, -99, 0))}`,
    `offset=${formatNumber(clamp(m.targetOffset, -99, 99))}`,
    'linear=true',
    'print_format=json',
  ];
  return parts.join(':');
}

export interface AudioPassInput {
  path: string;
  /** Input options placed before `-i`, e.g. `['-stream_loop', '-1']`. */
  inputArgs?: readonly string[];
}

/** A measuring pass: decode, run the chain ending in a loudnorm measurement, discard output. */
export function loudnessMeasureArgs(input: AudioPassInput, filterChain: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    ...(input.inputArgs ?? []),
    '-i',
    input.path,
    '-vn',
    '-sn',
    '-dn',
    '-af',
    filterChain,
    '-f',
    'null',
    '-',
  ];
}

/**
 * Writes a processed stem as 32-bit float WAV at 48 kHz: float so that a mix summed above full
 * scale is not clipped before the final normalisation pulls it down. `channels` must be given when
 * the chain changes the channel count: a plain PCM WAV carries no channel layout, and ffmpeg then
 * cannot match the chain's output to the input-derived encoder layout.
 */
export function audioStemArgs(
  input: AudioPassInput,
  filterChain: string,
  output: string,
  channels?: number,
): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    ...(input.inputArgs ?? []),
    '-i',
    input.path,
    '-vn',
    '-sn',
    '-dn',
    '-af',
    filterChain,
    '-ar',
    '48000',
    ...(channels ? ['-ac', String(channels)] : []),
    '-c:a',
    'pcm_f32le',
    '-f',
    'wav',
    output,
  ];
}
