import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSsml } from './ssml.js';
import { phonemeTimings, scaleTimings, wordTimings, type EspeakEvent } from './timing.js';

const mark = (id: string, ms: number): EspeakEvent => ({
  type: 'mark',
  text_position: 0,
  word_length: 0,
  audio_position: ms,
  id,
});
const word = (pos1: number, ms: number): EspeakEvent => ({
  type: 'word',
  text_position: pos1,
  word_length: 1,
  audio_position: ms,
});
const phon = (id: string, ms: number): EspeakEvent => ({
  type: 'phoneme',
  text_position: 0,
  word_length: 0,
  audio_position: ms,
  id,
});

test('wordTimings uses the marks around each segment', () => {
  const text = 'Hello, big world.';
  const doc = buildSsml(text, 'en');
  const events = [
    mark('ws-0', 0),
    mark('we-0', 400),
    mark('ws-1', 400),
    mark('we-1', 650),
    mark('ws-2', 650),
    mark('we-2', 1100),
  ];
  assert.deepEqual(wordTimings(text, doc.segments, events, 1.2), [
    { text: 'Hello', startSec: 0, endSec: 0.4, textOffset: 0 },
    { text: 'big', startSec: 0.4, endSec: 0.65, textOffset: 7 },
    { text: 'world', startSec: 0.65, endSec: 1.1, textOffset: 11 },
  ]);
});

test('wordTimings splits a Chinese segment at eSpeak word events', () => {
  const text = '你好世界';
  const doc = buildSsml(text, 'zh');
  const seg = doc.segments[0]!;
  // eSpeak reports 你好 as one dictionary word, then 世 and 界 (1-based code-point positions).
  const events = [
    mark('ws-0', 0),
    word(seg.ssmlStart + 1, 0),
    word(seg.ssmlStart + 3, 500),
    word(seg.ssmlStart + 4, 800),
    mark('we-0', 1000),
  ];
  assert.deepEqual(wordTimings(text, doc.segments, events, 1.1), [
    { text: '你好', startSec: 0, endSec: 0.5, textOffset: 0 },
    { text: '世', startSec: 0.5, endSec: 0.8, textOffset: 2 },
    { text: '界', startSec: 0.8, endSec: 1, textOffset: 3 },
  ]);
});

test('wordTimings keeps a Latin segment whole even when eSpeak splits it', () => {
  const text = '2024';
  const doc = buildSsml(text, 'de');
  const seg = doc.segments[0]!;
  const events = [
    mark('ws-0', 0),
    word(seg.ssmlStart + 1, 0),
    word(seg.ssmlStart + 2, 400),
    mark('we-0', 2000),
  ];
  assert.deepEqual(wordTimings(text, doc.segments, events, 2), [
    { text: '2024', startSec: 0, endSec: 2, textOffset: 0 },
  ]);
});

test('wordTimings falls back to word events and neighbours when marks are missing', () => {
  const text = 'one two three';
  const doc = buildSsml(text, 'en');
  const [a, b] = doc.segments;
  const events = [word(a!.ssmlStart + 1, 100), mark('ws-1', 500), word(b!.ssmlStart + 1, 500)];
  const words = wordTimings(text, doc.segments, events, 1.5);
  assert.deepEqual(
    words.map((w) => [w.text, w.startSec, w.endSec]),
    [
      ['one', 0.1, 0.5],
      ['two', 0.5, 0.5],
      ['three', 0.5, 1.5],
    ],
  );
});

test('wordTimings clamps everything into the audio and keeps order', () => {
  const text = 'a b';
  const doc = buildSsml(text, 'en');
  const events = [mark('ws-0', 300), mark('we-0', 200), mark('ws-1', 100), mark('we-1', 9000)];
  const words = wordTimings(text, doc.segments, events, 1);
  assert.deepEqual(
    words.map((w) => [w.startSec, w.endSec]),
    [
      [0.3, 0.3],
      [0.3, 1],
    ],
  );
});

test('phonemeTimings skips pauses and language switches', () => {
  const events = [
    phon('n', 0),
    phon('i', 80),
    phon('', 180),
    phon('(en)', 200),
    phon('h', 210),
    { type: 'end', text_position: 0, word_length: 0, audio_position: 300 },
  ];
  assert.deepEqual(phonemeTimings(events, 0.35), [
    { phoneme: 'n', startSec: 0, endSec: 0.08 },
    { phoneme: 'i', startSec: 0.08, endSec: 0.18 },
    { phoneme: 'h', startSec: 0.21, endSec: 0.3 },
  ]);
});

test('scaleTimings divides by the tempo and rounds to milliseconds', () => {
  assert.deepEqual(scaleTimings([{ startSec: 0.3, endSec: 0.9001, x: 1 }], 1.5, 10), [
    { startSec: 0.2, endSec: 0.6, x: 1 },
  ]);
  assert.deepEqual(scaleTimings([{ startSec: 3, endSec: 4 }], 0.5, 7), [{ startSec: 6, endSec: 7 }]);
  // Rounding never carries a word past the end of the audio.
  assert.deepEqual(scaleTimings([{ startSec: 1, endSec: 1.38695 }], 1, 1.38695), [
    { startSec: 1, endSec: 1.38695 },
  ]);
});
