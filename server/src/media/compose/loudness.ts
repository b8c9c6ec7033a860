import { rename } from 'node:fs/promises';
import { formatNumber } from '../ffmpeg/filter-escape.js';
import {
  audioStemArgs,
  ebur128Filter,
  gainPlan,
  isSilent,
  loudnessMeasureArgs,
  loudnessTarget,
  parseEbur128Summary,
  type AudioPassInput,
  type LoudnessStats,
  type LoudnessTarget,
} from '../ffmpeg/loudness-args.js';
import { probeMedia } from '../probe.js';
import { runMediaBinary } from '../run-ffmpeg.js';
import type { LoudnessMeasurement, MediaBins } from './types.js';

export interface PassOptions {
  signal?: AbortSignal;
  /** Output position in seconds of the running pass; `pass` counts the passes of one call from 0. */
  onTime?: (sec: number, pass: number) => void;
  /** Nice value of the ffmpeg passes (see RunOptions.niceness). */
  niceness?: number;
}

/** Measures EBU R128 integrated loudness, loudness range and true peak of `chain`'s output. */
export async function measureStats(
  bins: MediaBins,
  input: AudioPassInput,
  chain: string | null,
  opts: PassOptions = {},
): Promise<LoudnessStats> {
  const measure = ebur128Filter({ truePeak: true });
  const { stderr } = await runMediaBinary(
    bins.ffmpeg,
    loudnessMeasureArgs(input, chain ? `${chain},${measure}` : measure),
    { signal: opts.signal, niceness: opts.niceness, onProgress: (sec) => opts.onTime?.(sec, 0) },
  );
  return parseEbur128Summary(stderr);
}

export async function measureLoudness(
  bins: MediaBins,
  path: string,
  opts: { signal?: AbortSignal } = {},
): Promise<LoudnessMeasurement> {
  const s = await measureStats(bins, { path }, null, opts);
  return { integratedLufs: s.integratedLufs, truePeakDb: s.truePeakDb, lra: s.lra };
}

export interface NormaliseResult {
  /** The input as measured before any gain. */
  input: LoudnessMeasurement;
  /** Integrated loudness of the output as measured while it was written (null when silent). */
  outputLufs: number | null;
  /** `linear`: one gain; `limited`: the gain and the true-peak limiter; `silent`: left as it was. */
  mode: 'linear' | 'limited' | 'silent';
}

/** If the output still misses the target by more than this, one plain gain pass corrects it. */
const CORRECTION_THRESHOLD_LU = 0.5;

/**
 * Normalises one stem into a float WAV: `chain` (format, length, fades) runs before the measurement
 * and again before the gain, so the measured signal is exactly the one normalised. The output is
 * measured as it is written (the limiter takes a little loudness with the peaks). Silence (nothing
 * above the -70 LUFS gate) is written through unchanged. With `foldLinear`, a stem that needs only a
 * linear gain (or is silent) is not written: the result's `folded` is the chain (with the gain) for
 * the caller's own encode to apply to the input, which saves that encode waiting for a pass.
 */
export async function normaliseStem(
  bins: MediaBins,
  spec: { input: AudioPassInput; chain: string; output: string; target: LoudnessTarget; channels: number },
  opts: PassOptions & { foldLinear?: boolean } = {},
): Promise<NormaliseResult & { folded?: string }> {
  const m = await measureStats(bins, spec.input, spec.chain, opts);
  const input = { integratedLufs: m.integratedLufs, truePeakDb: m.truePeakDb, lra: m.lra };
  if (opts.foldLinear) {
    // Nothing written: the caller's encode applies the chain (a linear gain is exact, so the
    // output's loudness is the measured one plus the gain; a limiter's is not, and is written).
    if (isSilent(m)) return { input, outputLufs: null, mode: 'silent', folded: spec.chain };
    const plan = gainPlan(spec.target, m, spec.channels);
    if (plan.mode === 'linear') {
      return {
        input,
        outputLufs: m.integratedLufs + plan.gainDb,
        mode: 'linear',
        folded: `${spec.chain},${plan.filter}`,
      };
    }
  }
  if (isSilent(m)) {
    await runMediaBinary(bins.ffmpeg, audioStemArgs(spec.input, spec.chain, spec.output, spec.channels), {
      signal: opts.signal,
      niceness: opts.niceness,
    });
    return { input, outputLufs: null, mode: 'silent' };
  }
  const apply = async (target: LoudnessTarget) => {
    const plan = gainPlan(target, m, spec.channels);
    const chain = `${spec.chain},${plan.filter},${ebur128Filter({ truePeak: false })}`;
    const { stderr } = await runMediaBinary(
      bins.ffmpeg,
      audioStemArgs(spec.input, chain, spec.output, spec.channels),
      {
        signal: opts.signal,
        niceness: opts.niceness,
        onProgress: (sec) => opts.onTime?.(sec, 1),
      },
    );
    return { mode: plan.mode, outputLufs: parseEbur128Summary(stderr).integratedLufs };
  };
  let { mode, outputLufs } = await apply(spec.target);
  const miss = spec.target.integratedLufs - outputLufs;
  if (Number.isFinite(miss) && Math.abs(miss) > CORRECTION_THRESHOLD_LU) {
    if (mode === 'limited') {
      // The limiter took more loudness with the peaks than it leaves: aim higher, through the
      // limiter again, so that the ceiling still holds.
      ({ mode, outputLufs } = await apply({
        ...spec.target,
        integratedLufs: spec.target.integratedLufs + miss,
      }));
    } else {
      const corrected = `${spec.output}.corrected.wav`;
      await runMediaBinary(
        bins.ffmpeg,
        audioStemArgs({ path: spec.output }, `volume=${formatNumber(miss)}dB`, corrected),
        { signal: opts.signal, niceness: opts.niceness },
      );
      await rename(corrected, spec.output);
      outputLufs = spec.target.integratedLufs;
    }
  }
  return { input, outputLufs, mode };
}

/**
 * Normalises any audio file to `targetLufs` (a gain, and a true-peak limiter when the gain needs
 * one) and writes `output` as 48 kHz float WAV, keeping the input's channel layout.
 */
export async function normaliseLoudness(
  bins: MediaBins,
  input: string,
  output: string,
  targetLufs: number,
  opts: { signal?: AbortSignal; truePeakDb?: number } = {},
): Promise<NormaliseResult> {
  // The gain chain names the channel count (see gainPlan).
  const channels = (await probeMedia(bins.ffprobe, input, opts.signal)).audio?.channels ?? 2;
  return normaliseStem(
    bins,
    {
      input: { path: input },
      chain: 'aformat=sample_fmts=fltp',
      output,
      target: loudnessTarget(targetLufs, opts.truePeakDb),
      channels,
    },
    { signal: opts.signal },
  );
}
