import type { PostPlan } from './voice-plan.js';

/** ffmpeg 4.1's atempo accepts 0.5-2.0 per instance; larger changes chain several. */
const ATEMPO_MIN = 0.5;
const ATEMPO_MAX = 2;
/**
 * Silence appended before processing: rubberband drops the last ~0.13 s and atempo ~20 ms of what it
 * is given, so the speech is padded and the result trimmed to the exact stretched length.
 */
const PAD_SEC = 0.5;

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

export const isIdentityPlan = (p: PostPlan): boolean => p.pitch === 1 && p.tempo === 1 && p.volume === 1;

/** Samples the stretched audio has: the input's length divided by the tempo. Pure. */
export function stretchedLength(inputSamples: number, tempo: number): number {
  return Math.max(1, Math.round(inputSamples / tempo));
}

/**
 * The audio filter chain: pad, pitch shift (rubberband keeps duration), tempo (atempo keeps pitch),
 * gain, a limiter when the gain or the shift can push eSpeak's near-full-scale peaks over, then trim
 * to the exact length. The shift keeps the formants: the voice sounds like the same speaker higher
 * or lower (eSpeak's high variant supplies the formants of a high voice), and the measured median
 * then moves by exactly the factor (with shifted formants it drifted by 2-3%). Pure.
 */
export function synthFilterChain(plan: PostPlan, inputSamples: number, sampleRate: number): string {
  const filters = [`apad=pad_len=${Math.round(sampleRate * PAD_SEC)}`];
  if (plan.pitch !== 1) filters.push(`rubberband=pitch=${num(plan.pitch)}:formant=preserved`);
  if (plan.tempo !== 1) for (const f of atempoFactors(plan.tempo)) filters.push(`atempo=${num(f)}`);
  if (plan.volume !== 1) filters.push(`volume=${num(plan.volume)}`);
  // 1 ms attack: the limiter delays its output by its attack time, which would shift the timings.
  if (plan.volume > 1 || plan.pitch !== 1)
    filters.push('alimiter=level=false:limit=0.97:attack=1:release=50');
  filters.push(`atrim=end_sample=${stretchedLength(inputSamples, plan.tempo)}`);
  return filters.join(',');
}

/** ffmpeg arguments: raw mono s16le eSpeak audio on stdin → mono PCM s16le WAV at the same rate. Pure. */
export function synthArgs(
  plan: PostPlan,
  inputSamples: number,
  sampleRate: number,
  outPath: string,
): string[] {
  return [
    '-hide_banner',
    '-v',
    'error',
    '-f',
    's16le',
    '-ar',
    String(sampleRate),
    '-ac',
    '1',
    '-i',
    'pipe:0',
    '-af',
    synthFilterChain(plan, inputSamples, sampleRate),
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
