import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeCursor, encodeCursor } from './cursor.js';

test('cursor round-trips and rejects garbage', () => {
  const k = { createdAt: '2026-11-21T10:00:00.000Z', id: 'av_abc' };
  assert.deepEqual(decodeCursor(encodeCursor(k)), k);
  assert.equal(decodeCursor('not-a-cursor'), null);
  assert.equal(decodeCursor(Buffer.from('["x","y"]').toString('base64url')), null);
  assert.equal(decodeCursor(''), null);
});
