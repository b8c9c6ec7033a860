import type { SubtitleStyle } from '../../media/compose/index.js';

/** Longest subtitle cue, in full-width characters (see cuesFromWords). */
export const CUE_CHARS = 16;

/**
 * Subtitles of template videos: white on a black outline, in the template's subtitle band, with a
 * font small enough that a full cue fits on one line.
 */
export function templateSubtitleStyle(box: {
  x: number;
  y: number;
  width: number;
  height: number;
}): SubtitleStyle {
  return {
    fontName: null,
    fontSize: Math.round(Math.min(box.height * 0.5, box.width / (CUE_CHARS + 1))),
    primaryColor: '#ffffff',
    outlineColor: '#000000',
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
}
