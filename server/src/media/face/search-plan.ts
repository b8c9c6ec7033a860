import { MESH_POINTS } from './landmarks.js';
import { meshEyeAngle } from './upright.js';

/**
 * Where to look for faces in a picture, and how to merge what is found. Pure.
 *
 * The face detector (BlazeFace, the "back camera" model) sees a 256x256 input. Given a whole
 * 1280x720 frame it would see a 76-pixel face as 15 pixels, and it squeezes a landscape frame into
 * its square input, which it was never trained on (a 90-pixel face in a 640x360 frame, squeezed,
 * was found but could not be measured). So a picture is searched as a pyramid of square tiles of
 * exactly the detector's size, taken from copies of the picture scaled so that the smallest face
 * wanted is at least DETECTOR_MIN_FACE_PX in a tile, then halved level by level until the whole
 * picture fits one tile (for faces that fill the frame). Tiles overlap by TILE_OVERLAP, so a face
 * of up to that size at some level lies whole in some tile; a larger one is half that size at the
 * next level.
 */

/** The detector's input side. */
export const DETECT_TILE = 256;
/** Tiles overlap by this many pixels of their level: faces up to this size lie whole in a tile. */
export const TILE_OVERLAP = 64;
/**
 * The smallest face (its width, in tile pixels) the detector is asked to find. Measured on the
 * sample photos: faces were found down to 9-13 pixels on a plain surround and 18 pixels in a
 * 640x360 frame (scores 0.91-0.94); 20 leaves a margin for cluttered footage.
 */
export const DETECTOR_MIN_FACE_PX = 20;
/** The smallest face likeness looks for, in source pixels, unless a caller asks otherwise. */
export const MIN_FACE_PX = 40;

/** One level of the pyramid: the picture scaled by `scale` to width x height. */
export interface SearchLevel {
  scale: number;
  width: number;
  height: number;
  /** The last level: the whole picture in one tile. */
  whole: boolean;
}

/**
 * The largest box kept from a tile of any level but the last, in tile pixels. Every face has a level
 * where its box is at most TILE_OVERLAP (so it lies whole in some tile) and the next finer level
 * sees it at most twice that.
 */
export const MAX_TILE_BOX = 2 * TILE_OVERLAP;

/** A square window in a picture's pixels; it may reach past the picture's edges (padded black). */
export interface SquareWindow {
  x: number;
  y: number;
  side: number;
  /** The face's eye line in the picture (radians, clockwise on screen): it is measured turned upright. */
  angle?: number;
}

/**
 * The levels to search a width x height picture at for faces at least `minFacePx` wide, finest
 * first. The first is scaled so that such a face is DETECTOR_MIN_FACE_PX wide (never enlarged), each
 * next one is half the previous, and the last fits the picture in one tile.
 */
export function searchLevels(width: number, height: number, minFacePx = MIN_FACE_PX): SearchLevel[] {
  if (!(width > 0 && height > 0)) throw new RangeError(`invalid picture size ${width}x${height}`);
  const long = Math.max(width, height);
  const fit = DETECT_TILE / long;
  let scale = Math.min(1, DETECTOR_MIN_FACE_PX / Math.max(1, minFacePx));
  const levels: SearchLevel[] = [];
  while (scale > fit) {
    levels.push(level(width, height, scale, false));
    scale /= 2;
  }
  // The whole picture in one tile; when it is already smaller than a tile, it is searched as is.
  levels.push(level(width, height, Math.min(1, fit), true));
  return levels;
}

function level(width: number, height: number, scale: number, whole: boolean): SearchLevel {
  return {
    scale,
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    whole,
  };
}

/** Start positions of tiles along one side: overlapping by TILE_OVERLAP, the last flush with the end. */
function starts(length: number): number[] {
  if (length <= DETECT_TILE) return [0];
  const step = DETECT_TILE - TILE_OVERLAP;
  const out: number[] = [];
  for (let s = 0; s + DETECT_TILE < length; s += step) out.push(s);
  out.push(length - DETECT_TILE);
  return out;
}

/**
 * The tiles of one level, in that level's pixels: DETECT_TILE squares covering it. A level smaller
 * than a tile is one tile, centred (the rest padded), so the detector sees it unsqueezed.
 */
