import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nulPath } from './nul-chars.js';

test('a NUL character is found wherever it hides, and named by its path', () => {
  assert.equal(nulPath({ task_id: 'nul\u0000byte' }, 'query'), 'query.task_id');
  assert.equal(nulPath({ slots: [{ value: 'ok' }, { value: 'a\u0000' }] }, 'body'), 'body.slots[1].value');
  assert.equal(nulPath({ ['k\u0000']: 1 }, 'body'), 'body key');
  assert.equal(nulPath({ title: 'fine', n: 3, list: ['a', null] }, 'body'), null);
  assert.equal(nulPath(undefined, 'body'), null);
  assert.equal(nulPath({ a: [['x', 'y\u0000']] }, 'body'), 'body.a[0][1]');
  assert.equal(nulPath({ a: { b: { ['c\u0000']: 'v' } } }, 'body'), 'body.a.b key');
  // The query string parser's objects have no prototype.
  const query = Object.assign(Object.create(null) as Record<string, unknown>, {
    id: 'x',
    q: ['1', '2\u0000'],
  });
  assert.equal(nulPath(query, 'query'), 'query.q[1]');
  // Only own properties are parameters.
  const inherited = Object.create({ hidden: 'a\u0000' }) as Record<string, unknown>;
  assert.equal(nulPath(inherited, 'body'), null);
});
