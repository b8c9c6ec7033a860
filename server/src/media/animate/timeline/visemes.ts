import type { SpeechLanguage } from '../../speech/languages.js';
import type { MouthPose } from './types.js';

/**
 * Mouth-shape classes. Consonants are grouped by what the lips and jaw do (the tongue is invisible);
 * vowels keep their own pose because rounding and spread are what a viewer reads from them.
 */
export type VisemeId =
  | 'rest'
  | 'PP'
  | 'FF'
  | 'PH'
  | 'TH'
  | 'DD'
  | 'NN'
  | 'SS'
  | 'SH'
  | 'SR'
  | 'SJ'
  | 'KK'
  | 'RR'
  | 'WW'
  | 'JJ'
  | 'AA'
  | 'AE'
  | 'AH'
  | 'EH'
  | 'EE'
  | 'ER'
  | 'SCHWA'
  | 'IH'
  | 'II'
  | 'IA'
  | 'UY'
  | 'OE'
  | 'OO'
  | 'AW'
  | 'UU'
  | 'UH'
  | 'UI'
  | 'UJ'
  | 'UK';

/** How strongly a class pulls each pose dimension toward its target (co-articulation weight). */
export interface Dominance {
  open: number;
  wide: number;
  round: number;
}

export interface Viseme {
  pose: MouthPose;
  dominance: Dominance;
  vowel: boolean;
  /**
   * Upper bound on `open` at the centre of the segment, enforced after blending so the closure is
   * seen even when neighbours pull the jaw open (lips must meet for p/b/m). null = no bound.
   */
  maxOpen: number | null;
}

const pose = (open: number, wide: number, round: number): MouthPose => ({ open, wide, round });
const dom = (open: number, wide: number, round: number): Dominance => ({ open, wide, round });

const VOWEL_DOMINANCE = dom(1.5, 1, 1);
const vowel = (open: number, wide: number, round: number): Viseme => ({
  pose: pose(open, wide, round),
  dominance: VOWEL_DOMINANCE,
  vowel: true,
  maxOpen: null,
});
const consonant = (p: MouthPose, d: Dominance, maxOpen: number | null = null): Viseme => ({
  pose: p,
  dominance: d,
  vowel: false,
  maxOpen,
});

/**
 * Target poses. Consonants lend the lips to their neighbours (low wide/round dominance) except where
 * the lips do the articulation: bilabials close, labiodentals bite, w/sh round, s/j spread.
 */
export const VISEMES: Readonly<Record<VisemeId, Viseme>> = Object.freeze({
  rest: consonant(pose(0, 0, 0), dom(1, 0.5, 0.5)),
  PP: consonant(pose(0, 0, 0), dom(2, 0.3, 0.3), 0),
  FF: consonant(pose(0.06, 0.1, 0), dom(1.5, 0.4, 0.3), 0.1),
  PH: consonant(pose(0.1, -0.2, 0.3), dom(1.5, 0.5, 0.5)),
  TH: consonant(pose(0.18, 0.15, 0), dom(0.9, 0.2, 0.2)),
  DD: consonant(pose(0.15, 0.1, 0), dom(0.8, 0.2, 0.2)),
  NN: consonant(pose(0.25, 0.05, 0), dom(0.5, 0.2, 0.2)),
  SS: consonant(pose(0.08, 0.35, 0), dom(1.5, 0.5, 0.3)),
  SH: consonant(pose(0.12, -0.3, 0.55), dom(1.2, 0.9, 0.9)),
  SR: consonant(pose(0.12, -0.1, 0.25), dom(1.2, 0.6, 0.6)),
  SJ: consonant(pose(0.12, 0.45, 0), dom(1.2, 0.8, 0.3)),
  KK: consonant(pose(0.22, 0, 0), dom(0.35, 0.1, 0.1)),
  RR: consonant(pose(0.2, -0.3, 0.45), dom(0.8, 0.7, 0.8)),
  WW: consonant(pose(0.1, -0.75, 0.9), dom(1.2, 1.2, 1.5)),
  JJ: consonant(pose(0.14, 0.5, 0), dom(0.8, 0.7, 0.3)),
  AA: vowel(1, 0.1, 0),
  AE: vowel(0.85, 0.4, 0),
  AH: vowel(0.68, 0.08, 0),
  EH: vowel(0.6, 0.45, 0),
  EE: vowel(0.5, 0.55, 0),
  ER: vowel(0.35, -0.15, 0.3),
  SCHWA: vowel(0.45, 0, 0),
  IH: vowel(0.33, 0.6, 0),
  II: vowel(0.28, 0.85, 0),
  IA: vowel(0.25, 0.3, 0),
  UY: vowel(0.26, -0.55, 0.9),
  OE: vowel(0.48, -0.4, 0.7),
  OO: vowel(0.5, -0.5, 0.8),
  AW: vowel(0.65, -0.3, 0.55),
  UU: vowel(0.25, -0.8, 1),
  UH: vowel(0.33, -0.45, 0.6),
  UI: vowel(0.27, 0.2, 0),
  UJ: vowel(0.27, -0.1, 0.35),
  UK: vowel(0.27, 0.35, 0),
});

