import { FONT_FAMILY, measureText, type FontWeight } from '../fonts/index.js';

/** Escapes text for SVG character data and attribute values, dropping characters XML forbids. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing the C0 controls XML 1.0 forbids is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

export interface TextStyle {
  fontSize: number;
  weight: FontWeight;
  letterSpacing?: number;
}

/** CJK ideographs, kana, hangul and full-width forms: each character is its own line-break unit. */
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]|[\u{20000}-\u{3134f}]/u;
/** Characters that must not begin a line (closing brackets and punctuation). */
const NO_LINE_START = /^[，。、！？；：）」』》〉】”’…—,.!?;:)\]}%·～]/;
const ELLIPSIS = '…';

function tokenize(paragraph: string): string[] {
  const tokens: string[] = [];
  let word = '';
  const flush = () => {
    if (word) tokens.push(word);
    word = '';
  };
  for (const ch of paragraph) {
    if (ch === ' ') {
      flush();
      tokens.push(' ');
    } else if (CJK.test(ch)) {
      flush();
      tokens.push(ch);
    } else {
      word += ch;
    }
  }
  flush();
  return tokens;
}

/** Collapses runs of blanks and tabs, keeps explicit line breaks as paragraph breaks. */
export function normalizeText(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((p) => p.replace(/[\s\u3000]+/g, ' ').trim())
    .filter((p) => p.length > 0);
}

function fitsWidth(text: string, maxWidth: number, style: TextStyle): boolean {
  return measureText(text, style.fontSize, style.weight, style.letterSpacing) <= maxWidth;
}

/** Shortens `line` until `line + …` fits. */
function withEllipsis(line: string, maxWidth: number, style: TextStyle): string {
  let chars = [...line.trimEnd()];
  while (chars.length > 0 && !fitsWidth(chars.join('') + ELLIPSIS, maxWidth, style))
    chars = chars.slice(0, -1);
  // Do not leave a comma or a space right before the ellipsis.
  while (chars.length > 0 && /[\s，,、；;：:]/.test(chars[chars.length - 1] ?? ''))
    chars = chars.slice(0, -1);
  return chars.join('') + ELLIPSIS;
}

/**
 * Greedy line breaking with real glyph widths: Latin breaks at spaces (over-long words are split),
 * CJK breaks between characters, and closing punctuation never starts a line. When more than
 * `maxLines` lines would be needed the last kept line ends with an ellipsis.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  style: TextStyle,
  maxLines = Infinity,
): { lines: string[]; truncated: boolean } {
  const lines: string[] = [];
  // Lines past maxLines + 1 are never shown, so stop early (keeps 10k-character input cheap).
  paragraphs: for (const paragraph of normalizeText(text)) {
    let line: string[] = [];
    const push = () => {
      const s = line.join('').trim();
      if (s) lines.push(s);
      line = [];
    };
    for (const token of tokenize(paragraph)) {
      if (lines.length > maxLines) break paragraphs;
      if (token === ' ') {
        if (line.length > 0) line.push(' ');
        continue;
      }
      if (fitsWidth([...line, token].join('').trimEnd(), maxWidth, style)) {
        line.push(token);
        continue;
      }
      if (line.length === 0 || (line.length === 1 && line[0] === ' ')) {
        // A single word wider than the line: split it character by character.
        line = [];
        for (const ch of token) {
          if (line.length > 0 && !fitsWidth(line.join('') + ch, maxWidth, style)) push();
          line.push(ch);
        }
        continue;
      }
      // Keep closing punctuation with the character before it by moving that character down too.
      const carried: string[] = [];
      if (NO_LINE_START.test(token) && line.length > 1) {
        const last = line[line.length - 1];
        if (last !== undefined && last !== ' ' && CJK.test(last)) carried.push(line.pop() as string);
      }
      push();
      line = [...carried, token];
    }
    push();
  }
  if (lines.length <= maxLines) return { lines, truncated: false };
  const kept = lines.slice(0, Math.max(0, maxLines));
  if (kept.length > 0) kept[kept.length - 1] = withEllipsis(kept[kept.length - 1] as string, maxWidth, style);
  return { lines: kept, truncated: true };
}

export interface FitOptions {
  weight: FontWeight;
  maxSize: number;
  minSize: number;
  /** Line height as a multiple of the font size. */
  lineHeight?: number;
  maxLines?: number;
  letterSpacing?: number;
  /** Even out line lengths (no single orphan character on the last line); for titles. */
  balance?: boolean;
}

export interface FittedText {
  lines: string[];
  fontSize: number;
  lineHeightPx: number;
  weight: FontWeight;
  letterSpacing: number;
  truncated: boolean;
  /** Height the lines take, ≤ the box height. */
  height: number;
  /** Widest line in px. */
  width: number;
}

