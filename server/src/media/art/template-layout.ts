/** Where things go on a template canvas; the same rules serve every look and aspect ratio. Pure. */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type CanvasShape = 'portrait' | 'landscape' | 'square';

export interface TemplateLayout {
  shape: CanvasShape;
  /** Area the work's title is fitted into. */
  titleBox: Box;
  /** Where the avatar video goes (the composer cover-fits it, keeping the face in view). */
  avatarBox: Box;
  /** Band kept free of decoration for burnt-in subtitles. */
  subtitleBox: Box;
}

export function canvasShape(width: number, height: number): CanvasShape {
  if (height >= width * 1.2) return 'portrait';
  if (width >= height * 1.2) return 'landscape';
  return 'square';
}

/** Rounds a box to whole, even pixels (even so a yuv420 overlay lands on chroma boundaries). */
function box(x: number, y: number, width: number, height: number): Box {
  const e = (v: number) => Math.round(v / 2) * 2;
  return { x: e(x), y: e(y), width: e(width), height: e(height) };
}

export function templateLayout(width: number, height: number): TemplateLayout {
  const shape = canvasShape(width, height);
  const w = width;
  const h = height;
  switch (shape) {
    case 'portrait': {
      const m = 0.06 * w;
      return {
        shape,
        titleBox: box(m, 0.055 * h, w - 2 * m, 0.13 * h),
        avatarBox: box(m, 0.215 * h, w - 2 * m, 0.58 * h),
        subtitleBox: box(m, 0.815 * h, w - 2 * m, 0.1 * h),
      };
    }
    case 'landscape':
      return {
        shape,
        titleBox: box(0.06 * w, 0.14 * h, 0.4 * w, 0.5 * h),
        avatarBox: box(0.53 * w, 0.07 * h, 0.41 * w, 0.68 * h),
        subtitleBox: box(0.06 * w, 0.8 * h, 0.88 * w, 0.13 * h),
      };
    case 'square': {
      const m = 0.06 * w;
      return {
        shape,
        titleBox: box(m, 0.05 * h, w - 2 * m, 0.12 * h),
        avatarBox: box(0.17 * w, 0.2 * h, 0.66 * w, 0.58 * h),
        subtitleBox: box(m, 0.81 * h, w - 2 * m, 0.11 * h),
      };
    }
  }
}