/**
 * eSpeak phoneme ids are IPA symbols (with a few ASCII mnemonics: "s." retroflex, "i." apical vowel,
 * "h" after a stop for aspiration; Cantonese uses Jyutping-like letters). Longest match first.
 */
const COMMON_TOKENS: ReadonlyArray<readonly [string, VisemeId]> = [
  ['ts.h', 'SR'],
  ['ts.', 'SR'],
  ['tɕh', 'SJ'],
  ['tʃh', 'SH'],
  ['tsh', 'SS'],
  ['s.', 'SR'],
  ['i.', 'IA'],
  ['ph', 'PP'],
  ['th', 'DD'],
  ['kh', 'KK'],
  ['ts', 'SS'],
  ['dz', 'SS'],
  ['tʃ', 'SH'],
  ['dʒ', 'SH'],
  ['tɕ', 'SJ'],
  ['dʑ', 'SJ'],
  ['pf', 'PP'],
  ['nɡ', 'KK'],
  ['p', 'PP'],
  ['b', 'PP'],
  ['m', 'PP'],
  ['ɱ', 'FF'],
  ['f', 'FF'],
  ['v', 'FF'],
  ['ʋ', 'FF'],
  ['ɸ', 'PH'],
  ['β', 'PH'],
  ['θ', 'TH'],
  ['ð', 'TH'],
  ['t', 'DD'],
  ['d', 'DD'],
  ['n', 'NN'],
  ['l', 'NN'],
  ['ɫ', 'NN'],
  ['ɾ', 'NN'],
  ['ɽ', 'NN'],
  ['ɬ', 'DD'],
  ['ɲ', 'JJ'],
  ['ʎ', 'JJ'],
  ['s', 'SS'],
  ['z', 'SS'],
  ['ʃ', 'SH'],
  ['ʒ', 'SH'],
  ['ʂ', 'SR'],
  ['ʐ', 'SR'],
  ['ɻ', 'SR'],
  ['ɕ', 'SJ'],
  ['ʑ', 'SJ'],
  ['ç', 'SJ'],
  ['ʝ', 'JJ'],
  ['k', 'KK'],
  ['ɡ', 'KK'],
  ['q', 'KK'],
  ['ŋ', 'KK'],
  ['ɴ', 'KK'],
  ['x', 'KK'],
  ['χ', 'KK'],
  ['ɣ', 'KK'],
  ['h', 'KK'],
  ['ɦ', 'KK'],
  ['ʔ', 'KK'],
  ['ʁ', 'KK'],
  ['c', 'KK'],
  ['ɹ', 'RR'],
  ['w', 'WW'],
  ['ɥ', 'WW'],
  ['j', 'JJ'],
  ['ʲ', 'JJ'],
  ['a', 'AA'],
  ['ɑ', 'AA'],
  ['ɒ', 'AW'],
  ['æ', 'AE'],
  ['ɐ', 'AH'],
  ['ʌ', 'AH'],
  ['ɛ', 'EH'],
  ['e', 'EE'],
  ['ɜ', 'SCHWA'],
  ['ə', 'SCHWA'],
  ['ɘ', 'SCHWA'],
  ['ɤ', 'SCHWA'],
  ['ɚ', 'ER'],
  ['ɪ', 'IH'],
  ['ᵻ', 'IH'],
  ['ɨ', 'IH'],
  ['i', 'II'],
  ['y', 'UY'],
  ['ʏ', 'UY'],
  ['ø', 'OE'],
  ['œ', 'OE'],
  ['ɵ', 'OE'],
  ['o', 'OO'],
  ['ɔ', 'AW'],
  ['u', 'UU'],
  ['ʊ', 'UH'],
  ['ɯ', 'UI'],
];

