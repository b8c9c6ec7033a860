import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TaskRow } from '../db/schema.js';
import { parseResult } from './task.service.js';

test("a task's result is parsed once per row, and again when the row's text changes", () => {
  const row = { result: JSON.stringify({ blobKey: 'works/t1.mp4', durationSec: 5.2 }) } as TaskRow;
  const first = parseResult(row);
  assert.deepEqual(first, { blobKey: 'works/t1.mp4', durationSec: 5.2 });
  assert.equal(parseResult(row), first, 'the same row: the result read before');
  row.result = JSON.stringify({ blobKey: 'works/t2.mp4' });
  assert.deepEqual(parseResult(row), { blobKey: 'works/t2.mp4' });
  assert.deepEqual(parseResult({ result: null } as TaskRow), {});
});
