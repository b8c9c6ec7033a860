import type { FaceBox } from './detect-core.js';

/**
 * The part of a video a face is tracked in, and the size it is decoded at. Pure.
 *
 * A face is measured in a window around it scaled to a fixed size (search-plan.ts, ROI_PX), so the
 * frames need only show it at about TRACK_FACE_PX: a large face is decoded smaller, a small face in
 * a large frame is cut out with room around it and decoded at its own size. A 40-pixel face in a
 * 4K frame is then tracked from a 200-pixel cut, not from the frame shrunk to a few pixels of face.
 */

/** The face's width in decoded frames, when the source has that many pixels to give. */
export const TRACK_FACE_PX = 224;
/** Decoded frames are never larger than this on their long side. */
export const TRACK_MAX_SIDE = 1920;
/** Room around the places the face was seen, in face widths: the head moves between searches. */
export const WINDOW_MARGIN = 1.5;
/** A cut that would keep this share of the frame or more keeps the whole frame instead. */
export const WHOLE_FRAME_SHARE = 0.5;

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TrackWindow {
  /** The part of the frame decoded (display pixels); null: the whole frame. */
  crop: CropRect | null;
  /** Size of the decoded frames. */
  width: number;
  height: number;
}

const even = (v: number) => Math.max(2, Math.floor(v / 2) * 2);

/**
 * Where to track a face seen at `boxes` (display pixels; its width is `faceWidth`) in a
 * width x height video: the boxes' union with WINDOW_MARGIN face widths around it, or the whole frame.
 */
export function trackWindow(
  frame: { width: number; height: number },
  boxes: readonly FaceBox[],
  faceWidth: number,
): TrackWindow {
  let crop: CropRect | null = null;
  if (boxes.length > 0) {
    const m = faceWidth * WINDOW_MARGIN;
    const x0 = Math.max(0, Math.min(...boxes.map((b) => b.x)) - m);
    const y0 = Math.max(0, Math.min(...boxes.map((b) => b.y)) - m);
    const x1 = Math.min(frame.width, Math.max(...boxes.map((b) => b.x + b.width)) + m);
    const y1 = Math.min(frame.height, Math.max(...boxes.map((b) => b.y + b.height)) + m);
    // Even corners and sizes: the cut is taken from 4:2:0 pictures.
    const x = Math.floor(x0 / 2) * 2;
    const y = Math.floor(y0 / 2) * 2;
    const rect = {
      x,
      y,
      width: Math.min(even(x1 - x + 1), even(frame.width - x)),
      height: Math.min(even(y1 - y + 1), even(frame.height - y)),
    };
    if (rect.width * rect.height < WHOLE_FRAME_SHARE * frame.width * frame.height) crop = rect;
  }
  const w = crop ? crop.width : frame.width;
  const h = crop ? crop.height : frame.height;
  const scale = Math.min(1, TRACK_FACE_PX / Math.max(1, faceWidth), TRACK_MAX_SIDE / Math.max(w, h));
  return { crop, width: even(w * scale), height: even(h * scale) };
}
