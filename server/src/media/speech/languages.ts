/** Languages a likeness voice can speak (the voice API's `languages` values). */
export type SpeechLanguage =
  | 'zh'
  | 'zh_cantonese'
  | 'zh_sichuanese'
  | 'zh_shanghainese'
  | 'zh_tianjinese'
  | 'zh_zhengzhounese'
  | 'zh_wuhanese'
  | 'de'
  | 'es'
  | 'fr'
  | 'en'
  | 'jp'
  | 'ko';

export const SPEECH_LANGUAGES: readonly SpeechLanguage[] = Object.freeze([
  'zh',
  'zh_cantonese',
  'zh_sichuanese',
  'zh_shanghainese',
  'zh_tianjinese',
  'zh_zhengzhounese',
  'zh_wuhanese',
  'de',
  'es',
  'fr',
  'en',
  'jp',
  'ko',
] as const);

/**
 * eSpeak-NG voice for each language. eSpeak has Mandarin (cmn, which reads Latin words as
 * English, so mixed Chinese-English text works) and Cantonese (yue), but no Sichuanese, Wu
 * (Shanghainese) or other regional voices: Sichuan, Tianjin, Zhengzhou and Wuhan speech are Mandarin
 * dialects, and Shanghai speakers read standard Mandarin, so all of them fall back to cmn. The
 * difference then lives only in the voice profile (pitch, rate) cloned from the sample.
 */
const ESPEAK_VOICES: Readonly<Record<SpeechLanguage, string>> = Object.freeze({
  zh: 'cmn',
  zh_cantonese: 'yue',
  zh_sichuanese: 'cmn',
  zh_shanghainese: 'cmn',
  zh_tianjinese: 'cmn',
  zh_zhengzhounese: 'cmn',
  zh_wuhanese: 'cmn',
  de: 'de',
  es: 'es',
  fr: 'fr',
  en: 'en-us',
  jp: 'ja',
  ko: 'ko',
});

/** The eSpeak voice for a language; Mandarin for anything unknown (the voice API's default). */
export function espeakVoiceFor(lang: SpeechLanguage): string {
  return (ESPEAK_VOICES as Partial<Record<string, string>>)[lang] ?? 'cmn';
}

export function isSpeechLanguage(value: unknown): value is SpeechLanguage {
  return typeof value === 'string' && (SPEECH_LANGUAGES as readonly string[]).includes(value);
}

// Script classes by code point. Han includes the extension A block and compatibility ideographs.
const HANGUL_RE = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/gu;
const KANA_RE = /[\u3040-\u309f\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f]/gu;
const HAN_RE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/gu;
const LATIN_WORD_RE = /\p{Script=Latin}+/gu;

const count = (text: string, re: RegExp): number => text.match(re)?.length ?? 0;

/**
 * Guesses the language of a text from its script: Hangul → ko, kana → jp (Japanese mixes kana with
 * kanji, Chinese never uses kana), Han → zh. Latin text is told apart by its letters and most
 * common words (detectLatinLanguage). What stays unclear (short Latin text, Cyrillic…) gives null
 * and the caller falls back to the voice's own language. A CJK character is about one syllable
 * and a Latin word one or two, so CJK wins when it has at least as many characters as the Latin
 * part has words ("我用iPhone拍照" is Chinese).
 */
export function detectTextLanguage(text: string): SpeechLanguage | null {
  const hangul = count(text, HANGUL_RE);
  const kana = count(text, KANA_RE);
  const han = count(text, HAN_RE);
  const cjk = hangul + kana + han;
  if (cjk === 0 || cjk < count(text, LATIN_WORD_RE)) return detectLatinLanguage(text);
  if (hangul >= kana + han) return 'ko';
  // A handful of kana in otherwise Han text is still Japanese; 10% keeps stray symbols out.
  if (kana > 0 && kana >= 0.1 * (kana + han)) return 'jp';
  if (han > 0) return 'zh';
  return hangul > 0 ? 'ko' : 'jp';
}

type LatinLanguage = 'en' | 'de' | 'fr' | 'es';

/** Letters only one or two of the four languages use, with how strongly each points to it. */
const LATIN_LETTERS: readonly [RegExp, Partial<Record<LatinLanguage, number>>][] = [
  [/[ßäöü]/giu, { de: 3 }],
  [/[ñ¿¡]/giu, { es: 3 }],
  [/[áíóú]/giu, { es: 2 }],
  [/[çœèêàùâîôëï]/giu, { fr: 2 }],
  [/é/giu, { fr: 1, es: 1 }],
];

/** The most frequent short words; a word shared by two languages counts half for each. */
const LATIN_WORDS: Readonly<Record<LatinLanguage, readonly string[]>> = {
  en: [
    'the',
    'and',
    'is',
    'are',
    'of',
    'to',
    'in',
    'that',
    'it',
    'you',
    'with',
    'for',
    'this',
    'was',
    'on',
    'we',
    'be',
    'have',
    'not',
    'a',
  ],
  de: [
    'der',
    'die',
    'das',
    'und',
    'ist',
    'nicht',
    'ein',
    'eine',
    'zu',
    'mit',
    'den',
    'von',
    'ich',
    'sie',
    'es',
    'auf',
    'für',
    'wir',
    'im',
    'dem',
  ],
  fr: [
    'le',
    'la',
    'les',
    'et',
    'est',
    'un',
    'une',
    'des',
    'du',
    'de',
    'je',
    'vous',
    'pour',
    'pas',
    'que',
    'qui',
    'dans',
    'sur',
    'avec',
    'nous',
    'en',
  ],
  es: [
    'el',
    'la',
    'los',
    'las',
    'y',
    'es',
    'un',
    'una',
    'de',
    'que',
    'en',
    'por',
    'para',
    'con',
    'no',
    'del',
    'se',
    'al',
    'lo',
    'muy',
  ],
};
const WORD_WEIGHT = new Map<string, Partial<Record<LatinLanguage, number>>>();
for (const [lang, words] of Object.entries(LATIN_WORDS) as [LatinLanguage, readonly string[]][]) {
  for (const w of words) WORD_WEIGHT.set(w, { ...WORD_WEIGHT.get(w), [lang]: 1 });
}
for (const [w, langs] of WORD_WEIGHT) {
  const n = Object.keys(langs).length;
  if (n > 1) WORD_WEIGHT.set(w, Object.fromEntries(Object.keys(langs).map((l) => [l, 1 / n])));
}

/**
 * English, German, French or Spanish from letters and common words, or null when the text does not
 * say clearly enough (fewer than three points, or the runner-up within two thirds of the winner).
 * Pure.
 */
export function detectLatinLanguage(text: string): LatinLanguage | null {
  const score: Record<LatinLanguage, number> = { en: 0, de: 0, fr: 0, es: 0 };
  const add = (w: Partial<Record<LatinLanguage, number>>, times = 1) => {
    for (const [l, v] of Object.entries(w) as [LatinLanguage, number][]) score[l] += v * times;
  };
  for (const [re, w] of LATIN_LETTERS) add(w, count(text, re));
  for (const word of text.toLowerCase().match(LATIN_WORD_RE) ?? []) {
    const w = WORD_WEIGHT.get(word);
    if (w) add(w);
  }
  const ranked = (Object.entries(score) as [LatinLanguage, number][]).sort((a, b) => b[1] - a[1]);
  const [best, second] = [ranked[0]!, ranked[1]!];
  return best[1] >= 3 && second[1] <= (2 / 3) * best[1] ? best[0] : null;
}
