import path from 'node:path';
import { audioMixArgs } from '../ffmpeg/media-output-args.js';
import { loudnessTarget } from '../ffmpeg/loudness-args.js';
import { runMediaBinary } from '../run-ffmpeg.js';
import { bedChain, mixGraph, speechChain } from './audio-filters.js';
import { measureStats, normaliseStem, type NormaliseResult } from './loudness.js';
import { passFraction } from './progress.js';
import type { AudioStem, MediaBins } from './types.js';

/** Bed levels when no target is given: this far under the speech's integrated loudness. */
export const BGM_UNDER_SPEECH_LU = 12;
export const AMBIENCE_UNDER_SPEECH_LU = 18;
/** Bed levels when the speech is silent and no target is given. */
const FALLBACK_BED_LUFS = { bgm: -30, ambience: -36 } as const;

export interface SoundtrackSpec {
  speech: AudioStem;
  bgm?: AudioStem;
  ambience?: AudioStem;
  mixLufs?: number;
}

export interface SoundtrackReport {
  /** The audio to encode: the speech file itself when nothing had to change. */
  path: string;
  /**
   * A chain the encode applies to `path` (format, length and a linear gain, folded into the encode
   * instead of a pass of its own: see `foldGain`); null: `path` is encoded as it is.
   */
  filter: string | null;
  speech: NormaliseResult | null;
  bgm: NormaliseResult | null;
  ambience: NormaliseResult | null;
  mix: NormaliseResult | null;
}

const clampLufs = (v: number) => Math.min(-5, Math.max(-70, v));

/** How many ffmpeg passes buildSoundtrack will run (for progress weights). Pure. */
export function soundtrackPasses(spec: SoundtrackSpec): number {
  const beds = Number(Boolean(spec.bgm)) + Number(Boolean(spec.ambience));
  const bedNeedsSpeechLevel =
    spec.speech.targetLufs === undefined &&
    ((spec.bgm && spec.bgm.targetLufs === undefined) ||
      (spec.ambience && spec.ambience.targetLufs === undefined));
  return (
    (spec.speech.targetLufs !== undefined ? 2 : 0) +
    (bedNeedsSpeechLevel ? 1 : 0) +
    2 * beds +
    (beds > 0 ? 1 : 0) +
    (spec.mixLufs !== undefined ? 2 : 0)
  );
}

/**
 * Prepares the soundtrack of a work, all at 48 kHz stereo float and exactly `durationSec` long:
 *  1. speech, normalised to its own target if it has one;
 *  2. bgm and ambience, looped (`-stream_loop -1`), cut to length, faded in/out, normalised to their
 *     targets (default: 12 / 18 LU under the speech);
 *  3. the stems summed at unity gain (amix + volume, see mixGraph);
 *  4. the mix normalised to mixLufs.
 * Every normalisation measures, then applies a gain (see loudness-args.ts). Files go to workDir.
 */
export async function buildSoundtrack(
  bins: MediaBins,
  spec: SoundtrackSpec,
  durationSec: number,
  workDir: string,
  opts: {
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
    niceness?: number;
    /**
     * For an encoder that can apply a filter chain to the soundtrack's file (`filter`): speech alone
     * that needs a linear gain is measured but not rewritten. The encode then starts after one pass
     * instead of two (~0.26 s for 60 s of speech).
     */
    foldGain?: boolean;
  } = {},
): Promise<SoundtrackReport> {
  const total = Math.max(1, soundtrackPasses(spec));
  let done = 0;
  /** Reporter for the next `count` passes: (seconds of output, index of the pass among them). */
  const pass = (count: number) => {
    const start = done;
    done += count;
    return (sec: number, index = 0) =>
      opts.onProgress?.((start + Math.min(index, count - 1) + passFraction(sec, durationSec)) / total);
  };
  const file = (name: string) => path.join(workDir, name);
  const report: SoundtrackReport = {
    path: spec.speech.path,
    filter: null,
    speech: null,
    bgm: null,
    ambience: null,
    mix: null,
  };

  let speechPath = spec.speech.path;
  let speechLufs: number | null = null;
  const beds = (['bgm', 'ambience'] as const).filter((k) => spec[k]);
  if (spec.speech.targetLufs !== undefined) {
    const { folded, ...speech } = await normaliseStem(
      bins,
      {
        input: { path: spec.speech.path },
        chain: speechChain(durationSec),
        output: file('speech.wav'),
        target: loudnessTarget(spec.speech.targetLufs),
        channels: 2,
      },
      {
        signal: opts.signal,
        niceness: opts.niceness,
        onTime: pass(2),
        // Only speech alone: beds and a mix read the speech stem as a file.
        foldLinear: opts.foldGain === true && beds.length === 0 && spec.mixLufs === undefined,
      },
    );
    report.speech = speech;
    if (folded === undefined) speechPath = file('speech.wav');
    else report.filter = folded;
    speechLufs = speech.outputLufs;
  }
  if (beds.length > 0 && speechLufs === null && beds.some((k) => spec[k]?.targetLufs === undefined)) {
    const m = await measureStats(bins, { path: spec.speech.path }, speechChain(durationSec), {
      signal: opts.signal,
      niceness: opts.niceness,
      onTime: pass(1),
    });
    speechLufs = Number.isFinite(m.integratedLufs) && m.integratedLufs > -70 ? m.integratedLufs : null;
  }

  const stems = [speechPath];
  for (const kind of beds) {
    const stem = spec[kind] as AudioStem;
    const under = kind === 'bgm' ? BGM_UNDER_SPEECH_LU : AMBIENCE_UNDER_SPEECH_LU;
    const target =
      stem.targetLufs ?? (speechLufs !== null ? clampLufs(speechLufs - under) : FALLBACK_BED_LUFS[kind]);
    const out = file(`${kind}.wav`);
    report[kind] = await normaliseStem(
      bins,
      {
        input: { path: stem.path, inputArgs: ['-stream_loop', '-1'] },
        chain: bedChain(durationSec),
        output: out,
        target: loudnessTarget(target),
        channels: 2,
      },
      { signal: opts.signal, niceness: opts.niceness, onTime: pass(2) },
    );
    stems.push(out);
  }

  let mixPath = speechPath;
  if (stems.length > 1) {
    // A speech stem that was not normalised is brought to the common format and length here.
    const chains = stems.map((p, i) => (i === 0 && p === spec.speech.path ? speechChain(durationSec) : null));
    mixPath = file('mix.wav');
    const onTime = pass(1);
    await runMediaBinary(bins.ffmpeg, audioMixArgs(stems, mixGraph(chains), mixPath), {
      signal: opts.signal,
      niceness: opts.niceness,
      onProgress: (sec) => onTime(sec),
    });
  }

  if (spec.mixLufs !== undefined) {
    report.mix = await normaliseStem(
      bins,
      {
        input: { path: mixPath },
        chain: speechChain(durationSec),
        output: file('final.wav'),
        target: loudnessTarget(spec.mixLufs),
        channels: 2,
      },
      { signal: opts.signal, niceness: opts.niceness, onTime: pass(2) },
    );
    mixPath = file('final.wav');
  }
  report.path = mixPath;
  return report;
}
