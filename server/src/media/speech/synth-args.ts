import type { PostPlan } from './voice-plan.js';

/** ffmpeg 4.1's atempo accepts 0.5-2.0 per instance; larger changes chain several. */
const ATEMPO_MIN = 0.5;
const ATEMPO_MAX = 2;
/**
 * Silence appended before processing: rubberband drops the last ~0.13 s and atempo ~20 ms of what it
 * is given, so the speech is padded and the result trimmed to the exact stretched length.
 */
const PAD_SEC = 0.5;
/** Peak level the limiter holds (linear), a little under full scale for the 16-bit conversion. */
export const LIMIT = 0.97;
/** The tilt equaliser's gain is a straight line in log frequency, held flat outside these edges. */
const TILT_EDGE_LOW_HZ = 100;
const TILT_EDGE_HIGH_HZ = 8000;
/** The equaliser's reference: its gain is 0 dB here, so the tilt hardly moves the loudness. */
const TILT_PIVOT_HZ = 1000;

/** Compact decimal for filter arguments (no exponent, at most 6 decimals). Pure. */
export function num(v: number): string {
  return String(Number(v.toFixed(6)));
}

/** atempo factors whose product is `tempo`, each within ffmpeg's per-instance range. Pure. */
export function atempoFactors(tempo: number): number[] {
  const out: number[] = [];
  let rest = tempo;
  while (rest > ATEMPO_MAX) {
    out.push(ATEMPO_MAX);
    rest /= ATEMPO_MAX;
  }
  while (rest < ATEMPO_MIN) {
    out.push(ATEMPO_MIN);
    rest /= ATEMPO_MIN;
  }
  out.push(rest);
  return out;
}

/** Pitch, tempo and spectrum as synthesised: at most a gain to apply. Pure. */
export const isUnshaped = (p: PostPlan): boolean => p.pitch === 1 && p.tempo === 1 && p.tiltDbPerOct === 0;

/** Nothing for ffmpeg to do: same pitch, tempo and spectrum, no loudness target, no gain. */
export const isIdentityPlan = (p: PostPlan): boolean =>
  isUnshaped(p) && p.loudnessLufs === null && p.volume === 1;

/** 16-bit samples times `gain`, rounded and held within full scale. Pure. */
export function scaleSamples(samples: Int16Array, gain: number): Int16Array {
  if (gain === 1) return samples;
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++)
    out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * gain)));
  return out;
}

/** Samples the stretched audio has: the input's length divided by the tempo. Pure. */
export function stretchedLength(inputSamples: number, tempo: number): number {
  return Math.max(1, Math.round(inputSamples / tempo));
}

/**
 * A linear-phase FIR equaliser whose gain rises (or falls) by `dbPerOct` per octave around 1 kHz:
 * an exact spectral tilt over the band the analyser measures (250 Hz-4 kHz). zero_phase
 * moves the output back by the filter's delay and `atrim=start=0` drops the lead-in, so the
 * audio stays aligned with its timings. Pure.
 */
export function tiltFilter(dbPerOct: number): string {
  // gain(f) = s · log2(f / 1 kHz), with f held inside the edges; ffmpeg's log() is natural.
  const k = num(dbPerOct / Math.LN2);
  const f = `min(max(f\\,${TILT_EDGE_LOW_HZ})\\,${TILT_EDGE_HIGH_HZ})`;
  return `firequalizer=gain='${k}*log(${f}/${TILT_PIVOT_HZ})':zero_phase=on,atrim=start=0`;
}

/**
 * The transformation chain: pad, pitch shift (rubberband keeps duration), tempo (atempo keeps
 * pitch), tilt, then trim to the exact length. The shift keeps the formants: the eSpeak variant
 * already put them where the profile wants them, and the shift only corrects the remaining few
 * per cent of pitch. Levels are left alone here (the output is float; the level is set after the
 * loudness of this result is known). Pure.
 */
export function transformChain(plan: PostPlan, inputSamples: number, sampleRate: number): string {
  const filters = [`apad=pad_len=${Math.round(sampleRate * PAD_SEC)}`];
  if (plan.pitch !== 1) filters.push(`rubberband=pitch=${num(plan.pitch)}:formant=preserved`);
  if (plan.tempo !== 1) for (const f of atempoFactors(plan.tempo)) filters.push(`atempo=${num(f)}`);
  if (plan.tiltDbPerOct !== 0) filters.push(tiltFilter(plan.tiltDbPerOct));
  filters.push(`atrim=end_sample=${stretchedLength(inputSamples, plan.tempo)}`);
  return filters.join(',');
}

/**
 * A graph that sends `chain`'s output on and also measures its loudness (ebur128 summary on
 * stderr). ebur128 works at 48 kHz; left to ffmpeg's automatic conversion, the 2018 build cut
 * the other branch short (rubberband and atempo together gave half the audio), so the meter's
 * branch resamples explicitly and ends in a sink instead of a second output.
 */
function measured(chain: string): string {
  return `[0:a]${chain},asplit=2[out][m];[m]aresample=48000,ebur128=framelog=verbose,anullsink`;
}

/**
 * Pass 1: raw mono s16le eSpeak audio on stdin → the transformed audio as mono float on stdout,
 * and its integrated loudness on stderr (info level: the summary only). Pure.
 */
export function transformArgs(plan: PostPlan, inputSamples: number, sampleRate: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-f',
    's16le',
    '-ar',
    String(sampleRate),
    '-ac',
    '1',
    '-i',
    'pipe:0',
    '-filter_complex',
    measured(transformChain(plan, inputSamples, sampleRate)),
    '-map',
    '[out]',
    '-ar',
    String(sampleRate),
    '-ac',
    '1',
    '-f',
    'f32le',
    'pipe:1',
  ];
}

/**
 * Pass 2, only when the gain would push peaks past full scale: mono float on stdin → gain, a
 * look-ahead limiter (1 ms attack, so timings move by 1 ms at most) → mono PCM s16le WAV, and
 * the loudness of that result on stderr. Pure.
 */
export function levelArgs(gain: number, sampleRate: number, outPath: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-f',
    'f32le',
    '-ar',
    String(sampleRate),
    '-ac',
    '1',
    '-i',
    'pipe:0',
    '-filter_complex',
    measured(`volume=${num(gain)},alimiter=level=false:limit=${LIMIT}:attack=1:release=50`),
    '-map',
    '[out]',
    '-ar',
    String(sampleRate),
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    '-y',
    outPath,
  ];
}
