import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CreditRepository } from '../../src/repositories/credit.repository.js';
import { api, createAccount, startServer, type TestServer } from '../helpers/server.js';

describe('credits', () => {
  let server: TestServer;
  before(async () => {
    // Workers off: this test is about admission, not rendering.
    server = await startServer({
      LIKENESS_MAX_ACTIVE_WORKS: '1000',
      LIKENESS_MAX_DAILY_WORKS: '1000',
      LIKENESS_WORKERS: '1',
    });
    await server.container.queue.stop();
  });
  after(() => server.close());

  test('50 concurrent submissions against a small balance never overspend', async () => {
    const { token, account_id } = await createAccount(server, { credits: 10 });
    const body = {
      text: '你好，欢迎使用。',
      voice: 'pub-zh-xiaoyun',
      avatar: (await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } })).body
        .data[0].avatar,
    };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        api(server, 'POST', '/api/v2/svc/video/create_by_tts', { token, body }),
      ),
    );
    const accepted = replies.filter((r) => r.body.code === 0);
    const refused = replies.filter((r) => r.body.code === 1002);
    assert.equal(
      accepted.length + refused.length,
      50,
      JSON.stringify(replies.find((r) => r.body.code !== 0 && r.body.code !== 1002)?.body),
    );
    assert.ok(accepted.length > 0);
    const task = await server.container.services.tasks.getForJob(accepted[0]!.body.task_id);
    const cost = task!.credits_reserved;
    const left = (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left;
    assert.ok(left >= 0);
    assert.equal(10 - left, accepted.length * cost);
    assert.ok(left < cost, 'refusals happened only when the balance was short');
    assert.match(refused[0]!.body.message, /insufficient credits/);
    const ledger = await new CreditRepository(server.container.db).ledgerSum({ accountId: account_id });
    assert.equal(ledger, left, 'ledger sum equals the balance');
  });

  test('a reservation raised by a retried job to another total is charged once, at the final total', async () => {
    const { token, account_id } = await createAccount(server, { credits: 100 });
    const avatar = (await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } })).body
      .data[0].avatar;
    const r = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: { text: '你好。', voice: 'pub-zh-xiaoyun', avatar },
    });
    const tasks = server.container.services.tasks;
    const reserved = (await tasks.getForJob(r.body.task_id))!.credits_reserved;
    await tasks.ensureReserved((await tasks.getForJob(r.body.task_id))!, reserved + 2); // attempt 1
    await tasks.ensureReserved((await tasks.getForJob(r.body.task_id))!, reserved + 3); // attempt 2 needs a bit more
    await tasks.ensureReserved((await tasks.getForJob(r.body.task_id))!, reserved + 3); // attempt 3, same total: no charge
    assert.equal(
      (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left,
      100 - (reserved + 3),
    );
    assert.equal(await tasks.complete(r.body.task_id, { blobKey: 'x', durationSec: 1 }, 1), true);
    assert.equal((await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left, 99);
    assert.equal(await server.container.services.credits.balance(account_id), 99);
  });
});
