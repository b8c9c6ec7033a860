import { LABEL_SLOTS, type CoverSlotDef, type CoverStyle } from './styles.js';

/** Sentence ends: CJK full stops anywhere, Latin ones only before a blank (so "3.5" and "e.g." stay whole). */
const SENTENCE_END = /(?<=[。！？；!?;…])|(?<=[.!?])(?=\s)/u;
const CLAUSE_END = /(?<=[，、：,:])/u;
const TRAILING_STOP = /[\s。．.，,、；;：:]+$/u;
const ELLIPSIS = '…';

const chars = (s: string) => [...s];
const len = (s: string) => chars(s).length;

/** Strips markup-like tags and blanks that would only waste slot space. */
function clean(content: string): string {
  return content
    .replace(/<[^>]*>/g, ' ')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u3000]+/g, ' ')
    .trim();
}

function split(text: string, re: RegExp): string[] {
  return text
    .split(re)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Sentences of the content, line breaks counting as sentence ends. */
export function sentencesOf(content: string): string[] {
  return clean(content)
    .split(/\n+/)
    .flatMap((line) => split(line, SENTENCE_END));
}

/**
 * Cuts `text` to at most `max` characters. Latin text is cut at a word boundary when one is near;
 * anything cut ends with an ellipsis, which counts toward the limit.
 */
export function truncate(text: string, max: number): string {
  const t = text.trim();
  if (max <= 0) return '';
  if (len(t) <= max) return t;
  if (max === 1) return ELLIPSIS;
  let cut = chars(t)
    .slice(0, max - 1)
    .join('');
  const space = cut.lastIndexOf(' ');
  if (space >= cut.length * 0.6) cut = cut.slice(0, space);
  return cut.replace(/[\s，,、；;：:]+$/u, '') + ELLIPSIS;
}

/** A headline-like value: the piece itself, else its first clause, else a cut. */
function headlineFrom(piece: string, slot: CoverSlotDef): string {
  const p = piece.replace(TRAILING_STOP, '');
  if (len(p) <= slot.max_length) return p;
  const clause = split(p, CLAUSE_END)[0]?.replace(TRAILING_STOP, '') ?? '';
  if (len(clause) >= Math.max(slot.min_length, 2) && len(clause) <= slot.max_length) return clause;
  return truncate(p, slot.max_length);
}

/** Joins sentences back, with a blank between Latin ones. */
function join(pieces: string[]): string {
  return pieces.reduce((acc, p) => (acc && /[A-Za-z0-9.!?,;:]$/.test(acc) ? `${acc} ${p}` : acc + p), '');
}

/** Author attribution at the end of a quote: "……——鲁迅" or "... — Jane Doe" (a name, not a sentence). */
const ATTRIBUTION = /\s*(?:——|—|--|―)\s*([^—\-―。.!?！？]{1,24})$/u;

/**
 * Fills a style's slots from free text. Pure and deterministic: label slots (tag, topic, button)
 * keep the style's sample, an `author` slot takes a trailing "— name", the remaining text slots take
 * the content's sentences in order (falling back to clauses when there are fewer sentences than
 * slots), and the last text slot gets everything left. Every value respects max_length; min_length
 * is met whenever the content is long enough.
 */
export function deriveSlotValues(style: CoverStyle, content: string): Record<string, string> {
  const values: Record<string, string> = {};
  let text = clean(content);
  const authorSlot = style.slots.find((s) => s.name === 'author');
  if (authorSlot) {
    const m = ATTRIBUTION.exec(text);
    values.author = m?.[1] ? truncate(m[1], authorSlot.max_length) : '';
    if (m) text = text.slice(0, m.index).trim();
  }
  for (const s of style.slots) {
    if (LABEL_SLOTS.has(s.name)) values[s.name] = truncate(s.sample ?? '', s.max_length);
  }
  const textSlots = style.slots.filter((s) => s.name !== 'author' && !LABEL_SLOTS.has(s.name));
  let pieces = sentencesOf(text);
  if (pieces.length < textSlots.length) {
    pieces = pieces.flatMap((p) => split(p, CLAUSE_END).map((c) => c.replace(/[，、,]$/u, '')));
  }
  textSlots.forEach((s, i) => {
    const last = i === textSlots.length - 1;
    if (i === 0 && !last) {
      values[s.name] = headlineFrom(pieces[0] ?? '', s);
      return;
    }
    const rest = last ? pieces.slice(i) : pieces.slice(i, i + 1);
    // A short last slot (a list item, a subtitle) reads better as one sentence than as a cut paragraph.
    const long = s.max_length >= 30;
    const value = textSlots.length === 1 || (last && long) ? join(rest) : (rest[0] ?? '');
    // Short lines on a cover read as captions, which carry no full stop.
    values[s.name] = truncate(long ? value : value.replace(TRAILING_STOP, ''), s.max_length);
  });
  return values;
}
