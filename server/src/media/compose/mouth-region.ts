import type { PixelBounds } from '../animate/warp.js';
import type { Size } from './avatar-filters.js';
import type { Box } from './types.js';

/** Where the region-only pipeline's patch goes: the pixels the face animation touches. Pure. */

/** Pixels added around the moved triangles: bilinear sampling reads one past a sampled point. */
export const REGION_MARGIN = 4;
/**
 * Above this share of the frame, piping the region costs about as much as piping the frame: the
 * render keeps the full-frame pipeline.
 */
export const MAX_REGION_SHARE = 0.5;

/**
 * The bounds grown by the margin, clamped to the frame and aligned to even pixels (4:2:0 chroma
 * covers 2x2 luma pixels), or null when nothing moves or the region is too large to gain.
 */
export function mouthRegion(bounds: PixelBounds | null, size: Size): Box | null {
  if (!bounds) return null;
  const x0 = Math.max(0, Math.floor((Math.floor(bounds.x0) - REGION_MARGIN) / 2) * 2);
  const y0 = Math.max(0, Math.floor((Math.floor(bounds.y0) - REGION_MARGIN) / 2) * 2);
  const x1 = Math.min(size.width, Math.ceil((Math.ceil(bounds.x1) + 1 + REGION_MARGIN) / 2) * 2);
  const y1 = Math.min(size.height, Math.ceil((Math.ceil(bounds.y1) + 1 + REGION_MARGIN) / 2) * 2);
  if (x1 - x0 < 2 || y1 - y0 < 2) return null;
  const box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  if (box.width * box.height > MAX_REGION_SHARE * size.width * size.height) return null;
  return box;
}
