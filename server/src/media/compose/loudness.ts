import { rename } from 'node:fs/promises';
import { formatNumber } from '../ffmpeg/filter-escape.js';
import {
  audioStemArgs,
  isSilent,
  loudnessMeasureArgs,
  loudnormApplyFilter,
  loudnormMeasureFilter,
  loudnormTarget,
  parseLoudnormJson,
  type AudioPassInput,
  type LoudnormStats,
  type LoudnormTarget,
} from '../ffmpeg/loudnorm-args.js';
import { runMediaBinary } from '../run-ffmpeg.js';
import { AFTER_LOUDNORM } from './audio-filters.js';
import type { LoudnessMeasurement, MediaBins } from './types.js';

export interface PassOptions {
  signal?: AbortSignal;
  /** Output position in seconds of the running pass; `pass` counts the passes of one call from 0. */
  onTime?: (sec: number, pass: number) => void;
}

/** Measures with loudnorm's first pass (EBU R128 integrated loudness, true peak, range). */
export async function measureStats(
  bins: MediaBins,
  input: AudioPassInput,
  chain: string | null,
  opts: PassOptions = {},
) {
  const measure = loudnormMeasureFilter(loudnormTarget(-23));
  const { stderr } = await runMediaBinary(
    bins.ffmpeg,
    loudnessMeasureArgs(input, chain ? `${chain},${measure}` : measure),
    { signal: opts.signal, onProgress: (sec) => opts.onTime?.(sec, 0) },
  );
  return parseLoudnormJson(stderr);
}

export async function measureLoudness(
  bins: MediaBins,
  path: string,
  opts: { signal?: AbortSignal } = {},
): Promise<LoudnessMeasurement> {
  const s = await measureStats(bins, { path }, null, opts);
  return { integratedLufs: s.inputI, truePeakDb: s.inputTp, lra: s.inputLra };
}

export interface NormaliseResult {
  /** The input as measured by pass 1. */
  input: LoudnessMeasurement;
  /** Integrated loudness of the output as loudnorm measured it in pass 2 (null when silent). */
  outputLufs: number | null;
  mode: 'linear' | 'dynamic' | 'silent';
}

/** If pass 2 still misses the target by more than this, one plain gain pass corrects it. */
const CORRECTION_THRESHOLD_LU = 0.5;

/**
 * Two-pass loudnorm of one stem into a float WAV: `chain` (format, length, fades) runs before the
 * measurement and again before the gain, so the measured signal is exactly the one normalised.
 * Silence (nothing above the -70 LUFS gate) is written through unchanged.
 */
export async function normaliseStem(
  bins: MediaBins,
  spec: { input: AudioPassInput; chain: string; output: string; target: LoudnormTarget; channels?: number },
  opts: PassOptions = {},
): Promise<NormaliseResult> {
  const m: LoudnormStats = await measureStats(bins, spec.input, spec.chain, opts);
  const input = { integratedLufs: m.inputI, truePeakDb: m.inputTp, lra: m.inputLra };
  if (isSilent(m)) {
    await runMediaBinary(bins.ffmpeg, audioStemArgs(spec.input, spec.chain, spec.output, spec.channels), {
      signal: opts.signal,
    });
    return { input, outputLufs: null, mode: 'silent' };
  }
  const chain = `${spec.chain},${loudnormApplyFilter(spec.target, m)},${AFTER_LOUDNORM}`;
  const { stderr } = await runMediaBinary(
    bins.ffmpeg,
    audioStemArgs(spec.input, chain, spec.output, spec.channels),
    {
      signal: opts.signal,
      onProgress: (sec) => opts.onTime?.(sec, 1),
    },
  );
  const out = parseLoudnormJson(stderr);
  let outputLufs = out.outputI;
  if (outputLufs !== null && Number.isFinite(outputLufs)) {
    const miss = spec.target.integratedLufs - outputLufs;
    if (Math.abs(miss) > CORRECTION_THRESHOLD_LU) {
      const corrected = `${spec.output}.corrected.wav`;
      await runMediaBinary(
        bins.ffmpeg,
        audioStemArgs({ path: spec.output }, `volume=${formatNumber(miss)}dB`, corrected),
        { signal: opts.signal },
      );
      await rename(corrected, spec.output);
      outputLufs = spec.target.integratedLufs;
    }
  }
  return { input, outputLufs, mode: out.normalizationType === 'linear' ? 'linear' : 'dynamic' };
}

/**
 * Normalises any audio file to `targetLufs` (two-pass loudnorm, linear when possible) and writes
 * `output` as 48 kHz float WAV, keeping the input's channel layout.
 */
export async function normaliseLoudness(
  bins: MediaBins,
  input: string,
  output: string,
  targetLufs: number,
  opts: { signal?: AbortSignal; truePeakDb?: number } = {},
): Promise<NormaliseResult> {
  return normaliseStem(
    bins,
    {
      input: { path: input },
      chain: 'aformat=sample_fmts=fltp',
      output,
      target: loudnormTarget(targetLufs, opts.truePeakDb),
    },
    { signal: opts.signal },
  );
}
