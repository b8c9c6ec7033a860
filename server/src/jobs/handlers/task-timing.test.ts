import assert from 'node:assert/strict';
import { test } from 'node:test';
import { queuedMsOf } from './task-timing.js';

test('a task waited from its creation to its start, and has no wait before it starts', () => {
  const created_at = '2026-11-29T10:00:00.000Z';
  assert.equal(queuedMsOf({ created_at, started_at: '2026-11-29T10:00:01.250Z' }), 1250);
  assert.equal(queuedMsOf({ created_at, started_at: null }), null);
});
