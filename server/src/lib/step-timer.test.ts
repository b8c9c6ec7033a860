import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StepTimer } from './step-timer.js';

test('StepTimer adds up repeated steps, keeps their order and counts a step that throws', async () => {
  const t = new StepTimer();
  await t.time('inputs', async () => 1);
  await assert.rejects(t.time('render', () => Promise.reject(new Error('boom'))));
  await t.time('inputs', async () => 2);
  const s = t.summary();
  assert.deepEqual(Object.keys(s), ['inputs', 'render', 'total']);
  for (const v of Object.values(s)) assert.ok(Number.isInteger(v) && v >= 0);
});
