/**
 * Mouth shapes over time: what the talking-head renderer reads to move a face's lips and jaw.
 * Produced from eSpeak phoneme timings (synthesised speech) or from the driving audio itself.
 */

/** The mouth at one instant. All three values are smooth in time (co-articulated). */
export interface MouthPose {
  /** Lip and jaw opening: 0 = lips closed, 1 = the widest opening of ordinary speech. */
  open: number;
  /** Lip spread: -1 = narrow (puckered), 0 = neutral, 1 = spread wide (as in "ee"). */
  wide: number;
  /** Lip rounding and protrusion: 0 = none, 1 = fully rounded (as in "oo"). */
  round: number;
}

/** One pose per video frame: frame i shows time i / fps. Arrays all have the same length. */
export interface MouthTimeline {
  fps: number;
  open: Float32Array;
  wide: Float32Array;
  round: Float32Array;
}