/** Jyutping letters that differ from IPA: c = aspirated ts, z = ts, eo/oe = rounded front vowels, yu = y. */
const CANTONESE_TOKENS: ReadonlyArray<readonly [string, VisemeId]> = [
  ['eo', 'OE'],
  ['oe', 'OE'],
  ['yu', 'UY'],
  ['c', 'SS'],
  ['z', 'SS'],
  ['e', 'EH'],
  ['o', 'AW'],
];

/** Mandarin "r" is the retroflex approximant (lips slightly rounded), elsewhere a trill or tap. */
const MANDARIN_TOKENS: ReadonlyArray<readonly [string, VisemeId]> = [['r', 'SR']];
const OTHER_TOKENS: ReadonlyArray<readonly [string, VisemeId]> = [['r', 'DD']];

/** Japanese ɯ is compressed (lips slightly rounded), Korean ɯ is spread. */
const JAPANESE_TOKENS: ReadonlyArray<readonly [string, VisemeId]> = [['ɯ', 'UJ']];
const KOREAN_TOKENS: ReadonlyArray<readonly [string, VisemeId]> = [['ɯ', 'UK']];

function tokensFor(language: SpeechLanguage): ReadonlyArray<readonly [string, VisemeId]> {
  const extra: (readonly [string, VisemeId])[] = [];
  if (language === 'zh_cantonese') extra.push(...CANTONESE_TOKENS);
  if (language === 'jp') extra.push(...JAPANESE_TOKENS);
  if (language === 'ko') extra.push(...KOREAN_TOKENS);
  extra.push(...(language.startsWith('zh') ? MANDARIN_TOKENS : OTHER_TOKENS));
  // Language-specific readings first, then longest common tokens first.
  return [...extra, ...COMMON_TOKENS].sort((a, b) => b[0].length - a[0].length);
}

const TOKEN_CACHE = new Map<SpeechLanguage, ReadonlyArray<readonly [string, VisemeId]>>();

/** What the normaliser keeps of an eSpeak phoneme id, and whether it carried primary or secondary stress. */
export interface NormalisedPhoneme {
  symbols: string;
  stressed: boolean;
}

/**
 * Strips what does not change the mouth: stress marks (kept as a flag), length marks, tone digits,
 * combining diacritics (nasalisation, lowering, syllabicity), eSpeak's "-" variant suffix and the
 * labialisation superscript. "g" is folded into the IPA "ɡ" eSpeak otherwise uses. Pure.
 */
export function normalisePhoneme(id: string): NormalisedPhoneme {
  const stressed = /[ˈˌ]/.test(id);
  const symbols = id
    .normalize('NFD')
    // Two diacritics change the class: the cedilla of ç (palatal fricative, not a stop) and the
    // bridge under Mandarin's apical i̪ (the "i" of si/zi/ci, as unspread as retroflex "i.").
    .replace(/c\u0327/g, 'ç')
    .replace(/i\u032a/g, 'i.')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ˈˌːˑᵝ0-9\-_'",|\s]/g, '')
    .replace(/g/g, 'ɡ');
  return { symbols, stressed };
}

