import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Family name of the bundled CJK font as SVG renderers see it (all weights share it). */
export const FONT_FAMILY = 'Noto Sans S Chinese';

export type FontWeight = 400 | 500 | 700;

const FILE_BY_WEIGHT: Record<FontWeight, string> = {
  400: 'NotoSansHans-Regular.otf',
  500: 'NotoSansHans-Medium.otf',
  700: 'NotoSansHans-Bold.otf',
};

/** The package's exports map hides package.json, so the fonts folder is found from its main file. */
export function fontsDir(): string {
  return path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
}

export function fontFile(weight: FontWeight): string {
  return path.join(fontsDir(), FILE_BY_WEIGHT[weight]);
}

/** Every weight our SVGs use; handed to the renderer, which never looks at system fonts. */
export function fontFiles(): string[] {
  return ([400, 500, 700] as const).map(fontFile);
}

/** Horizontal metrics of one font file, enough to lay text out before rendering it. */
export interface FontMetrics {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  /** Advance width in font units; characters the font lacks get the .notdef advance. */
  advance(codePoint: number): number;
}

interface Table {
  offset: number;
  length: number;
}

/**
 * Reads cmap (format 12, else format 4), hhea and hmtx from an OpenType file. Kerning is ignored:
 * for this font it only moves Latin pairs by a few units, well inside the margins we keep.
 */
export function parseFontMetrics(buf: Buffer): FontMetrics {
  const tables = new Map<string, Table>();
  const numTables = buf.readUInt16BE(4);
  for (let i = 0; i < numTables; i++) {
    const o = 12 + 16 * i;
    tables.set(buf.toString('latin1', o, o + 4), {
      offset: buf.readUInt32BE(o + 8),
      length: buf.readUInt32BE(o + 12),
    });
  }
  const need = (tag: string): Table => {
    const t = tables.get(tag);
    if (!t) throw new Error(`font has no ${tag} table`);
    return t;
  };
  const head = need('head');
  const hhea = need('hhea');
  const hmtx = need('hmtx');
  const cmap = need('cmap');
  const unitsPerEm = buf.readUInt16BE(head.offset + 18);
  const ascender = buf.readInt16BE(hhea.offset + 4);
  const descender = buf.readInt16BE(hhea.offset + 6);
  const numberOfHMetrics = buf.readUInt16BE(hhea.offset + 34);
  const glyphOf = cmapLookup(buf, cmap.offset);
  const advanceOfGlyph = (gid: number) =>
    buf.readUInt16BE(hmtx.offset + 4 * Math.min(gid, numberOfHMetrics - 1));
  const cache = new Map<number, number>();
  return {
    unitsPerEm,
    ascender,
    descender,
    advance(cp) {
      let w = cache.get(cp);
      if (w === undefined) {
        w = advanceOfGlyph(glyphOf(cp));
        cache.set(cp, w);
      }
      return w;
    },
  };
}

function cmapLookup(buf: Buffer, cmapOffset: number): (cp: number) => number {
  const count = buf.readUInt16BE(cmapOffset + 2);
  let f12 = -1;
  let f4 = -1;
  for (let i = 0; i < count; i++) {
    const rec = cmapOffset + 4 + 8 * i;
    const platform = buf.readUInt16BE(rec);
    const encoding = buf.readUInt16BE(rec + 2);
    const sub = cmapOffset + buf.readUInt32BE(rec + 4);
    const format = buf.readUInt16BE(sub);
    if (format === 12 && (platform === 3 || platform === 0)) f12 = sub;
    if (format === 4 && ((platform === 3 && encoding === 1) || platform === 0)) f4 = sub;
  }
  if (f12 >= 0) {
    const groups = buf.readUInt32BE(f12 + 12);
    return (cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const g = f12 + 16 + 12 * mid;
        const start = buf.readUInt32BE(g);
        const end = buf.readUInt32BE(g + 4);
        if (cp < start) hi = mid - 1;
        else if (cp > end) lo = mid + 1;
        else return buf.readUInt32BE(g + 8) + (cp - start);
      }
      return 0;
    };
  }
  if (f4 < 0) throw new Error('font has no usable cmap');
  const segX2 = buf.readUInt16BE(f4 + 6);
  const ends = f4 + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const rangeOffsets = deltas + segX2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let s = 0; s < segX2; s += 2) {
      if (cp > buf.readUInt16BE(ends + s)) continue;
      const start = buf.readUInt16BE(starts + s);
      if (cp < start) return 0;
      const delta = buf.readInt16BE(deltas + s);
      const ro = buf.readUInt16BE(rangeOffsets + s);
      if (ro === 0) return (cp + delta) & 0xffff;
      const gid = buf.readUInt16BE(rangeOffsets + s + ro + 2 * (cp - start));
      return gid === 0 ? 0 : (gid + delta) & 0xffff;
    }
    return 0;
  };
}

const metricsCache = new Map<FontWeight, FontMetrics>();

/** Metrics for one weight, parsed once per process (each file is ~8 MB). */
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
