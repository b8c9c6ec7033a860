import sharp, { type OverlayOptions } from 'sharp';
import { avatarArtPng, findPublicAvatarArt } from '../art/avatars.js';
import { FIGURE_FOCUS } from '../art/avatar-figure.js';
import { focusFit, type Focus } from '../art/focus-crop.js';
import { svgToPng, writeImage } from '../art/svg-render.js';
import { coverDesign, svgDoc, type CoverDesign } from './designs/index.js';
import type { CoverStyle } from './styles.js';

export type CoverCanvas = '9:16' | '3:4';

export const COVER_SIZES: Readonly<Record<CoverCanvas, { width: number; height: number }>> = Object.freeze({
  '9:16': { width: 1080, height: 1920 },
  '3:4': { width: 1080, height: 1440 },
});

export interface RenderCoverOptions {
  style: CoverStyle;
  values: Record<string, string>;
  /** Person image (any format sharp reads) cover-cropped into the style's figure area. */
  avatarImagePath?: string;
  /** Point of the avatar image to keep in view (fractions; e.g. a detected face centre). Default: upper middle. */
  avatarFocus?: Focus;
  canvas: CoverCanvas;
  format: 'jpg' | 'png';
  outPath: string;
}

/** Where a person usually is in a portrait or head-and-shoulders shot. */
const DEFAULT_FOCUS: Focus = { x: 0.5, y: 0.38 };

/** Styles without a design of their own reuse the headline layout with their first two slots. */
function valuesFor(style: CoverStyle, values: Record<string, string>): Record<string, string> {
  if (style.slots.some((s) => s.name === 'headline')) return values;
  const [first, ...rest] = style.slots;
  return {
    ...values,
    headline: first ? (values[first.name] ?? '') : '',
    subtitle: rest
      .map((s) => values[s.name] ?? '')
      .filter(Boolean)
      .join(' · '),
  };
}

async function figureLayer(
  design: CoverDesign,
  image: string | Buffer,
  focus: Focus,
): Promise<OverlayOptions> {
  const { box, shape, radius } = design.figure;
  const x = Math.round(box.x);
  const y = Math.round(box.y);
  const w = Math.round(box.width);
  const h = Math.round(box.height);
  let fig = await focusFit(image, w, h, focus);
  if (shape !== 'rect' && !(shape === 'rounded' && !radius)) {
    const mask =
      shape === 'circle'
        ? `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><ellipse cx="${w / 2}" cy="${h / 2}" rx="${w / 2}" ry="${h / 2}" fill="#fff"/></svg>`
        : `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="${radius}" fill="#fff"/></svg>`;
    const maskPng = await svgToPng(mask, { text: false });
    fig = await sharp(fig)
      .ensureAlpha()
      .composite([{ input: maskPng, blend: 'dest-in' }])
      .png()
      .toBuffer();
  }
  return { input: fig, left: x, top: y };
}

async function render(
  opts: Omit<RenderCoverOptions, 'avatarImagePath'> & { figure?: string | Buffer },
): Promise<{ width: number; height: number }> {
  const size = COVER_SIZES[opts.canvas];
  if (!size) throw new RangeError(`unknown cover canvas "${String(opts.canvas)}"`);
  if (opts.format !== 'jpg' && opts.format !== 'png')
    throw new RangeError(`unknown cover format "${String(opts.format)}"`);
  const { width, height } = size;
  const design = coverDesign(opts.style.id, { width, height, values: valuesFor(opts.style, opts.values) });
  const [base, overlay, figure] = await Promise.all([
    svgToPng(svgDoc(width, height, design.base)),
    svgToPng(svgDoc(width, height, design.overlay)),
    opts.figure ? figureLayer(design, opts.figure, opts.avatarFocus ?? DEFAULT_FOCUS) : Promise.resolve(null),
  ]);
  const layers: OverlayOptions[] = [];
  if (figure) layers.push(figure);
  layers.push({ input: overlay, left: 0, top: 0 });
  // Compose to a buffer first: sharp applies resize/format after composite, and we want the exact
  // canvas with alpha flattened only once at encode time.
  const composed = await sharp(base).composite(layers).png({ compressionLevel: 0 }).toBuffer();
  await writeImage(sharp(composed), opts.outPath, opts.format);
  return { width, height };
}

/**
 * The slots whose text the style would have to cut (end with an ellipsis) to fit its area on this
 * canvas, even at the smallest type size the area allows. Lays the text out without drawing, so it is
 * cheap enough to check a request before rendering it.
 */
export function slotsCutToFit(
  style: CoverStyle,
  values: Record<string, string>,
  canvas: CoverCanvas,
): string[] {
  const cut = new Set<string>();
  coverDesign(style.id, { ...COVER_SIZES[canvas], values: valuesFor(style, values), cut });
  return style.slots.map((s) => s.name).filter((name) => cut.has(name));
}

/**
 * Renders a cover: the style's background, the avatar figure cropped into the style's figure area
 * around `avatarFocus` (without an avatar, the style's own figure, as in its preview: the spec's
 * `avatar` "replaces the avatar figure in the cover"), and the slot texts wrapped and shrunk to their
 * boxes (never past the canvas). 1080x1920 for 9:16, 1080x1440 for 3:4.
 */
export async function renderCover(opts: RenderCoverOptions): Promise<{ width: number; height: number }> {
  const { avatarImagePath, ...rest } = opts;
  if (avatarImagePath) return render({ ...rest, figure: avatarImagePath });
  // No avatar: the style's own figure, drawn as its preview shows it.
  return render({ ...rest, figure: await styleFigurePng(opts.style), avatarFocus: FIGURE_FOCUS });
}

/** A list preview for a style: 9:16 JPG/PNG (by extension) with sample texts and the style's own figure. */
export async function renderCoverPreview(style: CoverStyle, outPath: string): Promise<void> {
  const values = Object.fromEntries(style.slots.map((s) => [s.name, s.sample ?? s.label]));
  const format = /\.png$/i.test(outPath) ? 'png' : 'jpg';
  await renderCover({ style, values, canvas: '9:16', format, outPath });
}

/** The illustrated public avatar each style shows in its preview, and on a cover made without `avatar`. */
const STYLE_FIGURE: Readonly<Record<string, string>> = Object.freeze({
  'cover-bold-headline': 'pub-avatar-alex',
  'cover-news': 'pub-avatar-lin',
  'cover-knowledge': 'pub-avatar-grace',
  'cover-product': 'pub-avatar-mei',
  'cover-quote': 'pub-avatar-chen',
  'cover-list': 'pub-avatar-mei',
  'cover-vlog': 'pub-avatar-mei',
});

/** The public avatar that is a style's own figure (a style without one in the table gets Lin). */
export function styleFigureId(style: CoverStyle): string {
  return STYLE_FIGURE[style.id] ?? 'pub-avatar-lin';
}

/** The drawn figures as PNGs, made once per process (or cover thread) and reused by every cover. */
const figurePngs = new Map<string, Promise<Buffer | undefined>>();

function styleFigurePng(style: CoverStyle): Promise<Buffer | undefined> {
  const id = styleFigureId(style);
  let png = figurePngs.get(id);
  if (!png) {
    const art = findPublicAvatarArt(id);
    png = art ? avatarArtPng(art) : Promise.resolve(undefined);
    // A failed drawing is not kept: the next cover tries again.
    png.catch(() => figurePngs.delete(id));
    figurePngs.set(id, png);
  }
  return png;
}
