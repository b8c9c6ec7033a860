import assert from 'node:assert/strict';
import { test } from 'node:test';
import { warmUp } from '../../src/http/warm-up.js';
import { api, startServer } from '../helpers/server.js';

// The warm-up acts as an account that exists only in memory (WARM_UP_CALLER), so it compiles the
// handlers and replies; no client can act as it, and it leaves nothing behind.
test('the warm-up passes the credential check, writes nothing, and clients cannot borrow it', async () => {
  const server = await startServer();
  try {
    const db = server.container.db;
    const count = async (table: 'tasks' | 'accounts' | 'contract_notes') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = [await count('tasks'), await count('accounts'), await count('contract_notes')];
    await warmUp(server.app, 40);
    assert.deepEqual([await count('tasks'), await count('accounts'), await count('contract_notes')], before);

    for (const auth of ['Bearer warm-up', 'Bearer acct_warm-up', 'warm-up']) {
      const r = await api(server, 'GET', '/api/v2/svc/account/credit', { auth });
      assert.equal(r.status, 401, auth);
      assert.equal(r.body.code, 2003, auth);
    }
  } finally {
    await server.close();
  }
});
