import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { AccountRepository } from '../../src/repositories/account.repository.js';
import { api, createAccount, freePort, startServer, type TestServer } from '../helpers/server.js';

/*
 * The service layer under the web console: callback latency, test events, resends, the
 * credit-warning reminder (event 4), the ledger with running balances and the reserved credits.
 */

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Receivers still listening; each suite closes them after its tests, failed ones included. */
const open = new Set<Server>();

/** A local receiver that answers 200, each answer `delayMs` after the request arrived. */
async function receiver(delayMs = 0): Promise<{ server: Server; url: string; got: Received[] }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      setTimeout(() => res.end('ok'), delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.add(server);
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, got };
}

async function until(cond: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const parse = (r: Received) => JSON.parse(r.body) as Record<string, unknown>;

describe('console services: callbacks and the credit-warning reminder', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ LIKENESS_CALLBACK_RETRY_SEC: '0.2' });
  });
  after(async () => {
    for (const s of open) s.close();
    await server.close();
  });

  const services = () => server.container.services;
  const accountRow = (id: string) => new AccountRepository(server.container.db).get(id);
  const deliveriesOf = (id: string, type?: number) =>
    services()
      .callbacks.list(id, 100)
      .then((rows) => rows.filter((r) => type === undefined || r.event_type === type));
  /**
   * Waits until every delivery of the account has finished (delivered or dead). The rows are
   * written in the transaction that queues them, so this sees every delivery there will be.
   */
  const settled = (accountId: string) =>
    until(async () => (await deliveriesOf(accountId)).every((r) => r.state !== 'pending'));
  /** A debit by a task, in its own transaction, as a submission makes it. */
  const reserve = (accountId: string, taskId: string, amount: number) =>
    server.container.db
      .transaction()
      .execute((trx) => services().credits.reserve(accountId, taskId, amount, trx));

  test('a test event is type 0, signed, and records how long the receiver took', async () => {
    const hook = await receiver(150);
    const { account_id } = await createAccount(server);
    await services().accounts.update(account_id, { callbackUrl: hook.url });
    // The secret rotated after the URL was set signs what is sent from now on.
    const secret = await services().accounts.rotateCallbackSecret(account_id);
    assert.equal((await services().accounts.settings(account_id)).callback_secret, secret);
    const id = await services().callbacks.sendTest(account_id);
    await settled(account_id);
    assert.equal(hook.got.length, 1);
    const { headers, body } = hook.got[0]!;
    assert.deepEqual(JSON.parse(body), {
      task_id: `test_${id}`,
      message: 'test event from the likeness console',
      code: 0,
      status: 3,
      type: 0,
    });
    const ts = String(headers['x-likeness-timestamp']);
    const expected = `v1=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;
    assert.equal(headers['x-likeness-signature'], expected);
    assert.equal(headers['x-likeness-delivery'], id);
    const [row] = await deliveriesOf(account_id);
    assert.equal(row!.id, id);
    assert.equal(row!.event_type, 0);
    assert.equal(row!.state, 'delivered');
    assert.equal(row!.last_status, 200);
    // The receiver answered 150 ms after the request reached it: the sender waited at least that.
    assert.ok(
      row!.last_latency_ms !== null && row!.last_latency_ms >= 140 && row!.last_latency_ms < 10_000,
      `latency ${row!.last_latency_ms}`,
    );
  });

  test('an attempt without an answer records no latency', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/hook`;
    const { account_id } = await createAccount(server);
    await services().accounts.update(account_id, { callbackUrl: closed });
    const id = await services().callbacks.sendTest(account_id);
    await until(async () => (await deliveriesOf(account_id))[0]!.state === 'dead');
    const [row] = await deliveriesOf(account_id);
    assert.equal(row!.id, id);
    assert.equal(row!.attempts, 2);
    assert.equal(row!.last_status, null);
    assert.equal(row!.last_latency_ms, null);
    assert.ok(row!.last_error);
  });

  test('without a callback URL a test event is code 11', async () => {
    const { account_id } = await createAccount(server);
    await assert.rejects(services().callbacks.sendTest(account_id), {
      code: 11,
      message: /set a callback URL first/,
    });
    assert.equal((await deliveriesOf(account_id)).length, 0);
  });

  test('resend queues a new delivery of the same event to the current callback URL', async () => {
    const first = await receiver();
    const second = await receiver();
    const { account_id } = await createAccount(server);
    await services().accounts.update(account_id, { callbackUrl: first.url });
    const id = await services().callbacks.sendTest(account_id);
    await settled(account_id);
    await services().accounts.update(account_id, { callbackUrl: second.url });
    const again = await services().callbacks.resend(account_id, id);
    await settled(account_id);
    assert.notEqual(again, id);
    assert.equal(first.got.length, 1);
    assert.equal(second.got.length, 1);
    assert.equal(second.got[0]!.body, first.got[0]!.body, 'the same body');
    assert.equal(second.got[0]!.headers['x-likeness-delivery'], again);
    const rows = await deliveriesOf(account_id);
    const old = rows.find((r) => r.id === id)!;
    const fresh = rows.find((r) => r.id === again)!;
    assert.equal(rows.length, 2);
    assert.deepEqual(
      [fresh.task_id, fresh.event_type, fresh.body, fresh.url, fresh.state, fresh.attempts],
      [old.task_id, old.event_type, old.body, second.url, 'delivered', 1],
    );
    // Another account's delivery, or none at all, is not found; no URL now is code 11.
    const other = await createAccount(server);
    await services().accounts.update(other.account_id, { callbackUrl: second.url });
    await assert.rejects(services().callbacks.resend(other.account_id, id), { code: 14 });
    await assert.rejects(services().callbacks.resend(account_id, 'cb_missing'), { code: 14 });
    await services().accounts.update(account_id, { callbackUrl: null });
    await assert.rejects(services().callbacks.resend(account_id, id), { code: 11 });
  });

  test('one reminder per crossing: a debit below the threshold sends it once, a top-up above re-arms', async () => {
    const hook = await receiver();
    const { account_id } = await createAccount(server, { credits: 100 });
    await services().accounts.update(account_id, { callbackUrl: hook.url, creditWarningThreshold: 50 });
    const warnings = () => hook.got.map(parse).filter((b) => b.type === 4);

    await reserve(account_id, 't_cross_1', 60); // 100 -> 40: crosses
    await settled(account_id);
    assert.deepEqual(warnings(), [
      {
        task_id: 't_cross_1',
        message: 'credit balance 40 is below the reminder threshold 50',
        code: 0,
        status: 3,
        type: 4,
        left: 40,
        threshold: 50,
      },
    ]);
    const [row] = await deliveriesOf(account_id, 4);
    assert.equal(row!.task_id, 't_cross_1');
    assert.equal(row!.state, 'delivered');
    let s = await services().accounts.settings(account_id);
    assert.deepEqual([s.credit_warning_threshold, s.credit_warning_active], [50, true]);

    await reserve(account_id, 't_cross_2', 5); // 40 -> 35: already below, nothing new
    await services().accounts.update(account_id, { creditsAdd: 10 }); // 45: still below, not re-armed
    await services().accounts.update(account_id, { creditsAdd: -5 }); // 40: nothing
    await settled(account_id);
    assert.equal(warnings().length, 1);
    assert.equal((await deliveriesOf(account_id, 4)).length, 1);
    assert.equal((await accountRow(account_id))!.credit_warning_sent, 1);

    await services().accounts.update(account_id, { creditsAdd: 10 }); // 50: at the threshold, re-armed
    assert.equal((await accountRow(account_id))!.credit_warning_sent, 0);
    s = await services().accounts.settings(account_id);
    assert.equal(s.credit_warning_active, false);

    await services().accounts.update(account_id, { creditsAdd: -1 }); // 49: crosses again, no task
    await settled(account_id);
    assert.equal(warnings().length, 2);
    assert.deepEqual(warnings()[1], {
      task_id: '',
      message: 'credit balance 49 is below the reminder threshold 50',
      code: 0,
      status: 3,
      type: 4,
      left: 49,
      threshold: 50,
    });
    assert.equal((await deliveriesOf(account_id, 4)).length, 2);
    // Every reminder is signed like any other callback.
    const secret = (await services().accounts.settings(account_id)).callback_secret;
    for (const g of hook.got) {
      const ts = String(g.headers['x-likeness-timestamp']);
      const sig = `v1=${createHmac('sha256', secret).update(`${ts}.${g.body}`).digest('hex')}`;
      assert.equal(g.headers['x-likeness-signature'], sig);
    }
  });

  test('a new threshold is judged against the balance at once, without a callback', async () => {
    const hook = await receiver();
    const { account_id } = await createAccount(server, { credits: 100 });
    await services().accounts.update(account_id, { callbackUrl: hook.url });

    let s = await services().accounts.update(account_id, { creditWarningThreshold: 200 });
    assert.deepEqual([s.credit_warning_threshold, s.credit_warning_active], [200, true]);
    assert.equal((await accountRow(account_id))!.credit_warning_sent, 1, 'counts as given: the banner');
    await reserve(account_id, 't_below_1', 10); // 90: already below, no reminder
    s = await services().accounts.update(account_id, { creditWarningThreshold: 50 });
    assert.deepEqual([s.credit_warning_threshold, s.credit_warning_active], [50, false]);
    assert.equal((await accountRow(account_id))!.credit_warning_sent, 0, 'armed again');
    await settled(account_id);
    assert.equal(hook.got.length, 0);
    assert.equal((await deliveriesOf(account_id)).length, 0);

    await reserve(account_id, 't_below_2', 60); // 30 < 50: the first reminder
    await settled(account_id);
    assert.equal(hook.got.length, 1);
    assert.equal(parse(hook.got[0]!).left, 30);

    s = await services().accounts.update(account_id, { creditWarningThreshold: 0 });
    assert.deepEqual([s.credit_warning_threshold, s.credit_warning_active], [0, false]);
    assert.equal((await accountRow(account_id))!.credit_warning_sent, 0, 'off');
    await reserve(account_id, 't_below_3', 20); // 10: no threshold, no reminder
    await settled(account_id);
    assert.equal(hook.got.length, 1);
    await assert.rejects(services().accounts.update(account_id, { creditWarningThreshold: -1 }), {
      code: 11,
    });
  });

  test('no callback URL: the reminder is still recorded (the banner), nothing is queued', async () => {
    const { account_id } = await createAccount(server, { credits: 20 });
    await services().accounts.update(account_id, { creditWarningThreshold: 10 });
    await reserve(account_id, 't_quiet', 15);
    assert.equal((await accountRow(account_id))!.credit_warning_sent, 1);
    assert.equal((await services().accounts.settings(account_id)).credit_warning_active, true);
    assert.equal((await deliveriesOf(account_id)).length, 0);
  });
});

