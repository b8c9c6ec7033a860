import { readFileSync } from 'node:fs';
import { parseFontMetrics, type FontMetrics } from './opentype.js';
import { fontFile, type FontWeight } from './shipped-font.js';

const metricsCache = new Map<FontWeight, FontMetrics>();

/** Metrics of one weight of the shipped font, parsed once per process (each file is ~8 MB). */
export function fontMetrics(weight: FontWeight): FontMetrics {
  let m = metricsCache.get(weight);
  if (!m) {
    m = parseFontMetrics(readFileSync(fontFile(weight)));
    metricsCache.set(weight, m);
  }
  return m;
}

/** Rendered width of `text` in px at `fontSize`, with optional extra spacing after each character. */
export function measureText(text: string, fontSize: number, weight: FontWeight, letterSpacing = 0): number {
  const m = fontMetrics(weight);
  let units = 0;
  let chars = 0;
  for (const ch of text) {
    units += m.advance(ch.codePointAt(0) ?? 0);
    chars += 1;
  }
  return (units * fontSize) / m.unitsPerEm + letterSpacing * chars;
}
