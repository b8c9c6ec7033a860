import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Lru } from './lru.js';

test('Lru keeps the most recently used entries', () => {
  const c = new Lru<string, number>(2);
  c.set('a', 1);
  c.set('b', 2);
  assert.equal(c.get('a'), 1);
  c.set('c', 3);
  assert.equal(c.get('b'), undefined, 'b was least recently used');
  assert.equal(c.get('a'), 1);
  assert.equal(c.size, 2);
  c.delete('a');
  assert.equal(c.get('a'), undefined);
});
