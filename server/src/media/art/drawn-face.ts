import sharp from 'sharp';
import type { DrawnFace, PlacedSprite } from '../animate/drawn-animator.js';
import type { PixelTransform } from '../animate/source-map.js';
import { spriteFromRgba } from '../animate/sprite.js';
import type { MouthPose } from '../animate/timeline/types.js';
import { FIGURE_HEAD, type FigureLook } from './avatar-figure.js';
import { lookOf, type PublicAvatarArt } from './avatars.js';
import { lidsSvg, mouthSvg, type PartSvg } from './figure-parts.js';
import { svgToPng } from './svg-render.js';

/**
 * The moving parts of an illustrated public avatar, drawn ahead of a render at the output's scale:
 * the mouth at 11 openings in three shapes (neutral, spread, rounded) and the eyelids at four
 * closures. Each frame then picks the nearest drawing, which is what a hand-animated character does.
 */

/** Opening steps of the drawn mouth (0, 0.1, … 1). */
const OPEN_STEPS = 10;
const LID_STEPS = [0.25, 0.5, 0.75, 1] as const;
type Shape = 'neutral' | 'wide' | 'round';
const SHAPES: Record<Shape, { wide: number; round: number }> = {
  neutral: { wide: 0, round: 0 },
  wide: { wide: 1, round: 0 },
  round: { wide: 0, round: 1 },
};

async function place(part: PartSvg, t: PixelTransform, scale: number): Promise<PlacedSprite> {
  const { data, info } = await sharp(await svgToPng(part.svg, { text: false }))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    sprite: spriteFromRgba(data, info.width, info.height),
    x: Math.round(part.originX * scale + t.offsetX),
    y: Math.round(part.originY * scale + t.offsetY),
  };
}

function shapeOf(pose: MouthPose): Shape {
  if (pose.round > 0.35 && pose.round >= pose.wide) return 'round';
  if (pose.wide > 0.35) return 'wide';
  return 'neutral';
}

/** `t` maps the figure's canvas to the frame (cover fit of the 720x1280 drawing into the box). */
export async function buildDrawnFace(art: PublicAvatarArt, t: PixelTransform): Promise<DrawnFace> {
  const look: FigureLook = lookOf(art);
  const scale = t.scaleX;
  const mouths = new Map<string, PlacedSprite>();
  for (const shape of Object.keys(SHAPES) as Shape[]) {
    for (let k = 0; k <= OPEN_STEPS; k++) {
      const pose = { open: k / OPEN_STEPS, ...SHAPES[shape] };
      mouths.set(`${shape}:${k}`, await place(mouthSvg(look, pose, scale), t, scale));
    }
  }
  const lids = await Promise.all(LID_STEPS.map((c) => place(lidsSvg(look, c, scale), t, scale)));
  const map = (x: number, y: number) => ({ x: x * scale + t.offsetX, y: y * t.scaleY + t.offsetY });
  const centre = map(FIGURE_HEAD.cx, FIGURE_HEAD.cy);
  const pivot = map(FIGURE_HEAD.cx, FIGURE_HEAD.pivotY);
  return {
    mouth(pose) {
      const k = Math.max(0, Math.min(OPEN_STEPS, Math.round(pose.open * OPEN_STEPS)));
      return mouths.get(`${shapeOf(pose)}:${k}`)!;
    },
    lids(closure) {
      if (closure < 0.125) return null;
      const k = Math.min(LID_STEPS.length - 1, Math.max(0, Math.round(closure * LID_STEPS.length) - 1));
      return lids[k]!;
    },
    head: {
      cx: centre.x,
      cy: centre.y,
      radius: FIGURE_HEAD.radius * scale,
      pivotX: pivot.x,
      pivotY: pivot.y,
    },
    faceHeight: FIGURE_HEAD.faceHeight * scale,
  };
}
