import assert from 'node:assert/strict';
import { test } from 'node:test';
import { onlyParameters } from './contract.js';
import { applyLeniency } from './leniency.js';

const QUERY = { type: 'object', properties: { task_id: { type: 'string' }, page: { type: 'integer' } } };
const KNOWN = new Set(Object.keys(QUERY.properties));
const query = (fields: Record<string, unknown>) =>
  Object.assign(Object.create(null) as Record<string, unknown>, fields);

test('a query of known parameters alone is within the contract without the full pass', () => {
  for (const q of [
    query({}),
    query({ task_id: 't_1' }),
    query({ task_id: 't_1', page: '2' }),
    query({ page: ['1', '2'] }),
  ]) {
    assert.equal(onlyParameters(KNOWN, q), true);
    // What the full pass would have found for it: nothing a query check keeps.
    for (const mode of ['lenient', 'strict'] as const) {
      const r = applyLeniency(QUERY, q, mode);
      assert.deepEqual(
        [r.typos, r.refusal, r.notes.filter((n) => n.kind === 'unknown-field')],
        [[], undefined, []],
      );
    }
  }
  assert.equal(onlyParameters(KNOWN, undefined), true);
});

test('an unknown parameter, or a value the parser never makes, takes the full pass', () => {
  assert.equal(onlyParameters(KNOWN, query({ task_id: 't_1', taskid: 't_1' })), false);
  assert.equal(onlyParameters(KNOWN, query({ task_id: { nested: 'x' } })), false);
  assert.equal(onlyParameters(new Set(), query({ task_id: 't_1' })), false);
});
