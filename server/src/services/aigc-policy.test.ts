import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AccountRow } from '../db/schema.js';
import type { AccountRepository } from '../repositories/account.repository.js';
import { strictFake } from '../../test/helpers/strict-fake.js';
import { aigcEnabled, AigcPolicyService } from './aigc-policy.js';

test('aigc_flag overrides the account preference; 0 or absent follows it', () => {
  assert.equal(aigcEnabled(1, 2), true);
  assert.equal(aigcEnabled(2, 1), false);
  assert.equal(aigcEnabled(0, 1), true);
  assert.equal(aigcEnabled(0, 2), false);
  assert.equal(aigcEnabled(undefined, 2), false);
  assert.equal(aigcEnabled(undefined, 1), true);
});

test('a work follows its account’s preference as it is when the work renders', async () => {
  const prefs: Record<string, number> = { acc_on: 1, acc_off: 2 };
  const reads: string[] = [];
  const accounts = strictFake<AccountRepository>('accounts', {
    get: async (id: string) => {
      reads.push(id);
      return id in prefs ? ({ id, aigc_preference: prefs[id] } as AccountRow) : undefined;
    },
  });
  const policy = new AigcPolicyService(accounts);
  assert.equal(await policy.labelFor('acc_off', 0), false);
  assert.equal(await policy.labelFor('acc_on', undefined), true);
  // An account that is gone: the label stays on.
  assert.equal(await policy.labelFor('acc_gone', 0), true);
  // An explicit flag decides without reading the account.
  assert.equal(await policy.labelFor('acc_off', 1), true);
  assert.equal(await policy.labelFor('acc_on', 2), false);
  assert.deepEqual(reads, ['acc_off', 'acc_on', 'acc_gone']);
});
