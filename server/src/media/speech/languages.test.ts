import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  SPEECH_LANGUAGES,
  detectTextLanguage,
  espeakVoiceFor,
  isSpeechLanguage,
  type SpeechLanguage,
} from './languages.js';

test('every API language maps to an eSpeak voice', () => {
  assert.equal(SPEECH_LANGUAGES.length, 13);
  assert.deepEqual(Object.fromEntries(SPEECH_LANGUAGES.map((l) => [l, espeakVoiceFor(l)])), {
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
});

test('unknown languages fall back to Mandarin', () => {
  assert.equal(espeakVoiceFor('' as SpeechLanguage), 'cmn');
  assert.equal(espeakVoiceFor('xx' as SpeechLanguage), 'cmn');
});

test('isSpeechLanguage accepts only the API values', () => {
  assert.equal(isSpeechLanguage('zh_wuhanese'), true);
  assert.equal(isSpeechLanguage('ja'), false);
  assert.equal(isSpeechLanguage(undefined), false);
});

test('detectTextLanguage picks the language from the script', () => {
  const cases: [string, string | null][] = [
    ['안녕하세요, 반갑습니다.', 'ko'],
    ['こんにちは、日本語です。', 'jp'],
    ['カタカナだけ', 'jp'],
    ['東京は日本の首都です', 'jp'],
    ['你好，欢迎使用数字人视频服务。', 'zh'],
    ['歡迎使用', 'zh'],
    ['我用iPhone拍照', 'zh'],
    ['Hello world', null],
    ['Guten Tag, wie geht es?', null],
    ['Привет', null],
    ['', null],
    ['12345 !?', null],
    ['This sentence mentions 中 once', null],
    ['This is the voice of the new presenter, and we are glad to have you with us.', 'en'],
    ['Das ist die Stimme der neuen Moderatorin, und wir freuen uns über den Besuch.', 'de'],
    ["C'est la voix de la nouvelle présentatrice, et nous sommes très heureux.", 'fr'],
    ['Esta es la voz de la nueva presentadora, y estamos muy contentos con el año.', 'es'],
    ['The weather in Zürich is nice today, and the lake is calm.', 'en'],
    ['韩语是한국어입니다', 'ko'],
  ];
  for (const [text, want] of cases) assert.equal(detectTextLanguage(text), want, text);
});