export function levelTiles(lv: { width: number; height: number }): SquareWindow[] {
  const xs = lv.width <= DETECT_TILE ? [Math.round((lv.width - DETECT_TILE) / 2)] : starts(lv.width);
  const ys = lv.height <= DETECT_TILE ? [Math.round((lv.height - DETECT_TILE) / 2)] : starts(lv.height);
  return ys.flatMap((y) => xs.map((x) => ({ x, y, side: DETECT_TILE })));
}

/** How many detector runs a search of the picture costs (for progress and time bounds). */
export function searchCost(width: number, height: number, minFacePx = MIN_FACE_PX): number {
  return searchLevels(width, height, minFacePx).reduce((n, lv) => n + levelTiles(lv).length, 0);
}

/** A found face's box in picture pixels, with the detector's score. */
export interface ScoredBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
  /** The eye line's angle, where the detector saw the eyes (radians, clockwise on screen). */
  angle?: number;
}

/** Intersection over union of two boxes. */
export function iou(a: ScoredBox, b: ScoredBox): number {
  const ix = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = ix * iy;
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** Whether the centre of `a` lies inside `b`. */
function centreInside(a: ScoredBox, b: ScoredBox): boolean {
  const cx = a.x + a.width / 2;
  const cy = a.y + a.height / 2;
  return cx >= b.x && cx <= b.x + b.width && cy >= b.y && cy <= b.y + b.height;
}

/**
 * One box per face: the same face found in overlapping tiles and at neighbouring levels comes back
 * several times, a little differently placed. Boxes that overlap by `minIou` or more, or whose
 * centres lie inside each other, are one face; the best-scored box stands for it. Largest first.
 */
export function mergeBoxes<B extends ScoredBox>(boxes: readonly B[], minIou = 0.3): B[] {
  const byScore = [...boxes].sort((a, b) => b.score - a.score);
  const kept: B[] = [];
  for (const b of byScore) {
    const same = kept.some((k) => iou(k, b) >= minIou || (centreInside(b, k) && centreInside(k, b)));
    if (!same) kept.push(b);
  }
  return kept.sort((a, b) => b.width * b.height - a.width * a.height);
}

/**
 * The window a face is measured in: a square around the face, `context` times the face's size, so
 * the detector finds the face there again at a comfortable size and the mesh sees its whole outline.
 */
export function windowAround(
  centre: { x: number; y: number },
  size: number,
  context = ROI_CONTEXT,
): SquareWindow {
  const side = Math.max(8, size * context);
  return { x: centre.x - side / 2, y: centre.y - side / 2, side };
}

/**
 * A detector box (BlazeFace's, already enlarged about 1.4 times past the face) to the window the
 * face is measured in.
 */
export const BOX_TO_WINDOW = 1.6;
/** Window side per face extent (the mesh's outline) when following a face from its last landmarks. */
export const ROI_CONTEXT = 2.2;
/**
 * The side, in pixels, a face's window is scaled to before the mesh measures it: the face is then
 * ~230 pixels wide whatever its size in the source, so the mesh's whole-pixel landmarks are
 * sub-pixel in a small face's source pixels, and a large face is not shrunk below the mesh's input.
 */
export const ROI_PX = 512;

/** The window to measure a face in from its detector box. */
export function windowForBox(box: ScoredBox): SquareWindow {
  const w = windowAround(
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    Math.max(box.width, box.height) * BOX_TO_WINDOW,
    1,
  );
  return box.angle === undefined ? w : { ...w, angle: box.angle };
}

/** The window to measure a face in from its landmarks (x, y pairs) in the previous sample. */
export function windowForPoints(points: Float32Array): SquareWindow {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i + 1 < points.length; i += 2) {
    x0 = Math.min(x0, points[i]!);
    x1 = Math.max(x1, points[i]!);
    y0 = Math.min(y0, points[i + 1]!);
    y1 = Math.max(y1, points[i + 1]!);
  }
  const w = windowAround({ x: (x0 + x1) / 2, y: (y0 + y1) / 2 }, Math.max(x1 - x0, y1 - y0));
  return points.length >= MESH_POINTS * 2 ? { ...w, angle: meshEyeAngle(points) } : w;
}
