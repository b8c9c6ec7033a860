import assert from 'node:assert/strict';
import { test } from 'node:test';
import { passFraction, stagedProgress } from './progress.js';

test('pass fraction is clamped', () => {
  assert.equal(passFraction(2.5, 5), 0.5);
  assert.equal(passFraction(7, 5), 1);
  assert.equal(passFraction(-1, 5), 0);
  assert.equal(passFraction(1, 0), 0);
  assert.equal(passFraction(Number.NaN, 5), 0);
});

test('stages share one bar by weight, never go back, and finish at 1', () => {
  const seen: number[] = [];
  const p = stagedProgress((f) => seen.push(f), [1, 0, 3]);
  p.stage(0)(0.5);
  p.stage(0)(1);
  p.stage(0)(0.2); // late report of an earlier position: ignored
  p.stage(2)(0.001); // below the 0.5 % step: throttled
  p.stage(2)(0.5);
  p.finish();
  assert.deepEqual(seen, [0.125, 0.25, 0.625, 1]);
});

test('works without a listener', () => {
  const p = stagedProgress(undefined, [1]);
  p.stage(0)(0.5);
  p.finish();
});
