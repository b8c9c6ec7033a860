/**
 * Minimal, pure readers for the parts of an OpenType/TrueType font that likeness needs: the table
 * directory (also inside .ttc collections), the names libass matches a Fontname against (family,
 * full name, PostScript name), the character map (glyph coverage), and horizontal metrics (text
 * layout before rendering).
 */

export interface TableRecord {
  offset: number;
  length: number;
}

/** Offsets of the fonts in a file: one for .ttf/.otf, several for a 'ttcf' collection. */
export function fontOffsets(head: Buffer): number[] {
  if (head.length < 12) return [];
  if (head.toString('latin1', 0, 4) === 'ttcf') {
    const n = head.readUInt32BE(8);
    const offsets: number[] = [];
    for (let i = 0; i < n && 12 + 4 * i + 4 <= head.length; i++) offsets.push(head.readUInt32BE(12 + 4 * i));
    return offsets;
  }
  const tag = head.readUInt32BE(0);
  // 0x00010000 TrueType, 'OTTO' CFF, 'true' old Apple TrueType.
  return tag === 0x00010000 || tag === 0x4f54544f || tag === 0x74727565 ? [0] : [];
}

/** Bytes needed to read the table directory of the font at `offset` (12 + 16 per table). */
export function tableDirectorySize(buf: Buffer, offset: number): number {
  return 12 + 16 * buf.readUInt16BE(offset + 4);
}

export function parseTableDirectory(buf: Buffer, offset: number): Map<string, TableRecord> {
  const tables = new Map<string, TableRecord>();
  const n = buf.readUInt16BE(offset + 4);
  for (let i = 0; i < n; i++) {
    const r = offset + 12 + 16 * i;
    if (r + 16 > buf.length) break;
    tables.set(buf.toString('latin1', r, r + 4), {
      offset: buf.readUInt32BE(r + 8),
      length: buf.readUInt32BE(r + 12),
    });
  }
  return tables;
}

export interface FontNames {
  /** Name ID 1 (legacy family, often with the weight for non-regular faces), then ID 16. */
  families: string[];
  /** Name ID 4. */
  fullNames: string[];
  /** Name ID 6. */
  postscriptName: string | null;
}

function decodeName(b: Buffer, platform: number): string {
  if (platform === 0 || platform === 3) {
    let s = '';
    for (let j = 0; j + 1 < b.length; j += 2) s += String.fromCharCode(b.readUInt16BE(j));
    return s;
  }
  return b.toString('latin1');
}

/** Reads the 'name' table (given as its own buffer). Pure. */
export function parseNameTable(name: Buffer): FontNames {
  const count = name.readUInt16BE(2);
  const strings = name.readUInt16BE(4);
  const byId = new Map<number, Set<string>>();
  for (let i = 0; i < count; i++) {
    const r = 6 + 12 * i;
    if (r + 12 > name.length) break;
    const platform = name.readUInt16BE(r);
    const id = name.readUInt16BE(r + 6);
    if (![1, 4, 6, 16].includes(id) || platform === 2) continue;
    const len = name.readUInt16BE(r + 8);
    const off = strings + name.readUInt16BE(r + 10);
    if (off + len > name.length) continue;
    const value = decodeName(name.subarray(off, off + len), platform).trim();
    if (!value) continue;
    if (!byId.has(id)) byId.set(id, new Set());
    byId.get(id)?.add(value);
  }
  const list = (id: number) => [...(byId.get(id) ?? [])];
  return {
    families: [...new Set([...list(1), ...list(16)])],
    fullNames: list(4),
    postscriptName: list(6)[0] ?? null,
  };
}

/**
 * Returns a code point → glyph lookup over the best Unicode subtable of a 'cmap' table
 * (format 12 preferred, else format 4). Glyph 0 means "not covered". Pure.
 */
export function cmapLookup(cmap: Buffer): (cp: number) => number {
  const n = cmap.readUInt16BE(2);
  let f4 = -1;
  let f12 = -1;
  for (let i = 0; i < n; i++) {
    const platform = cmap.readUInt16BE(4 + 8 * i);
    const encoding = cmap.readUInt16BE(6 + 8 * i);
    const off = cmap.readUInt32BE(8 + 8 * i);
    if (off + 2 > cmap.length) continue;
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = cmap.readUInt16BE(off);
    if (format === 12 && f12 < 0) f12 = off;
    if (format === 4 && f4 < 0) f4 = off;
  }
  if (f12 >= 0) {
    const groups = cmap.readUInt32BE(f12 + 12);
    return (cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const g = f12 + 16 + 12 * mid;
        const start = cmap.readUInt32BE(g);
        const end = cmap.readUInt32BE(g + 4);
        if (cp < start) hi = mid - 1;
        else if (cp > end) lo = mid + 1;
        else return cmap.readUInt32BE(g + 8) + (cp - start);
      }
      return 0;
    };
  }
  if (f4 >= 0) {
    const segX2 = cmap.readUInt16BE(f4 + 6);
    const ends = f4 + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const rangeOffsets = deltas + segX2;
    return (cp) => {
      if (cp > 0xffff) return 0;
      for (let i = 0; i < segX2 / 2; i++) {
        if (cp > cmap.readUInt16BE(ends + 2 * i)) continue;
        const start = cmap.readUInt16BE(starts + 2 * i);
        if (cp < start) return 0;
        const delta = cmap.readInt16BE(deltas + 2 * i);
        const ro = cmap.readUInt16BE(rangeOffsets + 2 * i);
        if (ro === 0) return (cp + delta) & 0xffff;
        const at = rangeOffsets + 2 * i + ro + 2 * (cp - start);
        if (at + 2 > cmap.length) return 0;
        const g = cmap.readUInt16BE(at);
        return g === 0 ? 0 : (g + delta) & 0xffff;
      }
      return 0;
    };
  }
  return () => 0;
}

/** Characters of `text` (ignoring whitespace and controls) that the font has no glyph for. */
export function missingGlyphs(lookup: (cp: number) => number, text: string): string[] {
  const missing = new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x21 || /\s/u.test(ch)) continue;
    if (lookup(cp) === 0) missing.add(ch);
  }
  return [...missing];
}

/** Horizontal metrics of one font file, enough to lay text out before rendering it. */
export interface FontMetrics {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  /** Advance width in font units; characters the font lacks get the .notdef advance. */
  advance(codePoint: number): number;
}

/**
 * Reads head, hhea, hmtx and cmap of a single-font OpenType file. Kerning is ignored: for the
 * shipped font it only moves Latin pairs by a few units, well inside the margins layouts keep.
 */
export function parseFontMetrics(buf: Buffer): FontMetrics {
  const tables = parseTableDirectory(buf, 0);
  const need = (tag: string): TableRecord => {
    const t = tables.get(tag);
    if (!t) throw new Error(`font has no ${tag} table`);
    return t;
  };
  const head = need('head');
  const hhea = need('hhea');
  const hmtx = need('hmtx');
  const cmap = need('cmap');
  const unitsPerEm = buf.readUInt16BE(head.offset + 18);
  const numberOfHMetrics = buf.readUInt16BE(hhea.offset + 34);
  const glyphOf = cmapLookup(buf.subarray(cmap.offset, cmap.offset + cmap.length));
  const advanceOfGlyph = (gid: number) =>
    buf.readUInt16BE(hmtx.offset + 4 * Math.min(gid, numberOfHMetrics - 1));
  const cache = new Map<number, number>();
  return {
    unitsPerEm,
    ascender: buf.readInt16BE(hhea.offset + 4),
    descender: buf.readInt16BE(hhea.offset + 6),
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
