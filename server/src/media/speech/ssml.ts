import type { SpeechLanguage } from './languages.js';
import { spokenForms } from './spoken-forms.js';

/**
 * One stretch of the input that eSpeak speaks as a unit and that becomes one timed word (or, for
 * Chinese runs, several: eSpeak reports a word event per character or dictionary word).
 */
export interface SsmlSegment {
  /** Index used in the `ws-i` / `we-i` mark names. */
  index: number;
  /** UTF-16 range of the segment in the input text, punctuation included. */
  inputStart: number;
  inputEnd: number;
  /** Code-point range of the segment's spoken text inside the SSML document (eSpeak counts code points). */
  ssmlStart: number;
  ssmlEnd: number;
  /** For each SSML code point of the segment (from ssmlStart), the UTF-16 input index it came from. */
  inputIndexAt: number[];
  /**
   * CJK text has no spaces, so one segment can hold a whole clause; eSpeak's word events split it.
   * Other segments stay whole (eSpeak also splits numbers such as "2024" into several words).
   */
  cjk: boolean;
}

export interface SsmlDocument {
  ssml: string;
  segments: SsmlSegment[];
}

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2fa1f}]/u;
const CJK_LETTER =
  /[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\u{20000}-\u{2fa1f}]/u;
// Ideographic space, CJK punctuation and the fullwidth ASCII punctuation block: clause breaks in
// Chinese/Japanese text, where no spaces separate words.
const CJK_PUNCT = /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\u2014\u2026\u00b7]/u;
const SPACE = /\s/u;
// Control characters (other than tab/newline) are not allowed in XML and make eSpeak stop early.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u;
// Sentence punctuation, quotes, brackets and dashes are not part of a word's visible text; symbols
// such as % # @ & and apostrophes are ("50%", "dogs'").
const EDGE_CLASS = String.raw`[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Pd}.,!?;:"…¡¿·\u3000-\u303f\uff01-\uff0f\uff1a-\uff20]`;
const LEADING_PUNCT = new RegExp(`^${EDGE_CLASS}+`, 'u');
const TRAILING_PUNCT = new RegExp(`${EDGE_CLASS}+$`, 'u');

export const markStart = (i: number): string => `ws-${i}`;
export const markEnd = (i: number): string => `we-${i}`;

type CharClass = 'space' | 'punct' | 'cjk' | 'other';

function classify(ch: string): CharClass {
  if (SPACE.test(ch) || CONTROL.test(ch)) return 'space';
  if (CJK_PUNCT.test(ch)) return 'punct';
  if (CJK_LETTER.test(ch)) return 'cjk';
  return 'other';
}

/** Strips leading/trailing punctuation; what is left is a word's visible text. Pure. */
export function wordCore(text: string): { text: string; offset: number } {
  const leading = LEADING_PUNCT.exec(text)?.[0].length ?? 0;
  const core = text.slice(leading).replace(TRAILING_PUNCT, '');
  return { text: core, offset: core.length > 0 ? leading : 0 };
}

function escapeXml(ch: string): string {
  if (ch === '&') return '&amp;';
  if (ch === '<') return '&lt;';
  if (ch === '>') return '&gt;';
  return ch;
}

/**
 * Whether eSpeak is given a character. eSpeak's Japanese voice reads only kana: every kanji comes
 * out as the English words "Japanese letter". Without a kanji→kana dictionary the honest choice is to
 * leave kanji unspoken; their words keep a (zero-length) place in the timings so subtitles still show
 * them. Japanese text written in kana speaks fully.
 */
function spoken(ch: string, lang: SpeechLanguage): boolean {
  return !(lang === 'jp' && HAN.test(ch));
}

/**
 * Builds the SSML document eSpeak synthesises: each word-like segment of the input is wrapped in
 * `<mark name="ws-i"/>…<mark name="we-i"/>`, whose events give reliable word boundaries; spaces and
 * punctuation stay outside the marks so eSpeak still pauses at them. Segments split at whitespace,
 * CJK punctuation and at changes between CJK and other scripts ("用iPhone拍" → 用 / iPhone / 拍).
 * Pure.
 */
export function buildSsml(text: string, lang: SpeechLanguage): SsmlDocument {
  const chars: { ch: string; at: number; cls: CharClass }[] = [];
  for (let at = 0; at < text.length;) {
    const cp = text.codePointAt(at) ?? 0;
    const ch = String.fromCodePoint(cp);
    chars.push({ ch, at, cls: classify(ch) });
    at += ch.length;
  }

  let ssml = '<speak>';
  let ssmlLen = [...ssml].length;
  const segments: SsmlSegment[] = [];
  const emit = (s: string) => {
    ssml += s;
    ssmlLen += [...s].length;
  };

  // Dates, percentages, currencies… are spoken in words eSpeak reads well; each stays one timed word.
  const forms = new Map(spokenForms(text, lang).map((f) => [f.start, f]));

  let i = 0;
  while (i < chars.length) {
    const c = chars[i]!;
    const form = forms.get(c.at);
    if (form) {
      const index = segments.length;
      emit(`<mark name="${markStart(index)}"/>`);
      const ssmlStart = ssmlLen;
      const spoken = [...form.spoken].map(escapeXml).join('');
      emit(spoken);
      segments.push({
        index,
        inputStart: form.start,
        inputEnd: form.end,
        ssmlStart,
        ssmlEnd: ssmlLen,
        inputIndexAt: new Array<number>(ssmlLen - ssmlStart).fill(form.start),
        cjk: false,
      });
      emit(`<mark name="${markEnd(index)}"/>`);
      while (i < chars.length && chars[i]!.at < form.end) i++;
      continue;
    }
    if (c.cls === 'space' || c.cls === 'punct') {
      emit(c.cls === 'space' ? ' ' : escapeXml(c.ch));
      i++;
      continue;
    }
    // A segment: consecutive letters of one family (CJK or not), up to the next spoken form.
    let j = i;
    while (j < chars.length && chars[j]!.cls === c.cls && (j === i || !forms.has(chars[j]!.at))) j++;
    const run = chars.slice(i, j);
    const inputStart = c.at;
    const last = run[run.length - 1]!;
    const inputEnd = last.at + last.ch.length;
    const raw = text.slice(inputStart, inputEnd);
    if (wordCore(raw).text.length === 0) {
      // Only punctuation/symbols ("--", "..."): spoken as-is, no timed word.
      for (const r of run) emit(escapeXml(r.ch));
      i = j;
      continue;
    }
    const index = segments.length;
    emit(`<mark name="${markStart(index)}"/>`);
    const ssmlStart = ssmlLen;
    const inputIndexAt: number[] = [];
    for (const r of run) {
      if (!spoken(r.ch, lang)) continue;
      const escaped = escapeXml(r.ch);
      for (let k = 0; k < [...escaped].length; k++) inputIndexAt.push(r.at);
      emit(escaped);
    }
    segments.push({
      index,
      inputStart,
      inputEnd,
      ssmlStart,
      ssmlEnd: ssmlLen,
      inputIndexAt,
      cjk: c.cls === 'cjk',
    });
    emit(`<mark name="${markEnd(index)}"/>`);
    i = j;
  }
  emit('</speak>');
  return { ssml, segments };
}
