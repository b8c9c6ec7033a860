import assert from 'node:assert/strict';
import { test } from 'node:test';
import { settleBoth } from './settle-both.js';

test('settleBoth returns both results in order', async () => {
  assert.deepEqual(await settleBoth(Promise.resolve(1), Promise.resolve('two')), [1, 'two']);
});

test('settleBoth waits for the other piece of work before it throws the failure', async () => {
  let otherDone = false;
  let finish: () => void = () => undefined;
  const other = new Promise<void>((r) => (finish = r)).then(() => {
    otherDone = true;
  });
  const settled = settleBoth(Promise.reject(new Error('soundtrack failed')), other);
  let thrown = false;
  settled.catch(() => (thrown = true));
  await new Promise((r) => setImmediate(r));
  assert.equal(thrown, false, 'still waiting for the other');
  finish();
  await assert.rejects(settled, /soundtrack failed/);
  assert.equal(otherDone, true);
});

test('settleBoth throws the first of two failures', async () => {
  await assert.rejects(
    settleBoth(Promise.reject(new Error('a')), Promise.reject(new Error('b'))),
    /^Error: a$/,
  );
});
