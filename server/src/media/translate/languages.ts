/**
 * Language codes of the translation engines, as the API names them (ISO 639-1, `target_language_code`).
 * Apertium names its pairs by ISO 639-1 or 639-3 codes, sometimes with a variant (`spa-eng_US`).
 * Pure.
 */

/** ISO 639-3 codes Apertium uses, to the API's two-letter codes. */
const ISO_639_3: Readonly<Record<string, string>> = Object.freeze({
  afr: 'af',
  arg: 'an',
  ast: 'ast',
  bel: 'be',
  bul: 'bg',
  cat: 'ca',
  dan: 'da',
  eng: 'en',
  epo: 'eo',
  eus: 'eu',
  fra: 'fr',
  glg: 'gl',
  hbs: 'sh',
  hin: 'hi',
  ind: 'id',
  isl: 'is',
  ita: 'it',
  mkd: 'mk',
  nld: 'nl',
  nno: 'nn',
  nob: 'nb',
  nor: 'no',
  oci: 'oc',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  rus: 'ru',
  slv: 'sl',
  spa: 'es',
  srd: 'sc',
  swe: 'sv',
  ukr: 'uk',
  urd: 'ur',
  zlm: 'ms',
});

/** The API's code for an engine's language code (`spa` → `es`, `es` → `es`); null when unknown. */
export function apiLanguageCode(code: string): string | null {
  const c = code.trim().toLowerCase();
  if (/^[a-z]{2}$/.test(c)) return c;
  return ISO_639_3[c] ?? null;
}

/** A source → target pair an engine translates, by the API's codes. */
export interface LanguagePair {
  from: string;
  to: string;
}

/** English names of the codes likeness speaks, for messages and listings. */
const NAMES: Readonly<Record<string, string>> = Object.freeze({
  ca: 'Catalan',
  de: 'German',
  en: 'English',
  eo: 'Esperanto',
  es: 'Spanish',
  fr: 'French',
  gl: 'Galician',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  pt: 'Portuguese',
  zh: 'Chinese',
});

/** "es (Spanish)", or the bare code for a language without a name here. */
export function describeLanguage(code: string): string {
  const name = NAMES[code];
  return name ? `${code} (${name})` : code;
}
