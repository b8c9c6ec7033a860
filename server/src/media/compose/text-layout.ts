import { fontMetrics } from '../fonts/index.js';

/**
 * Text measurement and line breaking for subtitles, with the shipped CJK font's metrics
 * (Noto Sans S Chinese Regular). libass sizes a font so that winAscent + winDescent equals the
 * ASS Fontsize, and lines are Fontsize apart; for this font that makes one em 1000/1386 of the
 * size. Other fonts are measured with the same metrics, which is close enough for sans faces.
 */

export const EM_PER_FONT_SIZE = 1000 / 1386;

/** East Asian wide/full-width characters: one em each (ideographs, kana, hangul, CJK punctuation). */
export function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Advance of one character in em, from the shipped font's own metrics (read once, then cached). */
export function advanceEm(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0x20;
  if (isWide(cp)) return 1;
  const m = fontMetrics(400);
  return m.advance(cp) / m.unitsPerEm;
}

/** Rendered width in pixels of `text` at ASS font size `fontSize`. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += advanceEm(ch);
  return em * fontSize * EM_PER_FONT_SIZE;
}

/** Must not begin a line (closing punctuation, CJK and Latin). */
const NO_LINE_START = new Set([...'，。、！？；：）》」』】〕〉”’…—・,.!?;:)]}%\'"']);
/** Must not end a line (opening brackets and quotes). */
const NO_LINE_END = new Set([...'（《「『【〔〈“‘([{']);

interface Atom {
  text: string;
  /** A space separated this atom from the previous one. */
  spaced: boolean;
}

/** Splits text into unbreakable atoms: Latin words, single wide characters, glued punctuation. */
export function atomise(text: string): Atom[] {
  const atoms: Atom[] = [];
  let pendingSpace = false;
  let glueNext = false;
  let word = '';
  const push = (t: string) => {
    const prev = atoms[atoms.length - 1];
    const first = [...t][0] ?? '';
    if (prev && (glueNext || (!pendingSpace && NO_LINE_START.has(first)))) {
      prev.text += (pendingSpace ? ' ' : '') + t;
    } else {
      atoms.push({ text: t, spaced: pendingSpace && atoms.length > 0 });
    }
    const last = [...t].pop() ?? '';
    glueNext = NO_LINE_END.has(last);
    pendingSpace = false;
  };
  const flushWord = () => {
    if (word) push(word);
    word = '';
  };
  for (const ch of text) {
    if (/\s/u.test(ch)) {
      flushWord();
      if (atoms.length > 0) pendingSpace = true;
      continue;
    }
    const cp = ch.codePointAt(0) ?? 0;
    if (isWide(cp) || cp === 0x2026 || cp === 0x2014) {
      flushWord();
      push(ch);
    } else {
      word += ch;
    }
  }
  flushWord();
  return atoms;
}

/** Breaks an over-long atom into pieces no wider than maxWidth (at least one character each). */
function splitAtom(text: string, maxWidth: number, fontSize: number): string[] {
  const parts: string[] = [];
  let cur = '';
  for (const ch of text) {
    if (cur && textWidth(cur + ch, fontSize) > maxWidth) {
      parts.push(cur);
      cur = '';
    }
    cur += ch;
  }
  if (cur) parts.push(cur);
  return parts;
}

/** Greedy line breaking of `text` into lines no wider than maxWidth (hard breaks on '\n'). */
export function wrapText(text: string, maxWidth: number, fontSize: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const atom of atomise(paragraph)) {
      const sep = line && atom.spaced ? ' ' : '';
      if (!line || textWidth(line + sep + atom.text, fontSize) <= maxWidth) {
        if (!line && textWidth(atom.text, fontSize) > maxWidth) {
          const pieces = splitAtom(atom.text, maxWidth, fontSize);
          lines.push(...pieces.slice(0, -1));
          line = pieces[pieces.length - 1] ?? '';
        } else {
          line += sep + atom.text;
        }
        continue;
      }
      lines.push(line);
      const pieces = splitAtom(atom.text, maxWidth, fontSize);
      lines.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1] ?? '';
    }
    if (line) lines.push(line);
  }
  return lines;
}

/**
 * Like wrapText, but with lines of similar length: the narrowest width that still needs no more
 * lines than the greedy wrap at maxWidth (greedy line count only grows as the width shrinks).
 * Avoids a long first line followed by a lone word.
 */
export function balancedWrap(text: string, maxWidth: number, fontSize: number): string[] {
  const greedy = wrapText(text, maxWidth, fontSize);
  if (greedy.length < 2) return greedy;
  // Never narrower than the widest unbreakable piece, so no word gets split to balance lines.
  const widest = Math.max(
    ...text.split(/\r?\n/).flatMap((p) => atomise(p).map((a) => textWidth(a.text, fontSize))),
  );
  let lo = Math.min(widest, maxWidth);
  if (wrapText(text, lo, fontSize).length <= greedy.length) return wrapText(text, lo, fontSize);
  let hi = maxWidth;
  for (let i = 0; i < 14 && hi - lo > 0.5; i++) {
    const mid = (lo + hi) / 2;
    if (wrapText(text, mid, fontSize).length <= greedy.length) hi = mid;
    else lo = mid;
  }
  return wrapText(text, hi, fontSize);
}

export interface FittedText {
  fontSize: number;
  /** Outline thickness in pixels at that size. */
  outline: number;
  lines: string[];
  /** True when even the smallest size could not hold the text and lines were cut with '…'. */
  truncated: boolean;
}

/** Outline thickness for a font size: 5% of the size, at least one pixel. */
export function outlineFor(fontSize: number): number {
  return Math.max(1, Math.round(fontSize * 0.05));
}

/**
 * The largest font size, from `fontSize` down to `minFontSize`, at which the wrapped text fits
 * the box (outline included); its lines are then balanced. If none fits, the smallest size is used and the text is cut to the
 * lines that fit, the last one ending in '…'.
 */
export function fitText(
  text: string,
  box: { width: number; height: number },
  fontSize: number,
  minFontSize = Math.max(8, Math.round(fontSize * 0.4)),
): FittedText {
  const top = Math.max(1, Math.round(fontSize));
  const bottom = Math.max(1, Math.min(top, Math.round(minFontSize)));
  for (let size = top; size >= bottom; size--) {
    const outline = outlineFor(size);
    const lines = wrapText(text, box.width - 2 * outline, size);
    if (lines.length * size + 2 * outline <= box.height) {
      return {
        fontSize: size,
        outline,
        lines: balancedWrap(text, box.width - 2 * outline, size),
        truncated: false,
      };
    }
  }
  const outline = outlineFor(bottom);
  const width = box.width - 2 * outline;
  const all = wrapText(text, width, bottom);
  const keep = Math.max(1, Math.floor((box.height - 2 * outline) / bottom));
  const lines = all.slice(0, keep);
  let last = lines[lines.length - 1] ?? '';
  while (last && textWidth(`${last}…`, bottom) > width) last = [...last].slice(0, -1).join('');
  lines[lines.length - 1] = `${last.trimEnd()}…`;
  return { fontSize: bottom, outline, lines, truncated: true };
}
