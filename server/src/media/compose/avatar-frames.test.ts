import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planVideoLoop } from './avatar-filters.js';
import { blendFrames, loopPasses } from './avatar-frames.js';

test('loop passes: the first plays from the start, later ones skip the faded-in head', () => {
  assert.deepEqual(loopPasses(planVideoLoop(3, 0.5, 10, 25), 25, 250), {
    materialFrames: 62,
    fadeFrames: 12,
    firstFrom: 0,
    laterFrom: 12,
  });
  assert.deepEqual(loopPasses(planVideoLoop(1.3, 0.5, 10, 25), 25, 250), {
    materialFrames: 20,
    fadeFrames: 0,
    firstFrom: 0,
    laterFrom: 0,
  });
  assert.equal(loopPasses(planVideoLoop(20, 0, 10, 25), 25, 251).materialFrames, 251);
});

test('frames blend byte by byte', () => {
  const out = new Uint8Array(3);
  blendFrames(new Uint8Array([0, 100, 255]), new Uint8Array([200, 100, 0]), 0.25, out);
  assert.deepEqual([...out], [50, 100, 191]);
});
