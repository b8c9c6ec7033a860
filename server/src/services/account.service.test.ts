import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callerForRequest, type Caller } from './account.service.js';

test('a request’s caller carries every field of the cached caller, with the request’s id', () => {
  const cached: Required<Caller> = {
    accountId: 'acc_1',
    account: { id: 'acc_1' } as Caller['account'],
    agentPlatform: true,
    requestId: 'req_old',
    test: true,
    testPreferences: { outcome: 'failed' } as unknown as NonNullable<Caller['testPreferences']>,
  };
  const made = callerForRequest(cached, 'req_new');
  assert.deepEqual(made, { ...cached, requestId: 'req_new' });
  // Every field of Caller is copied: a field added to the interface and not here fails this.
  assert.deepEqual(Object.keys(made).sort(), Object.keys(cached).sort());
  assert.notEqual(made, cached);
});
