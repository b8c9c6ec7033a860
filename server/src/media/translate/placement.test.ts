import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GAP_SEC, MAX_LAST_TEMPO, MAX_RATE, MAX_TEMPO, placeSentences, rateToFit } from './placement.js';

test('the rate: 1 when the sentence fits its slot, faster up to MAX_RATE when it does not', () => {
  assert.equal(rateToFit(2, 3), 1);
  assert.ok(Math.abs(rateToFit(3.3, 3) - 1.1) < 1e-9);
  assert.equal(rateToFit(9, 3), MAX_RATE);
  assert.equal(rateToFit(1, 0), 1);
});

test('sentences at their original starts; too long ones stretched, then run into the next slot', () => {
  const p = placeSentences(
    [
      { startSec: 0.5, lengthSec: 2 }, // slot 0.5-3: fits
      { startSec: 3, lengthSec: 3.45 }, // slot 3-6: stretched by 1.15 exactly
      { startSec: 6, lengthSec: 4 }, // slot 6-8: stretched by MAX_TEMPO, runs past 8
      { startSec: 8, lengthSec: 1 }, // starts after the previous one ends
    ],
    12,
  );
  assert.deepEqual(p[0], { startSec: 0.5, tempo: 1, endSec: 2.5 });
  assert.equal(p[1]!.startSec, 3);
  assert.ok(Math.abs(p[1]!.tempo - 1.15) < 1e-9 && Math.abs(p[1]!.endSec - 6) < 1e-9);
  assert.equal(p[2]!.tempo, MAX_TEMPO);
  assert.ok(p[2]!.endSec > 8);
  assert.ok(Math.abs(p[3]!.startSec - (p[2]!.endSec + GAP_SEC)) < 1e-9);
  assert.equal(p[3]!.tempo, 1);
});

test('the last sentence ends with the video: stretched as far as MAX_LAST_TEMPO', () => {
  const [a] = placeSentences([{ startSec: 8, lengthSec: 3 }], 10);
  assert.ok(Math.abs(a!.tempo - 1.5) < 1e-9 && Math.abs(a!.endSec - 10) < 1e-9);
  const [b] = placeSentences([{ startSec: 9, lengthSec: 5 }], 10);
  assert.equal(b!.tempo, MAX_LAST_TEMPO);
  assert.deepEqual(placeSentences([], 10), []);
});
