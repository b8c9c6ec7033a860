import type { SpeechLanguage } from './languages.js';

/**
 * A stretch of the input that eSpeak would read badly as written (dates, percentages, currencies,
 * phone numbers…) and the words to say instead. The input text itself is never changed: the SSML
 * builder speaks `spoken` in place of the stretch and times it as one word, so subtitles still show
 * what was written.
 */
export interface SpokenForm {
  /** UTF-16 range in the input. */
  start: number;
  end: number;
  spoken: string;
}

type Rule = { re: RegExp; say: (m: RegExpExecArray) => string | null };

const ZH_DIGITS = '零一二三四五六七八九';
/** Digit by digit, in Chinese characters ("2024" → 二零二四); phone numbers say 幺 for 1 in Mandarin. */
const zhDigits = (s: string, one = '一') =>
  [...s].map((d) => (d === '1' ? one : (ZH_DIGITS[Number(d)] ?? ''))).join('');
const num = (s: string) => s.replace(/,/g, '');
const validDate = (m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= 31;

/** Numbers: optional sign, thousands separators, decimals. */
const N = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
/**
 * Not glued to a digit, a decimal point or an alphabetic word on either side ("A4", "v2.1" stay as
 * they are). Chinese and Japanese characters may touch: their text has no spaces ("下午3:30").
 */
const B = String.raw`(?<![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hangul}\d.])`;
const E = String.raw`(?![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\d]|\.\d)`;

const rule = (source: string, say: Rule['say']): Rule => ({ re: new RegExp(source, 'gu'), say });

// --- Chinese (Mandarin, and Cantonese with its own decimal word) ---------------------------------

function zhRules(cantonese: boolean): Rule[] {
  const point = cantonese ? '點' : '点';
  // eSpeak's Cantonese reads "12.5" as 十二五; the decimals are spelled out for it.
  const n = (s: string) => {
    const [i, f] = num(s).split('.');
    return cantonese && f ? `${i}${point}${zhDigits(f)}` : num(s);
  };
  const one = cantonese ? '一' : '幺';
  return [
    rule(`${B}(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})${E}`, (m) =>
      validDate(Number(m[2]), Number(m[3])) ? `${zhDigits(m[1]!)}年${Number(m[2])}月${Number(m[3])}日` : null,
    ),
    // Years are read digit by digit: 2024年 → 二零二四年.
    rule(`${B}(\\d{4})(?=\\s*年)`, (m) => zhDigits(m[1]!)),
    rule(
      `${B}(-|−|零下)?(${N})\\s*°\\s*([CF])${E}`,
      (m) => `${m[1] ? '零下' : ''}${n(m[2]!)}${m[3] === 'C' ? '摄氏度' : '华氏度'}`,
    ),
    rule(`${B}([-−])?(${N})\\s*[%％]`, (m) => `${m[1] ? '负' : ''}百分之${n(m[2]!)}`),
    rule(`${B}(\\d{1,2}):(\\d{2})${E}`, (m) =>
      Number(m[1]) <= 24 && Number(m[2]) < 60
        ? `${Number(m[1])}${cantonese ? '點' : '点'}${Number(m[2]) === 0 ? '' : `${Number(m[2])}分`}`
        : null,
    ),
    // Phone numbers and other long digit strings are read digit by digit.
    rule(`${B}(\\d{3,4})[- ](\\d{3,4})[- ](\\d{4})${E}`, (m) =>
      [m[1], m[2], m[3]].map((g) => zhDigits(g!, one)).join('，'),
    ),
    rule(`${B}(\\d{7,})${E}`, (m) => zhDigits(m[1]!, one)),
    rule(`${B}(\\d+)/(\\d+)${E}`, (m) => (Number(m[2]) > 0 ? `${m[2]}分之${m[1]}` : null)),
    rule(`([¥￥$€£])\\s?(${N})`, (m) => `${n(m[2]!)}${CURRENCY_ZH[m[1]!]}`),
    // A temperature without the degree sign: -5度 → 零下5度.
    rule(`${B}[-−](${N})(?=\\s*度)`, (m) => `零下${n(m[1]!)}`),
    rule(`${B}[-−](${N})${E}`, (m) => `负${n(m[1]!)}`),
    ...(cantonese ? [rule(`${B}(\\d+\\.\\d+)${E}`, (m) => n(m[1]!))] : []),
  ];
}

const CURRENCY_ZH: Record<string, string> = { '¥': '元', '￥': '元', $: '美元', '€': '欧元', '£': '英镑' };

// --- English ------------------------------------------------------------------------------------

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ordinalEn = (d: number) =>
  `${d}${d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th'}`;
/** Years as people say them: 1999 → "19 99", 2024 → "20 24", 2005 → "2005" (two thousand five). */
function yearEn(y: string): string {
  const n = Number(y);
  if (n >= 2000 && n < 2010) return y;
  if (n < 1100 || n > 2099) return y;
  return y.endsWith('00') ? `${y.slice(0, 2)} hundred` : `${y.slice(0, 2)} ${y.slice(2)}`;
}
const CURRENCY_EN: Record<string, [string, string]> = {
  $: ['dollar', 'cents'],
  '€': ['euro', 'cents'],
  '£': ['pound', 'pence'],
  '¥': ['yen', ''],
};
const spaced = (digits: string) => [...digits].join(' ');

const EN_RULES: Rule[] = [
  rule(`${B}(\\d{4})-(\\d{1,2})-(\\d{1,2})${E}`, (m) =>
    validDate(Number(m[2]), Number(m[3]))
      ? `${MONTHS_EN[Number(m[2]) - 1]} ${ordinalEn(Number(m[3]))}, ${yearEn(m[1]!)}`
      : null,
  ),
  rule(`${B}(\\d{1,2})/(\\d{1,2})/(\\d{4})${E}`, (m) =>
    validDate(Number(m[1]), Number(m[2]))
      ? `${MONTHS_EN[Number(m[1]) - 1]} ${ordinalEn(Number(m[2]))}, ${yearEn(m[3]!)}`
      : null,
  ),
  rule(`(?<=\\b(?:in|since|by|from|until|of|year)\\s+)(1[1-9]\\d\\d|20\\d\\d)${E}`, (m) => yearEn(m[1]!)),
  rule(
    `${B}(-|−|minus\\s)?(${N})\\s*°\\s*([CF])${E}`,
    (m) => `${m[1] ? 'minus ' : ''}${num(m[2]!)} degrees ${m[3] === 'C' ? 'Celsius' : 'Fahrenheit'}`,
  ),
  rule(`([$€£¥])\\s?(\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.(\\d{2}))?${E}`, (m) => {
    const [unit, sub] = CURRENCY_EN[m[1]!]!;
    const whole = num(m[2]!);
    const units = `${whole} ${unit}${whole === '1' || unit === 'yen' ? '' : 's'}`;
    const cents = m[3] && Number(m[3]) > 0 && sub ? ` and ${Number(m[3])} ${sub}` : '';
    return units + cents;
  }),
  rule(`${B}(\\d{3})-(\\d{3})-(\\d{4})${E}`, (m) => [m[1], m[2], m[3]].map((g) => spaced(g!)).join(', ')),
  rule(`${B}(\\d{3})-(\\d{4})${E}`, (m) => `${spaced(m[1]!)}, ${spaced(m[2]!)}`),
];

// --- German, French, Spanish ---------------------------------------------------------------------

const MONTHS_DE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
const ONES_DE = ['', 'ein', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];
const TEENS_DE = [
  'zehn',
  'elf',
  'zwölf',
  'dreizehn',
  'vierzehn',
  'fünfzehn',
  'sechzehn',
  'siebzehn',
  'achtzehn',
  'neunzehn',
];
/** German ordinal stem of a day of the month, 1-31: "erst", "einundzwanzigst". */
function ordinalStemDe(d: number): string {
  if (d === 1) return 'erst';
  if (d === 3) return 'dritt';
  if (d === 7) return 'siebt';
  if (d === 8) return 'acht';
  if (d < 10) return `${ONES_DE[d]}t`;
  if (d < 20) return `${TEENS_DE[d - 10]}t`;
  const tens = d >= 30 ? 'dreißig' : 'zwanzig';
  const one = d % 10;
  return `${one ? `${ONES_DE[one]}und` : ''}${tens}st`;
}

/** Prepositions after which a German date takes the dative ("am einundzwanzigsten"). */
const DE_DATIVE = String.raw`(?<=\b(?:[Aa]m|[Vv]om|[Zz]um|[Bb]is zum|[Ss]eit dem|[Aa]b dem)\s+)`;

const DE_RULES: Rule[] = [
  // "am 21.11.2024" → "am einundzwanzigsten November 2024"; without a preposition "…ster".
  ...(['en', 'er'] as const).flatMap((ending) => {
    const after = ending === 'en' ? DE_DATIVE : '';
    return [
      rule(`${after}${B}(\\d{1,2})\\.\\s?(\\d{1,2})\\.\\s?(\\d{4})${E}`, (m) =>
        validDate(Number(m[2]), Number(m[1]))
          ? `${ordinalStemDe(Number(m[1]))}${ending} ${MONTHS_DE[Number(m[2]) - 1]} ${m[3]}`
          : null,
      ),
      rule(`${after}${B}(\\d{1,2})\\.\\s?(?=(?:${MONTHS_DE.join('|')})\\b)`, (m) =>
        Number(m[1]) >= 1 && Number(m[1]) <= 31 ? `${ordinalStemDe(Number(m[1]))}${ending} ` : null,
      ),
    ];
  }),
  rule(`${B}(\\d{4})-(\\d{1,2})-(\\d{1,2})${E}`, (m) =>
    validDate(Number(m[2]), Number(m[3]))
      ? `${ordinalStemDe(Number(m[3]))}er ${MONTHS_DE[Number(m[2]) - 1]} ${m[1]}`
      : null,
  ),
  rule(
    `${B}([-−])?(\\d+(?:,\\d+)?)\\s*°\\s*([CF])${E}`,
    (m) => `${m[1] ? 'minus ' : ''}${m[2]} Grad ${m[3] === 'C' ? 'Celsius' : 'Fahrenheit'}`,
  ),
];

const MONTHS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const dateFr = (d: number, m: number, y: string) => `${d === 1 ? 'premier' : d} ${MONTHS_FR[m - 1]} ${y}`;
const FR_RULES: Rule[] = [
  rule(`${B}(\\d{1,2})/(\\d{1,2})/(\\d{4})${E}`, (m) =>
    validDate(Number(m[2]), Number(m[1])) ? dateFr(Number(m[1]), Number(m[2]), m[3]!) : null,
  ),
  rule(`${B}(\\d{4})-(\\d{1,2})-(\\d{1,2})${E}`, (m) =>
    validDate(Number(m[2]), Number(m[3])) ? dateFr(Number(m[3]), Number(m[2]), m[1]!) : null,
  ),
  rule(`${B}(\\d{1,2})\\s?[h:](\\d{2})?${E}`, (m) =>
    Number(m[1]) <= 24
      ? `${Number(m[1])} heure${Number(m[1]) > 1 ? 's' : ''}${m[2] && Number(m[2]) ? ` ${Number(m[2])}` : ''}`
      : null,
  ),
  rule(
    `${B}([-−])?(\\d+(?:,\\d+)?)\\s*°\\s*([CF])${E}`,
    (m) => `${m[1] ? 'moins ' : ''}${m[2]} degrés ${m[3] === 'C' ? 'Celsius' : 'Fahrenheit'}`,
  ),
];

const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const dateEs = (d: number, m: number, y: string) =>
  `${d === 1 ? 'primero' : d} de ${MONTHS_ES[m - 1]} de ${y}`;
const ES_RULES: Rule[] = [
  rule(`${B}(\\d{1,2})/(\\d{1,2})/(\\d{4})${E}`, (m) =>
    validDate(Number(m[2]), Number(m[1])) ? dateEs(Number(m[1]), Number(m[2]), m[3]!) : null,
  ),
  rule(`${B}(\\d{4})-(\\d{1,2})-(\\d{1,2})${E}`, (m) =>
    validDate(Number(m[2]), Number(m[3])) ? dateEs(Number(m[3]), Number(m[2]), m[1]!) : null,
  ),
  rule(
    `${B}([-−])?(\\d+(?:,\\d+)?)\\s*°\\s*([CF])${E}`,
    (m) => `${m[1] ? 'menos ' : ''}${m[2]} grados ${m[3] === 'C' ? 'Celsius' : 'Fahrenheit'}`,
  ),
];

// --- Korean, Japanese ------------------------------------------------------------------------------

const KO_RULES: Rule[] = [
  rule(`${B}(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})${E}`, (m) =>
    validDate(Number(m[2]), Number(m[3])) ? `${m[1]}년 ${Number(m[2])}월 ${Number(m[3])}일` : null,
  ),
  rule(`${B}(\\d{1,2}):(\\d{2})${E}`, (m) =>
    Number(m[1]) <= 24 && Number(m[2]) < 60
      ? `${Number(m[1])}시${Number(m[2]) ? ` ${Number(m[2])}분` : ''}`
      : null,
  ),
  rule(`(?<!영하\\s*)${B}([-−])?(${N})\\s*°\\s*C${E}`, (m) => `${m[1] ? '영하 ' : ''}${num(m[2]!)}도`),
  rule(`(?<=영하\\s*)[-−]?(${N})\\s*°\\s*C${E}`, (m) => `${num(m[1]!)}도`),
  rule(`${B}(${N})\\s*[%％]`, (m) => `${num(m[1]!)}퍼센트`),
];

/** Japanese is spoken from kana (eSpeak reads no kanji); decimals need their point said. */
const jaNumber = (s: string) => num(s).replace('.', 'てん');
const JA_RULES: Rule[] = [
  rule(`${B}(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})${E}`, (m) =>
    validDate(Number(m[2]), Number(m[3])) ? `${m[1]}ねん ${Number(m[2])}がつ ${Number(m[3])}にち` : null,
  ),
  rule(`${B}(\\d{1,2}):(\\d{2})${E}`, (m) =>
    Number(m[1]) <= 24 && Number(m[2]) < 60
      ? `${Number(m[1])}じ${Number(m[2]) ? ` ${Number(m[2])}ふん` : ''}`
      : null,
  ),
  rule(`${B}(${N})\\s*[%％]`, (m) => `${jaNumber(m[1]!)}パーセント`),
  rule(`${B}(\\d+\\.\\d+)${E}`, (m) => jaNumber(m[1]!)),
];

function rulesFor(lang: SpeechLanguage): Rule[] {
  if (lang === 'zh_cantonese') return zhRules(true);
  if (lang.startsWith('zh')) return zhRules(false);
  if (lang === 'en') return EN_RULES;
  if (lang === 'de') return DE_RULES;
  if (lang === 'fr') return FR_RULES;
  if (lang === 'es') return ES_RULES;
  if (lang === 'ko') return KO_RULES;
  return JA_RULES;
}

/**
 * The stretches of `text` to say differently in `lang`, sorted and not overlapping: the rules run in
 * order (dates before times and fractions, phone numbers before plain numbers) and a later rule
 * never takes characters an earlier one claimed. Pure.
 */
export function spokenForms(text: string, lang: SpeechLanguage): SpokenForm[] {
  const out: SpokenForm[] = [];
  const free = (s: number, e: number) => out.every((f) => e <= f.start || s >= f.end);
  for (const r of rulesFor(lang)) {
    r.re.lastIndex = 0;
    for (let m = r.re.exec(text); m; m = r.re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      const spoken = m[0].length > 0 && free(start, end) ? r.say(m) : null;
      if (spoken) out.push({ start, end, spoken });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
