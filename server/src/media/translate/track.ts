/**
 * The translated soundtrack: the spoken sentences laid at their places over the original sound,
 * which stays as a bed (its music and room) at a low level, lower still where the original speech
 * was, so the new voice is not heard over the old one. Pure (sample arithmetic).
 */

/** The original sound's gain between sentences (−18 dB) and under the original speech (−32 dB). */
export const BED_GAIN = 0.126;
export const BED_UNDER_SPEECH_GAIN = 0.025;
/** Fade between the two, and margin around each original sentence. */
export const BED_RAMP_SEC = 0.12;

export interface Span {
  startSec: number;
  endSec: number;
}

/** The bed's gain at `t`: low inside a span (widened by the ramp), ramping to BED_GAIN outside. */
export function bedGainAt(t: number, speech: readonly Span[]): number {
  let nearest = Infinity;
  for (const s of speech) {
    const d = t < s.startSec ? s.startSec - t : t > s.endSec ? t - s.endSec : 0;
    if (d < nearest) nearest = d;
  }
  if (nearest === 0) return BED_UNDER_SPEECH_GAIN;
  if (nearest >= BED_RAMP_SEC) return BED_GAIN;
  return BED_UNDER_SPEECH_GAIN + (BED_GAIN - BED_UNDER_SPEECH_GAIN) * (nearest / BED_RAMP_SEC);
}

export interface PlacedSpeech {
  samples: Int16Array;
  startSec: number;
}

/**
 * `totalSec` of mono samples at `sampleRate`: the bed (when given, same rate) at bedGainAt under
 * the original `speech` spans, plus each placed sentence; clipped to 16 bits. A sentence past the
 * end is cut there. `background`, the original background without its voice (separation.ts), fills
 * in where the bed is lowered, so the music goes on at the bed's level under the new voice.
 */
export function mixTranslatedTrack(opts: {
  sampleRate: number;
  totalSec: number;
  sentences: readonly PlacedSpeech[];
  bed: Int16Array | null;
  speech: readonly Span[];
  background?: Int16Array | null;
}): Int16Array {
  const { sampleRate } = opts;
  const n = Math.round(opts.totalSec * sampleRate);
  const mix = new Float32Array(n);
  if (opts.bed) {
    // The gain changes slowly: computed every 10 ms and held in between.
    const step = Math.max(1, Math.round(sampleRate / 100));
    for (let i = 0; i < n && i < opts.bed.length; i += step) {
      const g = bedGainAt(i / sampleRate, opts.speech);
      for (let j = i; j < i + step && j < n && j < opts.bed.length; j++) mix[j] = opts.bed[j]! * g;
      const fill = BED_GAIN - g;
      const bg = opts.background;
      if (bg && fill > 0) {
        for (let j = i; j < i + step && j < n && j < bg.length; j++) mix[j] = mix[j]! + bg[j]! * fill;
      }
    }
  }
  for (const s of opts.sentences) {
    const at = Math.round(s.startSec * sampleRate);
    for (let j = 0; j < s.samples.length && at + j < n; j++) mix[at + j]! += s.samples[j]!;
  }
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(mix[i]!)));
  return out;
}
