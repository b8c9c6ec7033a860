import { YIN } from 'pitchfinder';

/** Voice F0 range likeness looks for: below a deep bass voice, above a child's. */
export const MIN_F0_HZ = 55;
export const MAX_F0_HZ = 600;

/**
 * F0 (Hz) of the frame centred at each given sample index, or 0 where YIN finds no periodicity.
 * The caller picks the frames (voice-active ones) so silence costs nothing. Pure.
 */
export function pitchAt(samples: Float32Array, sampleRate: number, centres: readonly number[]): Float32Array {
  // pitchfinder's YIN works on the largest power of two *below* the buffer length and searches lags
  // up to half of that, so hand it 2·half + 1 samples with `half` covering the longest period.
  let half = 64;
  while (half < sampleRate / MIN_F0_HZ) half *= 2;
  const len = half * 2 + 1;
  const detect = YIN({ sampleRate, threshold: 0.2, probabilityThreshold: 0.1 });
  const out = new Float32Array(centres.length);
  const frame = new Float32Array(len);
  for (let i = 0; i < centres.length; i++) {
    const s = centres[i]! - half;
    if (s < 0 || s + len > samples.length) continue;
    // pitchfinder's YIN seeds its running sum with a constant 1 (not d(1)), which makes it level
    // dependent: quiet frames pass its threshold more easily. Frames are brought to unit RMS first,
    // where that constant is negligible, so the same speech gives the same track at any level.
    let energy = 0;
    for (let k = 0; k < len; k++) energy += samples[s + k]! * samples[s + k]!;
    const rms = Math.sqrt(energy / len);
    if (!(rms > 1e-7)) continue;
    for (let k = 0; k < len; k++) frame[k] = samples[s + k]! / rms;
    const f0 = detect(frame);
    if (f0 !== null && Number.isFinite(f0) && f0 >= MIN_F0_HZ && f0 <= MAX_F0_HZ) out[i] = f0;
  }
  return out;
}
