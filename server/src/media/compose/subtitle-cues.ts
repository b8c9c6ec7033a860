import { isWide } from './text-layout.js';
import type { SubtitleCue } from './types.js';

/** Grouping of timed words (from speech synthesis or alignment) into readable subtitle cues. Pure. */

export interface TimedWord {
  text: string;
  startSec: number;
  endSec: number;
}

/** Ends a sentence: always closes the cue. */
const SENTENCE_END = /[。！？!?；;…]["'”’」』）)]*$|[^.]\.["'”’)]*$/u;
/** Ends a clause: closes the cue once it is reasonably full. */
const CLAUSE_END = /[，、,：:]["'”’」』）)]*$/u;
/** Only punctuation/symbols: belongs to the word before it. */
const PUNCT_ONLY = /^[\p{P}\p{S}]+$/u;
/** Dropped at the end of a cue, as subtitles usually do; ? ! … and Latin full stops stay. */
const TRAILING_DROP = /[，。、；：,;:]+$/u;

/** A pause this long between words starts a new cue. */
export const PAUSE_BREAK_SEC = 0.7;
/** A cue stays up this much after its last word, unless the next cue starts sooner. */
export const LINGER_SEC = 0.3;
/** Shortest time a cue is shown, unless the next cue starts sooner. */
export const MIN_CUE_SEC = 0.6;

/** Display width in full-width characters: CJK counts 1, Latin letters, digits and spaces count 1/2. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += isWide(ch.codePointAt(0) ?? 0) ? 1 : 0.5;
  return w;
}

function needsSpace(before: string, after: string): boolean {
  const a = [...before].pop();
  const b = [...after][0];
  if (!a || !b || /\s/u.test(a) || /\s/u.test(b)) return false;
  return !isWide(a.codePointAt(0) ?? 0) && !isWide(b.codePointAt(0) ?? 0);
}

interface Building {
  text: string;
  startSec: number;
  endSec: number;
}

/**
 * Groups words into cues of at most `maxCharsPerCue` (display width, see displayWidth). A cue
 * closes after sentence punctuation (CJK and Latin), after clause punctuation once it is half
 * full, before a word that would overflow it, and at pauses of PAUSE_BREAK_SEC or more.
 * Punctuation-only tokens attach to the word before them. Trailing commas/full stops
 * (，。、；：,;:) are dropped from the text; each cue lingers briefly so cues do not flicker.
 */
export function cuesFromWords(words: readonly TimedWord[], maxCharsPerCue: number): SubtitleCue[] {
  if (!(maxCharsPerCue > 0)) throw new RangeError('maxCharsPerCue must be positive');
  const raw: Building[] = [];
  let cur: Building | null = null;
  const flush = () => {
    if (cur) raw.push(cur);
    cur = null;
  };
  for (const word of words) {
    const text = word.text.trim();
    if (!text) continue;
    if (PUNCT_ONLY.test(text)) {
      const target: Building | undefined = cur ?? raw[raw.length - 1];
      if (target) {
        target.text += text;
        target.endSec = Math.max(target.endSec, word.endSec);
      }
    } else {
      if (cur) {
        const sep = needsSpace(cur.text, text) ? ' ' : '';
        const tooWide = displayWidth(cur.text + sep + text) > maxCharsPerCue;
        if (tooWide || word.startSec - cur.endSec >= PAUSE_BREAK_SEC) flush();
      }
      if (cur) {
        const b: Building = cur;
        b.text += (needsSpace(b.text, text) ? ' ' : '') + text;
        b.endSec = Math.max(b.endSec, word.endSec);
      } else {
        cur = { text, startSec: word.startSec, endSec: word.endSec };
      }
    }
    const open: Building | null = cur;
    if (open && SENTENCE_END.test(open.text)) flush();
    else if (open && CLAUSE_END.test(open.text) && displayWidth(open.text) >= maxCharsPerCue / 2) flush();
  }
  flush();
  const cues = raw
    .map((c) => ({ ...c, text: c.text.replace(TRAILING_DROP, '').trim() }))
    .filter((c) => c.text !== '');
  const ms = (v: number) => Math.round(v * 1000) / 1000;
  return cues.map((c, i) => {
    const next = cues[i + 1];
    const limit = next ? next.startSec : Number.POSITIVE_INFINITY;
    const end = Math.max(c.endSec + LINGER_SEC, c.startSec + MIN_CUE_SEC);
    return { text: c.text, startSec: ms(c.startSec), endSec: ms(Math.max(c.endSec, Math.min(end, limit))) };
  });
}

/**
 * Re-slices timed words from the text they were spoken from, so that the punctuation after each
 * word (which speech engines do not report as words) travels with it and can close cues. Each word
 * takes the text from its own offset up to the next word's offset. Pure.
 */
export function wordsWithPunctuation<W extends TimedWord & { textOffset: number }>(
  text: string,
  words: readonly W[],
): TimedWord[] {
  const sorted = [...words].sort((a, b) => a.textOffset - b.textOffset);
  return sorted.map((w, i) => {
    const end = i + 1 < sorted.length ? sorted[i + 1]!.textOffset : text.length;
    const slice = text.slice(w.textOffset, Math.max(end, w.textOffset + w.text.length)).trim();
    return { text: slice || w.text, startSec: w.startSec, endSec: w.endSec };
  });
}
