import assert from 'node:assert/strict';
import { test } from 'node:test';
import { warmUpRender } from './render-warm-up.js';

test('the warm-up animates every frame of its made-up clip, in many short steps', () => {
  const steps = warmUpRender();
  let yields = 0;
  let next = steps.next();
  while (!next.done) {
    yields++;
    next = steps.next();
  }
  // 16 s at 25 fps: the voice analysis, the plan and region, then one step per ten frames.
  assert.equal(next.value, 400);
  assert.ok(yields >= 40, `${yields} steps`);
});
