import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cuesFromWords, wordsWithPunctuation } from './subtitle-cues.js';

test('words take the punctuation that follows them in the source text', () => {
  const text = '你好，欢迎使用。今天天气很好。';
  const words = [
    { text: '你好', startSec: 0, endSec: 0.5, textOffset: 0 },
    { text: '欢迎', startSec: 0.6, endSec: 1, textOffset: 3 },
    { text: '使用', startSec: 1, endSec: 1.4, textOffset: 5 },
    { text: '今天', startSec: 1.6, endSec: 2, textOffset: 8 },
    { text: '天气', startSec: 2, endSec: 2.4, textOffset: 10 },
    { text: '很好', startSec: 2.4, endSec: 2.8, textOffset: 12 },
  ];
  assert.deepEqual(
    wordsWithPunctuation(text, words).map((w) => w.text),
    ['你好，', '欢迎', '使用。', '今天', '天气', '很好。'],
  );
  const cues = cuesFromWords(wordsWithPunctuation(text, words), 16);
  assert.deepEqual(
    cues.map((c) => c.text),
    ['你好，欢迎使用', '今天天气很好'],
  );
});

test('Latin text keeps word boundaries', () => {
  const text = 'Hello, big world. Bye!';
  const words = [
    { text: 'Hello', startSec: 0, endSec: 0.4, textOffset: 0 },
    { text: 'big', startSec: 0.4, endSec: 0.6, textOffset: 7 },
    { text: 'world', startSec: 0.6, endSec: 1, textOffset: 11 },
    { text: 'Bye', startSec: 1.2, endSec: 1.5, textOffset: 18 },
  ];
  assert.deepEqual(
    wordsWithPunctuation(text, words).map((w) => w.text),
    ['Hello,', 'big', 'world.', 'Bye!'],
  );
});
