import assert from 'node:assert/strict';
import { test } from 'node:test';
import { costForSeconds, estimateSpeechSeconds } from './pricing.js';

test('costForSeconds bills per second, rounds up, never below 1 when priced', () => {
  assert.equal(costForSeconds(10, 60), 10);
  assert.equal(costForSeconds(10, 6), 1);
  assert.equal(costForSeconds(10, 7), 2);
  assert.equal(costForSeconds(10, 0.2), 1);
  assert.equal(costForSeconds(0, 600), 0);
});

test('estimateSpeechSeconds counts CJK and Latin text at different rates', () => {
  assert.equal(estimateSpeechSeconds('你好世界你好世界'), Math.ceil(2 * 1.2) + 1);
  assert.equal(estimateSpeechSeconds('a'.repeat(140)), Math.ceil(10 * 1.2) + 1);
  assert.ok(estimateSpeechSeconds('') >= 1);
});
