import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nulPath } from './nul-chars.js';

test('a NUL character is found wherever it hides, and named by its path', () => {
  assert.equal(nulPath({ task_id: 'nul\u0000byte' }, 'query'), 'query.task_id');
  assert.equal(nulPath({ slots: [{ value: 'ok' }, { value: 'a\u0000' }] }, 'body'), 'body.slots[1].value');
  assert.equal(nulPath({ ['k\u0000']: 1 }, 'body'), 'body key');
  assert.equal(nulPath({ title: 'fine', n: 3, list: ['a', null] }, 'body'), null);
  assert.equal(nulPath(undefined, 'body'), null);
});
