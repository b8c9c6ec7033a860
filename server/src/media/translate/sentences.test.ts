import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupSentences } from './sentences.js';

const w = (text: string, startSec: number, endSec: number) => ({ text, startSec, endSec, confidence: 1 });

test('words are grouped into sentences at pauses', () => {
  const words = [
    w('good', 0.1, 0.4),
    w('morning', 0.45, 0.9),
    w('today', 1.6, 1.9), // a 0.7 s pause before
    w('we', 1.95, 2.05),
    w('talk', 2.1, 2.4),
  ];
  assert.deepEqual(groupSentences(words), [
    { text: 'good morning', startSec: 0.1, endSec: 0.9 },
    { text: 'today we talk', startSec: 1.6, endSec: 2.4 },
  ]);
  assert.deepEqual(groupSentences([]), []);
});

test('a long run without a pause is cut at its longest inner gaps until each piece is short enough', () => {
  // 12 words 0.5 s apart with 0.1 s gaps, one of 0.3 s after the fifth: 6 s in all.
  const words = Array.from({ length: 12 }, (_, i) => {
    const start = i * 0.5 + (i >= 5 ? 0.2 : 0);
    return w(`w${i}`, start, start + 0.4);
  });
  const s = groupSentences(words, 0.4, 4);
  assert.deepEqual(
    s.map((x) => x.text),
    ['w0 w1 w2 w3 w4', 'w5 w6 w7 w8 w9 w10 w11'],
  );
  assert.ok(s.every((x) => x.endSec - x.startSec <= 4));
  // A single word longer than the bound stays whole.
  assert.equal(groupSentences([w('long', 0, 20)], 0.4, 4).length, 1);
});
