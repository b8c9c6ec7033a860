import sharp, { type OverlayOptions } from 'sharp';
import { avatarArtPng, findPublicAvatarArt, PUBLIC_AVATAR_ART } from './avatars.js';
import { FIGURE_FOCUS } from './avatar-figure.js';
import { focusFit } from './focus-crop.js';
import { FONT_FAMILY } from '../fonts/index.js';
import { lookSvg } from './template-looks.js';
import { templateLayout, type Box } from './template-layout.js';
import { templateCanvas, templateLook, type LivelyTemplate, type TemplateLook } from './templates.js';
import { escapeXml } from './text-layout.js';
import { formatFromPath, svgToPng, writeImage } from './svg-render.js';

export interface TemplateBackground {
  /** Where the avatar video goes; the composer cover-fits it here, keeping the face in view. */
  avatarBox: Box;
  /** Band left clear for burnt-in subtitles. */
  subtitleBox: Box;
}

const MAX_SIDE = 4096;

function checkSize(width: number, height: number): void {
  for (const v of [width, height]) {
    if (!Number.isInteger(v) || v < 64 || v > MAX_SIDE) {
      throw new RangeError(
        `template canvas must be whole pixels between 64 and ${MAX_SIDE}, got ${width}x${height}`,
      );
    }
  }
}

/**
 * Draws a template's background at exactly width x height: decorations plus the work's title
 * (wrapped and shrunk to fit, escaped for SVG). Written as PNG unless outPath says .jpg/.webp.
 */
export async function renderTemplateBackground(
  t: LivelyTemplate,
  opts: { title: string; width: number; height: number; outPath: string },
): Promise<TemplateBackground> {
  checkSize(opts.width, opts.height);
  const layout = templateLayout(opts.width, opts.height);
  const svg = lookSvg(templateLook(t), { width: opts.width, height: opts.height, layout, title: opts.title });
  const png = await svgToPng(svg);
  await writeImage(sharp(png), opts.outPath, formatFromPath(opts.outPath));
  return { avatarBox: layout.avatarBox, subtitleBox: layout.subtitleBox };
}

/** The public avatar a preview shows, chosen to suit the look. */
const PREVIEW_AVATAR: Record<TemplateLook, string> = {
  news: 'pub-avatar-lin',
  vlog: 'pub-avatar-mei',
  product: 'pub-avatar-mei',
  classroom: 'pub-avatar-grace',
  tech: 'pub-avatar-alex',
  festive: 'pub-avatar-lin',
  minimal: 'pub-avatar-chen',
  finance: 'pub-avatar-chen',
};

/** Long side of list covers; the template list shows them as thumbnails. */
export const PREVIEW_LONG_SIDE = 640;

/**
 * A list cover for a template: its background at the template's own canvas (type 3 shown as 9:16)
 * with a sample title, an illustrated avatar in the avatar box and a sample subtitle line.
 */
export async function renderTemplatePreview(t: LivelyTemplate, outPath: string): Promise<void> {
  const look = templateLook(t);
  const { width, height } = templateCanvas(t, { width: 720, height: 1280 });
  const layout = templateLayout(width, height);
  const bg = lookSvg(look, { width, height, layout, title: t.title });
  const av = layout.avatarBox;
  const art = findPublicAvatarArt(PREVIEW_AVATAR[look]) ?? PUBLIC_AVATAR_ART[0];
  const sub = layout.subtitleBox;
  const subSize = Math.round(Math.min(sub.height * 0.42, width * 0.045));
  const subtitle = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <text x="${sub.x + sub.width / 2}" y="${sub.y + sub.height / 2 + subSize * 0.36}" font-family="${FONT_FAMILY}"
      font-size="${subSize}" font-weight="700" fill="#ffffff" stroke="#000000" stroke-width="${(subSize / 9).toFixed(1)}"
      paint-order="stroke" text-anchor="middle">${escapeXml('字幕示例 · Subtitles here')}</text></svg>`;
  const [bgPng, subPng, figure] = await Promise.all([
    svgToPng(bg),
    svgToPng(subtitle),
    art ? avatarArtPng(art) : Promise.resolve(null),
  ]);
  const layers: OverlayOptions[] = [];
  if (figure) {
    const fitted = await focusFit(figure, av.width, av.height, FIGURE_FOCUS);
    layers.push({ input: fitted, left: av.x, top: av.y });
  }
  layers.push({ input: subPng, left: 0, top: 0 });
  const composed = await sharp(bgPng).composite(layers).png().toBuffer();
  const scale = PREVIEW_LONG_SIDE / Math.max(width, height);
  await writeImage(
    sharp(composed).resize(Math.round(width * scale), Math.round(height * scale)),
    outPath,
    formatFromPath(outPath),
  );
}