export interface VisemeUnit {
  viseme: VisemeId;
  /** Share of the phoneme's duration this unit takes (diphthongs and syllables split it). */
  share: number;
  /** Multiplies the target's `open` (unstressed vowels open less). */
  openScale: number;
}

/** Unstressed vowels are shorter and more central in every language eSpeak marks stress for. */
const UNSTRESSED_OPEN = 0.88;

/**
 * The viseme units of one eSpeak phoneme: a consonant gives one, a diphthong or a Mandarin final
 * ("iou", "uai", "onɡ") gives a sequence with glides shorter than the nucleus. Unknown symbols are
 * skipped; a phoneme with no known symbol (or a pause) gives a single `rest`. Pure.
 */
export function visemeUnits(phoneme: string, language: SpeechLanguage): VisemeUnit[] {
  const { symbols, stressed } = normalisePhoneme(phoneme);
  const { ids } = tokenise(symbols, language);
  if (ids.length === 0) return [{ viseme: 'rest', share: 1, openScale: 1 }];

  const nucleus = nucleusIndex(ids);
  const raw = ids.map((id, i) => {
    const v = VISEMES[id];
    // Glides before the nucleus are quick, off-glides and codas take a good part of the syllable.
    const weight = i === nucleus ? 1 : i < nucleus ? 0.35 : v.vowel ? 0.6 : 0.5;
    const openScale = v.vowel && !stressed && !isSingleSyllableLanguage(language) ? UNSTRESSED_OPEN : 1;
    return { viseme: id, weight, openScale };
  });
  const total = raw.reduce((s, u) => s + u.weight, 0);
  return raw.map((u) => ({ viseme: u.viseme, share: u.weight / total, openScale: u.openScale }));
}

/**
 * The symbols of an eSpeak phoneme id that no viseme covers (an empty list for every id eSpeak emits
 * for likeness's languages; anything else is worth adding to the table). Pure.
 */
export function unmappedSymbols(phoneme: string, language: SpeechLanguage): string[] {
  return tokenise(normalisePhoneme(phoneme).symbols, language).unknown;
}

function tokenise(symbols: string, language: SpeechLanguage): { ids: VisemeId[]; unknown: string[] } {
  let tokens = TOKEN_CACHE.get(language);
  if (!tokens) {
    tokens = tokensFor(language);
    TOKEN_CACHE.set(language, tokens);
  }
  const ids: VisemeId[] = [];
  const unknown: string[] = [];
  let at = 0;
  while (at < symbols.length) {
    const hit = tokens.find(([t]) => symbols.startsWith(t, at));
    if (hit) {
      ids.push(hit[1]);
      at += hit[0].length;
    } else {
      // Whole code points, so an unknown astral symbol is reported as itself.
      const ch = String.fromCodePoint(symbols.codePointAt(at)!);
      unknown.push(ch);
      at += ch.length;
    }
  }
  return { ids, unknown };
}

/** The most open vowel is the syllable's nucleus ("iou" → o, "ai" → a); no vowel → the first unit. */
function nucleusIndex(ids: readonly VisemeId[]): number {
  let best = -1;
  let bestOpen = -1;
  ids.forEach((id, i) => {
    const v = VISEMES[id];
    if (v.vowel && v.pose.open > bestOpen) {
      best = i;
      bestOpen = v.pose.open;
    }
  });
  return best < 0 ? 0 : best;
}

/**
 * eSpeak marks Chinese and Japanese vowels stressed or not by tone/pitch accent, not by reduction, so
 * unmarked vowels there keep their full opening.
 */
function isSingleSyllableLanguage(language: SpeechLanguage): boolean {
  return language.startsWith('zh') || language === 'jp';
}