/**
 * Largest font size (stepping down from maxSize) at which `text` fits the box without truncation;
 * at minSize the text is cut with an ellipsis instead. The result never exceeds the box.
 */
export function fitText(text: string, box: { width: number; height: number }, opts: FitOptions): FittedText {
  const lh = opts.lineHeight ?? 1.25;
  const spacingRatio = (opts.letterSpacing ?? 0) / opts.maxSize;
  let size = opts.maxSize;
  for (;;) {
    const style: TextStyle = { fontSize: size, weight: opts.weight, letterSpacing: spacingRatio * size };
    const byHeight = Math.max(1, Math.floor((box.height - size) / (size * lh)) + 1);
    const maxLines = Math.min(opts.maxLines ?? Infinity, byHeight);
    const atMin = size <= opts.minSize;
    let res = wrapText(text, box.width, style, maxLines);
    if (opts.balance && !res.truncated && res.lines.length > 1)
      res = balanced(text, box.width, style, res.lines.length);
    if (!res.truncated || atMin) {
      const lineHeightPx = size * lh;
      const height = res.lines.length === 0 ? 0 : (res.lines.length - 1) * lineHeightPx + size;
      const width = Math.max(
        0,
        ...res.lines.map((l) => measureText(l, size, opts.weight, style.letterSpacing)),
      );
      return {
        lines: res.lines,
        fontSize: size,
        lineHeightPx,
        weight: opts.weight,
        letterSpacing: style.letterSpacing ?? 0,
        truncated: res.truncated,
        height,
        width,
      };
    }
    size = Math.max(opts.minSize, Math.floor(size * 0.92));
  }
}

/** The narrowest wrap (binary search on the width) that still needs no more than `count` lines. */
function balanced(
  text: string,
  maxWidth: number,
  style: TextStyle,
  count: number,
): { lines: string[]; truncated: boolean } {
  let lo = maxWidth * 0.4;
  let hi = maxWidth;
  let best = wrapText(text, maxWidth, style);
  for (let i = 0; i < 8; i++) {
    const mid = (lo + hi) / 2;
    const res = wrapText(text, mid, style);
    if (res.lines.length <= count) {
      best = res;
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return best;
}

export interface TextBlockOptions {
  x: number;
  /** Top of the first line's em box. */
  y: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  /** Extra SVG attributes (already escaped), e.g. a filter or stroke for outlined text. */
  attrs?: string;
}

/** Baseline offset from the top of a line's em box (the font's ascender is 0.88 em). */
const ASCENT = 0.88;

/** SVG <text> elements for fitted lines; each line's em box starts at y + i * lineHeight. */
export function textBlockSvg(t: FittedText, o: TextBlockOptions): string {
  const anchor = o.anchor ?? 'start';
  return t.lines
    .map((line, i) => {
      const baseline = o.y + i * t.lineHeightPx + ASCENT * t.fontSize;
      const spacing = t.letterSpacing ? ` letter-spacing="${t.letterSpacing.toFixed(1)}"` : '';
      return (
        `<text x="${o.x.toFixed(1)}" y="${baseline.toFixed(1)}" font-family="${FONT_FAMILY}" ` +
        `font-size="${t.fontSize}" font-weight="${t.weight}" fill="${o.fill}" text-anchor="${anchor}"${spacing}` +
        `${o.attrs ? ' ' + o.attrs : ''}>${escapeXml(line)}</text>`
      );
    })
    .join('\n');
}

export interface PlaceOptions extends FitOptions {
  fill: string;
  align?: 'start' | 'middle' | 'end';
  valign?: 'top' | 'middle' | 'bottom';
  attrs?: string;
}

export interface PlacedText {
  svg: string;
  fitted: FittedText;
  /** Top and bottom of the lines actually drawn (top === bottom when the text is empty). */
  top: number;
  bottom: number;
  /** Left and right edges of the widest line. */
  left: number;
  right: number;
}

/** Fits text into a box and positions it by horizontal and vertical alignment. */
export function placeText(
  text: string,
  box: { x: number; y: number; width: number; height: number },
  o: PlaceOptions,
): PlacedText {
  const fitted = fitText(text, box, o);
  const valign = o.valign ?? 'top';
  const top =
    valign === 'top'
      ? box.y
      : valign === 'middle'
        ? box.y + (box.height - fitted.height) / 2
        : box.y + box.height - fitted.height;
  const align = o.align ?? 'start';
  const x = align === 'start' ? box.x : align === 'middle' ? box.x + box.width / 2 : box.x + box.width;
  const left = align === 'start' ? box.x : align === 'middle' ? x - fitted.width / 2 : x - fitted.width;
  return {
    svg: textBlockSvg(fitted, { x, y: top, fill: o.fill, anchor: align, attrs: o.attrs }),
    fitted,
    top,
    bottom: top + fitted.height,
    left,
    right: left + fitted.width,
  };
}
