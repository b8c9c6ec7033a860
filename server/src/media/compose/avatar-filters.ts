import { formatNumber } from '../ffmpeg/filter-escape.js';

/** Pure filter fragments that turn an avatar source into an endless stream of `fps` frames. */

export interface Size {
  width: number;
  height: number;
}

/** Scale to cover the box, centre-crop to it, square pixels. */
export function coverFit(size: Size): string {
  const { width: w, height: h } = size;
  return `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1`;
}

/** A single decoded picture repeated forever at `fps` (no re-decoding per frame, unlike `-loop 1`). */
export function holdFrame(fps: number): string {
  return `loop=loop=-1:size=1:start=0,setpts=N/${formatNumber(fps)}/TB`;
}

/** Normalises a decoded video to start at 0, run at `fps` and fill the box. */
export function videoFit(box: Size, fps: number): string {
  return `setpts=PTS-STARTPTS,fps=${formatNumber(fps)},${coverFit(box)}`;
}

export type LoopMode = 'once' | 'crossfade' | 'cut';

export interface VideoLoopPlan {
  mode: LoopMode;
  /** Where playback starts in the source (clamped). */
  startSec: number;
  /** Source material from startSec to the end of the clip. */
  availableSec: number;
  /** Length of the cross-fade at the loop point; 0 unless mode is 'crossfade'. */
  crossfadeSec: number;
  /**
   * A 'cut' where the clip comes back to its own start (loop-cut.ts): its material is exactly
   * availableSec·fps whole frames, every one of which the clip's decoder gives.
   */
  seamless?: boolean;
}

/** Below this much material a cross-fade would be most of the clip: loop with a plain cut. */
export const MIN_CROSSFADE_MATERIAL_SEC = 1;
export const MAX_CROSSFADE_SEC = 0.5;

/**
 * Decides how a video avatar fills `durationSec`. Enough material after startSec: play it once.
 * Otherwise loop [startSec, end]: from the clip's start with a seamless cut when the clip has one
 * (`seamlessCut`, material frames at `fps`: loop-cut.ts), else with a cross-fade when there is at
 * least a second of material, with a plain cut below that. A start at or past the end restarts at 0.
 */
export function planVideoLoop(
  clipSec: number,
  startSec: number,
  durationSec: number,
  fps: number,
  seamlessCut: number | null = null,
): VideoLoopPlan {
  const frame = 1 / fps;
  let start = Math.max(0, startSec);
  if (clipSec - start < 2 * frame) start = 0;
  const availableSec = clipSec - start;
  if (availableSec >= durationSec) return { mode: 'once', startSec: start, availableSec, crossfadeSec: 0 };
  if (start === 0 && seamlessCut !== null && Number.isInteger(seamlessCut) && seamlessCut >= 1) {
    const cutSec = seamlessCut / fps;
    if (cutSec <= availableSec)
      return { mode: 'cut', startSec: 0, availableSec: cutSec, crossfadeSec: 0, seamless: true };
  }
  if (availableSec < MIN_CROSSFADE_MATERIAL_SEC)
    return { mode: 'cut', startSec: start, availableSec, crossfadeSec: 0 };
  // A whole number of frames, so every trim boundary falls exactly on a frame.
  const frames = Math.max(
    1,
    Math.min(Math.floor(MAX_CROSSFADE_SEC * fps), Math.round((availableSec / 4) * fps)),
  );
  const crossfadeSec = frames / fps;
  return { mode: 'crossfade', startSec: start, availableSec, crossfadeSec };
}
