import { formatNumber } from './filter-escape.js';

/**
 * EBU R128 loudness normalisation with ffmpeg, in two quick passes: `ebur128` measures (integrated
 * loudness, range, true peak); then one constant gain brings the stem to its target. When that
 * gain would push the true peak over the ceiling, a look-ahead limiter, run at four times 48 kHz so
 * that it holds the true peak and not just the sample peak, takes the peaks down. The loudness
 * range is never compressed: a stem keeps its dynamics, as a gain change would.
 *
 * (ffmpeg's `loudnorm` does the same in its linear mode but works at 192 kHz in both passes, and its
 * dynamic mode rides the gain; together they took ~3 s of CPU for a minute of speech, against
 * ~0.3 s here.)
 */

export interface LoudnessTarget {
  /** Integrated loudness in LUFS, -70 to -5. */
  integratedLufs: number;
  /** True-peak ceiling in dBTP, -9 to 0. */
  truePeakDb: number;
}

export const DEFAULT_TRUE_PEAK_DB = -1.5;

export function loudnessTarget(integratedLufs: number, truePeakDb = DEFAULT_TRUE_PEAK_DB): LoudnessTarget {
  if (!(integratedLufs >= -70 && integratedLufs <= -5)) {
    throw new RangeError(`loudness target ${integratedLufs} LUFS is outside -70..-5`);
  }
  if (!(truePeakDb >= -9 && truePeakDb <= 0)) {
    throw new RangeError(`true-peak ceiling ${truePeakDb} dBTP is outside -9..0`);
  }
  return { integratedLufs, truePeakDb };
}

/** What `ebur128` measured; -inf loudness and peak for silence (nothing above the -70 LUFS gate). */
export interface LoudnessStats {
  integratedLufs: number;
  /** The relative gate of the integrated loudness. */
  thresholdLufs: number;
  lra: number;
  /** -inf when the filter did not measure true peak (`truePeak: false`). */
  truePeakDb: number;
}

/**
 * The `ebur128` filter, its per-frame lines logged at verbose (not shown at ffmpeg's default level)
 * so that only the summary reaches stderr. It passes the audio through unchanged, so it can end a
 * chain that writes a file. `truePeak` oversamples 4x (~3x the cost).
 */
export function ebur128Filter(opts: { truePeak: boolean }): string {
  return `ebur128=framelog=verbose${opts.truePeak ? ':peak=true' : ''}`;
}

const num = (s: string | undefined): number => {
  if (s === undefined) return Number.NaN;
  if (s === '-inf') return Number.NEGATIVE_INFINITY;
  if (s === 'inf' || s === '+inf') return Number.POSITIVE_INFINITY;
  return Number.parseFloat(s);
};

/** Reads the last `ebur128` summary out of ffmpeg's stderr. Pure. */
export function parseEbur128Summary(stderr: string): LoudnessStats {
  const at = stderr.lastIndexOf('Summary:');
  if (at < 0) throw new Error('ebur128 printed no summary');
  const summary = stderr.slice(at);
  const value = (re: RegExp) => num(re.exec(summary)?.[1]);
  const integrated = value(/\bI:\s+(-?[\d.]+|-?inf) LUFS/);
  const peak = value(/\bPeak:\s+(-?[\d.]+|-?inf) dBFS/);
  return {
    // ebur128 reports -70.0 (its gate) when nothing is above it.
    integratedLufs: integrated <= -70 ? Number.NEGATIVE_INFINITY : integrated,
    thresholdLufs: value(/\bI:[^\n]*\n\s*Threshold:\s+(-?[\d.]+) LUFS/),
    lra: value(/\bLRA:\s+(-?[\d.]+) LU\b/),
    truePeakDb: Number.isNaN(peak) ? Number.NEGATIVE_INFINITY : peak,
  };
}

/** True when there is nothing to normalise: digital silence or everything under the -70 LUFS gate. */
export function isSilent(m: LoudnessStats): boolean {
  return !Number.isFinite(m.integratedLufs) || m.integratedLufs <= -70;
}

/** The look-ahead of the limiter: long enough for a smooth gain reduction on a speech peak. */
export const LIMITER_LOOKAHEAD_MS = 5;
const OVERSAMPLED_RATE = 192_000;

export interface GainPlan {
  /** The gain in dB that brings the measured loudness to the target. */
  gainDb: number;
  /** `linear`: one gain; `limited`: the gain, then the true-peak limiter. */
  mode: 'linear' | 'limited';
  /** The filter chain that applies it (ends at 48 kHz). */
  filter: string;
}

/**
 * The gain that takes `m` to `t`, and the chain that applies it. Pure. The limiter delays its
 * output by its look-ahead and keeps the last look-ahead of input; the chain pads the input by that
 * much and cuts it off the front again, so the stem keeps its length and its timing to the sample
 * (lip-sync depends on it). `channels` is the stem's channel count.
 */
export function gainPlan(t: LoudnessTarget, m: LoudnessStats, channels: number): GainPlan {
  const gainDb = t.integratedLufs - m.integratedLufs;
  const volume = `volume=${formatNumber(gainDb)}dB`;
  if (m.truePeakDb + gainDb <= t.truePeakDb) return { gainDb, mode: 'linear', filter: volume };
  const lookahead = Math.round((OVERSAMPLED_RATE * LIMITER_LOOKAHEAD_MS) / 1000);
  const limit = formatNumber(10 ** (t.truePeakDb / 20));
  const filter = [
    `aresample=${OVERSAMPLED_RATE}`,
    `apad=pad_len=${lookahead}`,
    volume,
    `alimiter=limit=${limit}:attack=${LIMITER_LOOKAHEAD_MS}:release=50:level=false`,
    `atrim=start_sample=${lookahead}`,
    'asetpts=PTS-STARTPTS',
    'aresample=48000',
    // ffmpeg 4's alimiter negotiates channel counts only; the filters after it need the layout.
    `aformat=channel_layouts=${channels}c`,
  ].join(',');
  return { gainDb, mode: 'limited', filter };
}

export interface AudioPassInput {
  path: string;
  /** Input options placed before `-i`, e.g. `['-stream_loop', '-1']`. */
  inputArgs?: readonly string[];
}

/** A measuring pass: decode, run the chain ending in an `ebur128` measurement, discard the output. */
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