describe('console services: ledger and reserved credits', () => {
  let server: TestServer;
  before(async () => {
    // Workers off: submitted tasks stay waiting and keep their reservations.
    server = await startServer();
    await server.container.queue.stop();
  });
  after(() => server.close());

  const services = () => server.container.services;

  test('a submission crossing the threshold queues the reminder with its task; reserved = the open task', async () => {
    const { token, account_id } = await createAccount(server, { credits: 10 });
    await services().accounts.update(account_id, {
      callbackUrl: 'http://127.0.0.1:9/hook',
      creditWarningThreshold: 10,
    });
    assert.equal(await services().credits.reserved(account_id), 0);
    const avatar = (await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } })).body
      .data[0].avatar;
    const r = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: { text: '你好。', voice: 'pub-zh-xiaoyun', avatar },
    });
    assert.equal(r.body.code, 0);
    const task = (await services().tasks.getForJob(r.body.task_id))!;
    assert.ok(task.credits_reserved > 0);
    assert.equal(task.status, 1);
    assert.equal(await services().credits.reserved(account_id), task.credits_reserved);
    assert.equal(await services().credits.balance(account_id), 10 - task.credits_reserved);

    const rows = await services().callbacks.list(account_id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.event_type, 4);
    assert.equal(rows[0]!.task_id, task.id);
    assert.equal(rows[0]!.state, 'pending');
    assert.equal(rows[0]!.last_latency_ms, null);
    assert.deepEqual(JSON.parse(rows[0]!.body), {
      task_id: task.id,
      message: `credit balance ${10 - task.credits_reserved} is below the reminder threshold 10`,
      code: 0,
      status: 3,
      type: 4,
      left: 10 - task.credits_reserved,
      threshold: 10,
    });

    // A finished task holds nothing any more.
    assert.equal(await services().tasks.fail(task.id, 2013, 'test'), true);
    assert.equal(await services().credits.reserved(account_id), 0);
    assert.equal(await services().credits.balance(account_id), 10);
  });

  test('ledger pages are newest first and each entry carries the balance it left', async () => {
    const { token, account_id } = await createAccount(server, { credits: 1000 });
    for (const n of [-100, 40, -7, 250, -3]) await services().accounts.update(account_id, { creditsAdd: n });
    const avatar = (await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } })).body
      .data[0].avatar;
    const r = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: { text: '你好。', voice: 'pub-zh-xiaoyun', avatar },
    });
    assert.equal(r.body.code, 0);
    const balance = await services().credits.balance(account_id);

    const p1 = await services().credits.ledger(account_id, 1, 4);
    const p2 = await services().credits.ledger(account_id, 2, 4);
    const p3 = await services().credits.ledger(account_id, 3, 4);
    assert.equal(p1.total, 7);
    assert.equal(p2.total, 7);
    assert.deepEqual([p1.data.length, p2.data.length, p3.data.length], [4, 3, 0]);
    const all = [...p1.data, ...p2.data];
    assert.deepEqual(
      all.map((e) => [e.delta, e.reason]),
      [
        [all[0]!.delta, 'reserve'],
        [-3, 'adjust'],
        [250, 'topup'],
        [-7, 'adjust'],
        [40, 'topup'],
        [-100, 'adjust'],
        [1000, 'topup'],
      ],
    );
    assert.equal(all[0]!.task_id, r.body.task_id);
    assert.equal(all[0]!.balance_after, balance, 'the newest entry left the balance of now');
    for (let i = 1; i < all.length; i++) {
      assert.equal(all[i]!.balance_after, all[i - 1]!.balance_after - all[i - 1]!.delta, `entry ${i}`);
      assert.ok(all[i - 1]!.id > all[i]!.id, 'newest first');
    }
    assert.equal(all[6]!.balance_after, 1000, 'the first entry left its own amount');
    assert.equal(p2.data[0]!.balance_after, 1000 - 100 + 40, 'page 2 starts where page 1 ended');
    assert.equal(typeof all[0]!.at, 'string');
  });
});
