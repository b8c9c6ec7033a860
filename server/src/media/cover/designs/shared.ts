import { f, rect } from '../../art/svg-shapes.js';
import type { Box } from '../../art/template-layout.js';
import { placeText, type PlacedText, type PlaceOptions } from '../../art/text-layout.js';

/** What a style draws: a layer under the figure, the figure's area, and a layer above it. */
export interface CoverDesign {
  /** SVG body under the figure (includes a stand-in drawing where the figure would go). */
  base: string;
  /** SVG body over the figure: text and anything that overlaps the figure. */
  overlay: string;
  figure: { box: Box; shape: 'rect' | 'circle' | 'rounded'; radius?: number };
}

export interface DesignContext {
  width: number;
  height: number;
  values: Record<string, string>;
  /**
   * Filled by the slot helpers (text, pill) with the names of slots whose text had to be cut to fit
   * its area, so a caller can refuse text it was asked to render whole.
   */
  cut?: Set<string>;
}

export const v = (c: DesignContext, name: string) => (c.values[name] ?? '').trim();

/** A slot's text in a pill: rounded box sized to its (fitted) text. Empty text draws nothing. */
export function pill(
  c: DesignContext,
  name: string,
  at: { x: number; y: number; maxWidth: number; align: 'start' | 'middle' },
  o: {
    size: number;
    fill: string;
    bg: string;
    weight?: 400 | 500 | 700;
    padX: number;
    padY: number;
    attrs?: string;
  },
): { svg: string; bottom: number; right: number } {
  const text = v(c, name);
  if (!text) return { svg: '', bottom: at.y, right: at.x };
  const placed = placeText(
    text,
    { x: 0, y: 0, width: at.maxWidth - 2 * o.padX, height: o.size * 1.1 },
    {
      weight: o.weight ?? 700,
      maxSize: o.size,
      minSize: Math.round(o.size * 0.6),
      maxLines: 1,
      fill: o.fill,
    },
  );
  if (placed.fitted.truncated) c.cut?.add(name);
  const w = placed.fitted.width + 2 * o.padX;
  const h = o.size + 2 * o.padY;
  const x = at.align === 'middle' ? at.x - w / 2 : at.x;
  const textTop = at.y + o.padY + (o.size - placed.fitted.fontSize) / 2;
  const moved = placeText(
    text,
    { x: x + o.padX, y: textTop, width: at.maxWidth - 2 * o.padX, height: o.size * 1.1 },
    {
      weight: o.weight ?? 700,
      maxSize: o.size,
      minSize: Math.round(o.size * 0.6),
      maxLines: 1,
      fill: o.fill,
    },
  );
  return {
    svg: rect({ x, y: at.y, width: w, height: h }, `fill="${o.bg}" ${o.attrs ?? ''}`, h / 2) + moved.svg,
    bottom: at.y + h,
    right: x + w,
  };
}

/**
 * A slot's text fitted into its box; `shown` decorates a non-empty value (an arrow on a button, a
 * dash before an author) and the decoration counts toward the fit.
 */
export function text(
  c: DesignContext,
  name: string,
  box: Box,
  o: PlaceOptions,
  shown: (value: string) => string = (value) => value,
): PlacedText {
  const value = v(c, name);
  const placed = placeText(value ? shown(value) : '', box, o);
  if (placed.fitted.truncated) c.cut?.add(name);
  return placed;
}

/** A soft abstract stand-in drawn where the figure goes when no avatar image is given. */
export function figureStandIn(b: Box, a: string, bColor: string, round = false): string {
  const cx = b.x + b.width / 2;
  const cy = b.y + b.height / 2;
  const r = Math.min(b.width, b.height);
  const clip = round
    ? `<clipPath id="phc"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r / 2)}"/></clipPath>`
    : `<clipPath id="phc">${rect(b, '')}</clipPath>`;
  return `<defs>${clip}<radialGradient id="phg" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="${a}" stop-opacity="0.55"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></radialGradient></defs>
  <g clip-path="url(#phc)">
    <rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.width)}" height="${f(b.height)}" fill="url(#phg)"/>
    <circle cx="${f(cx)}" cy="${f(cy - r * 0.12)}" r="${f(r * 0.16)}" fill="${bColor}" opacity="0.35"/>
    <path d="M ${f(cx - r * 0.32)} ${f(cy + r * 0.5)} C ${f(cx - r * 0.3)} ${f(cy + r * 0.14)} ${f(cx + r * 0.3)} ${f(cy + r * 0.14)} ${f(cx + r * 0.32)} ${f(cy + r * 0.5)} Z" fill="${bColor}" opacity="0.35"/>
  </g>`;
}

export function svgDoc(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n${body}\n</svg>`;
}
