import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeRecognition } from './judge.js';

const words = (...confidences: number[]) =>
  confidences.map((confidence, i) => ({ text: `w${i}`, startSec: i, endSec: i + 0.5, confidence }));

test('speech, no speech (too few words) or another language (low confidence)', () => {
  assert.equal(judgeRecognition(words(0.6, 0.7, 0.5, 0.4)), 'speech');
  assert.equal(judgeRecognition(words(1, 1)), 'no-speech');
  assert.equal(judgeRecognition([]), 'no-speech');
  assert.equal(judgeRecognition(words(0.2, 0.3, 0.25, 0.2)), 'other-language');
});
