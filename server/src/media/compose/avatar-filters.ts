import { filterOptions, formatNumber } from '../ffmpeg/filter-escape.js';
import type { ImageMotion } from './types.js';

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

interface MotionShape {
  /** Largest zoom factor reached (1 = none). */
  zoom: number;
  /** Periods in seconds of the zoom "breath" and of the horizontal / vertical drift. */
  zoomPeriod: number;
  panXPeriod: number;
  panYPeriod: number;
}

const MOTION: Record<Exclude<ImageMotion, 'still'>, MotionShape> = {
  subtle: { zoom: 1.06, zoomPeriod: 10, panXPeriod: 13, panYPeriod: 17 },
  lively: { zoom: 1.14, zoomPeriod: 6, panXPeriod: 7, panYPeriod: 9 },
};

/**
 * Gentle camera motion on a still picture: the zoom "breathes" between 1 and `zoom` along a
 * cosine (so it starts at rest, showing the whole picture) and the window drifts on two slower
 * sines whose amplitude is the free margin at the current zoom, so it never leaves the picture.
 * The window is mapped onto the frame by `perspective` with per-frame evaluation, which samples
 * between pixels; zoompan moves in whole pixels and visibly shimmers at this slow speed. The
 * cost is about 27 ms of CPU per 1080x1920 frame.
 */
export function imageMotionFilter(motion: ImageMotion, box: Size, fps: number): string {
  const hold = `${coverFit(box)},${holdFrame(fps)}`;
  if (motion === 'still') return hold;
  const m = MOTION[motion];
  const f = formatNumber(fps);
  const z = `(1+${formatNumber(m.zoom - 1)}*(1-cos(2*PI*on/(${f}*${m.zoomPeriod})))/2)`;
  const x = `((W-W/${z})/2*(1+0.9*sin(2*PI*on/(${f}*${m.panXPeriod}))))`;
  const y = `((H-H/${z})/2*(1+0.9*sin(2*PI*on/(${f}*${m.panYPeriod}))))`;
  const right = `${x}+W/${z}`;
  const bottom = `${y}+H/${z}`;
  const corners = { x0: x, y0: y, x1: right, y1: y, x2: x, y2: bottom, x3: right, y3: bottom };
  return `${hold},perspective=${filterOptions({ ...corners, interpolation: 'linear', eval: 'frame' })}`;
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
}

/** Below this much material a cross-fade would be most of the clip: loop with a plain cut. */
export const MIN_CROSSFADE_MATERIAL_SEC = 1;
export const MAX_CROSSFADE_SEC = 0.5;

/**
 * Decides how a video avatar fills `durationSec`. Enough material after startSec: play it once.
 * Otherwise loop [startSec, end]: with a cross-fade when there is at least a second of material,
 * with a plain cut below that. A start at or past the end restarts at 0.
 */
export function planVideoLoop(
  clipSec: number,
  startSec: number,
  durationSec: number,
  fps: number,
): VideoLoopPlan {
  const frame = 1 / fps;
  let start = Math.max(0, startSec);
  if (clipSec - start < 2 * frame) start = 0;
  const availableSec = clipSec - start;
  if (availableSec >= durationSec) return { mode: 'once', startSec: start, availableSec, crossfadeSec: 0 };
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

/**
 * The loop unit, rendered once to a file and then replayed with `-stream_loop -1`. Input 0 is the
 * source opened at startSec. For a cross-fade of length X over material of length A:
 *   unit = material[X, A-X]  then  material[A-X, A] fading out over material[0, X]
 * The unit ends on material[X) and starts again at material[X], so the seam is invisible; the very
 * first X seconds (material[0, X]) are played from the source before the first unit (see
 * crossfadeHeadFilter). Memory stays bounded: only X seconds of frames wait in the overlay.
 */
export function loopUnitFilter(plan: VideoLoopPlan, box: Size, fps: number): string {
  const fit = videoFit(box, fps);
  if (plan.mode === 'cut') return `[0:v]${fit},format=yuv420p[unit]`;
  if (plan.mode !== 'crossfade') throw new Error('loop unit requested for a clip that plays once');
  const x = formatNumber(plan.crossfadeSec);
  const bodyEnd = formatNumber(plan.availableSec - plan.crossfadeSec);
  return [
    `[0:v]${fit},split=3[body_src][tail_src][head_src]`,
    `[body_src]trim=start=${x}:end=${bodyEnd},setpts=PTS-STARTPTS[body]`,
    `[tail_src]trim=start=${bodyEnd},setpts=PTS-STARTPTS,format=yuva420p,fade=t=out:st=0:d=${x}:alpha=1[tail]`,
    `[head_src]trim=start=0:end=${x},setpts=PTS-STARTPTS[head]`,
    '[head][tail]overlay=eof_action=pass:format=yuv420[seam]',
    '[body][seam]concat=n=2:v=1:a=0,format=yuv420p[unit]',
  ].join(';');
}

/**
 * Final-pass avatar graph for a looped video: `sourceInput` opened at startSec for crossfadeSec
 * (only used in crossfade mode) and `unitInput` opened with `-stream_loop -1`.
 */
export function loopedVideoFilter(
  plan: VideoLoopPlan,
  inputs: { source: number; unit: number },
  box: Size,
  fps: number,
  out: string,
): string {
  const unit = `[${inputs.unit}:v]setpts=PTS-STARTPTS,fps=${formatNumber(fps)},setsar=1`;
  if (plan.mode === 'cut') return `${unit}[${out}]`;
  return [
    `[${inputs.source}:v]${videoFit(box, fps)},trim=end=${formatNumber(plan.crossfadeSec)}[${out}_head]`,
    `${unit}[${out}_loop]`,
    `[${out}_head][${out}_loop]concat=n=2:v=1:a=0[${out}]`,
  ].join(';');
}
