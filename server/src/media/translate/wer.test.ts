import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wordErrorRate, wordsOf } from './wer.js';

test('word error rate: substitutions, deletions and insertions over the words said', () => {
  assert.equal(
    wordErrorRate('he was not an ill disposed young man', 'he was not an ill disposed young man'),
    0,
  );
  // "illness those" for "ill disposed": two substitutions of eight words.
  assert.equal(
    wordErrorRate('he was not an ill disposed young man', 'he was not an illness those young man'),
    0.25,
  );
  assert.equal(wordErrorRate('go forward ten meters', 'go forward'), 0.5);
  assert.equal(wordErrorRate('go forward', 'go go forward now'), 1);
  assert.equal(wordErrorRate('', ''), 0);
  assert.equal(wordErrorRate('', 'noise'), 1);
});

test('case, punctuation and spacing do not count; apostrophes inside words do', () => {
  assert.deepEqual(wordsOf("Hello,  World! Don't stop: 'quoted'."), [
    'hello',
    'world',
    "don't",
    'stop',
    'quoted',
  ]);
  assert.equal(wordErrorRate('Good morning, everyone.', 'good morning everyone'), 0);
});
