import { YIN } from 'pitchfinder';

/** Voice F0 range likeness looks for: below a deep bass voice, above a child's. */
export const MIN_F0_HZ = 55;
export const MAX_F0_HZ = 600;

/**
 * F0 (Hz) of the frame starting at each given sample offset, or 0 where YIN finds no periodicity.
 * The caller picks the frames (voice-active ones) so silence costs nothing. Pure.
 */
export function pitchAt(samples: Float32Array, sampleRate: number, starts: readonly number[]): Float32Array {
  // pitchfinder's YIN works on the largest power of two *below* the buffer length and searches lags
  // up to half of that, so hand it 2·half + 1 samples with `half` covering the longest period.
  let half = 64;
  while (half < sampleRate / MIN_F0_HZ) half *= 2;
  const len = half * 2 + 1;
  const detect = YIN({ sampleRate, threshold: 0.2, probabilityThreshold: 0.1 });
  const out = new Float32Array(starts.length);
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i]!;
    if (s < 0 || s + len > samples.length) continue;
    const f0 = detect(samples.subarray(s, s + len));
    if (f0 !== null && Number.isFinite(f0) && f0 >= MIN_F0_HZ && f0 <= MAX_F0_HZ) out[i] = f0;
  }
  return out;
}
