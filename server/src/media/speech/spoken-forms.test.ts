import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SpeechLanguage } from './languages.js';
import { spokenForms } from './spoken-forms.js';

/** "written → spoken" for each form found, in order. */
const forms = (text: string, lang: SpeechLanguage) =>
  spokenForms(text, lang).map((f) => `${text.slice(f.start, f.end)} → ${f.spoken}`);

test('Chinese: years digit by digit, dates, times, percentages, temperatures, money, phone numbers', () => {
  assert.deepEqual(
    forms('2024年11月21日下午3:30，温度-5.5°C，增长了12.5%，价格¥199，电话13812345678。', 'zh'),
    [
      '2024 → 二零二四',
      '3:30 → 3点30分',
      '-5.5°C → 零下5.5摄氏度',
      '12.5% → 百分之12.5',
      '¥199 → 199元',
      '13812345678 → 幺三八幺二三四五六七八',
    ],
  );
  assert.deepEqual(
    forms('今天是2024-11-21，完成了1/3，花了$1,299，气温-5度，亏损-3。10:00开会', 'zh_sichuanese'),
    [
      '2024-11-21 → 二零二四年11月21日',
      '1/3 → 3分之1',
      '$1,299 → 1299美元',
      '-5 → 零下5',
      '-3 → 负3',
      '10:00 → 10点',
    ],
  );
  // Cantonese says its decimal point (eSpeak's Cantonese skips it) and 一 in phone numbers.
  assert.deepEqual(forms('升咗12.5%，10:30開會，電話 138-1234-5678', 'zh_cantonese'), [
    '12.5% → 百分之12點五',
    '10:30 → 10點30分',
    '138-1234-5678 → 一三八，一二三四，五六七八',
  ]);
  // Version numbers and codes next to Latin letters are left alone.
  assert.deepEqual(forms('用iPhone 15和v2.1版本，A4纸', 'zh'), []);
});

test('English: dates, money, temperatures, phone numbers and years as people say them', () => {
  assert.deepEqual(
    forms(
      'On 2024-11-21 it cost $19.99, on 11/21/2024 just $1. Call 555-1234 or 212-555-0199; -5°C; in 1999 and 2005; in 2005.',
      'en',
    ),
    [
      '2024-11-21 → November 21st, 20 24',
      '$19.99 → 19 dollars and 99 cents',
      '11/21/2024 → November 21st, 20 24',
      '$1 → 1 dollar',
      '555-1234 → 5 5 5, 1 2 3 4',
      '212-555-0199 → 2 1 2, 5 5 5, 0 1 9 9',
      '-5°C → minus 5 degrees Celsius',
      '1999 → 19 99',
      '2005 → 2005',
    ],
  );
  assert.deepEqual(forms('€1,000,000 and £3.50', 'en'), [
    '€1,000,000 → 1000000 euros',
    '£3.50 → 3 pounds and 50 pence',
  ]);
});

test('German, French and Spanish dates and temperatures', () => {
  assert.deepEqual(forms('Am 21.11.2024 um 15:30 Uhr. Der 3. Oktober. 1.5.2024: -5 °C', 'de'), [
    '21.11.2024 → einundzwanzigsten November 2024',
    '3.  → dritter ',
    '1.5.2024 → erster Mai 2024',
    '-5 °C → minus 5 Grad Celsius',
  ]);
  assert.deepEqual(forms('Le 1/5/2024 à 15h30, il faisait -5 °C.', 'fr'), [
    '1/5/2024 → premier mai 2024',
    '15h30 → 15 heures 30',
    '-5 °C → moins 5 degrés Celsius',
  ]);
  assert.deepEqual(forms('El 21/11/2024 hacía -5 °C.', 'es'), [
    '21/11/2024 → 21 de noviembre de 2024',
    '-5 °C → menos 5 grados Celsius',
  ]);
});

test('Korean and Japanese: dates, times, percentages', () => {
  assert.deepEqual(forms('2024-11-21 오후 3:30, 12.5% 증가, -5°C', 'ko'), [
    '2024-11-21 → 2024년 11월 21일',
    '3:30 → 3시 30분',
    '12.5% → 12.5퍼센트',
    '-5°C → 영하 5도',
  ]);
  assert.deepEqual(forms('2024-11-21 の 15:30 に 12.5% と 0.5', 'jp'), [
    '2024-11-21 → 2024ねん 11がつ 21にち',
    '15:30 → 15じ 30ふん',
    '12.5% → 12てん5パーセント',
    '0.5 → 0てん5',
  ]);
});

test('invalid dates and times are not rewritten', () => {
  assert.deepEqual(forms('2024-13-45 和 25:99', 'zh'), []);
  assert.deepEqual(forms('13/45/2024', 'en'), []);
});
