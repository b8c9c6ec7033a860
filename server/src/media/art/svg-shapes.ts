/** Small SVG building blocks shared by template backgrounds and covers. */
import { FONT_FAMILY } from '../fonts/index.js';
import type { Box } from './template-layout.js';
import { escapeXml } from './text-layout.js';

/** Coordinates with one decimal keep the SVG small and deterministic. */
export const f = (v: number): string => v.toFixed(1);

export function grow(b: Box, by: number): Box {
  return { x: b.x - by, y: b.y - by, width: b.width + 2 * by, height: b.height + 2 * by };
}

export function rect(b: Box, attrs: string, rx = 0): string {
  return `<rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.width)}" height="${f(b.height)}" rx="${f(rx)}" ${attrs}/>`;
}

/** A linear gradient; stops are [offset, colour, opacity?]. */
export function linear(id: string, stops: [number, string, number?][], x2 = 0, y2 = 1): string {
  const s = stops
    .map(
      ([o, col, op]) =>
        `<stop offset="${o}" stop-color="${col}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
    )
    .join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

/** Drop shadow filter: only for small elements such as text (blurring big areas is slow). */
export function dropShadowFilter(id: string, dy: number, blur: number, opacity: number): string {
  return `<filter id="${id}" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="${f(dy)}" stdDeviation="${f(blur)}" flood-color="#000" flood-opacity="${opacity}"/></filter>`;
}

/**
 * A soft shadow under a (rounded) box drawn as stacked translucent rects. Blur filters over large
 * areas cost ~0.5 s per 1080x1920 render; this looks the same at a fraction of the cost.
 */
export function softShadow(b: Box, rx: number, spread: number, dy: number, opacity: number): string {
  const steps = 6;
  const out: string[] = [];
  for (let i = steps; i >= 1; i--) {
    const g = (spread * i) / steps;
    out.push(
      rect(
        { x: b.x - g, y: b.y - g + dy, width: b.width + 2 * g, height: b.height + 2 * g },
        `fill="#000" fill-opacity="${(opacity / steps).toFixed(3)}"`,
        rx + g,
      ),
    );
  }
  return out.join('');
}

/** A one-line label; the text is escaped here. */
export function label(
  text: string,
  x: number,
  y: number,
  size: number,
  fill: string,
  weight = 700,
  anchor: 'start' | 'middle' | 'end' = 'start',
  extra = '',
): string {
  return (
    `<text x="${f(x)}" y="${f(y)}" font-family="${FONT_FAMILY}" font-size="${f(size)}" font-weight="${weight}" ` +
    `fill="${fill}" text-anchor="${anchor}"${extra ? ' ' + extra : ''}>${escapeXml(text)}</text>`
  );
}

/** Points of a 12-point starburst badge around (cx, cy). */
export function starburst(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 24; i++) {
    const a = (Math.PI * i) / 12;
    const rr = i % 2 ? r * 0.82 : r;
    pts.push(`${f(cx + rr * Math.cos(a))},${f(cy + rr * Math.sin(a))}`);
  }
  return pts.join(' ');
}
