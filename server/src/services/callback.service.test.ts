import assert from 'node:assert/strict';
import { test } from 'node:test';
import pino from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { AccountRow, CallbackDeliveryRow } from '../db/schema.js';
import type { EnqueueOptions, JobQueue } from '../jobs/job-queue.js';
import type { AccountRepository } from '../repositories/account.repository.js';
import type { CallbackRepository } from '../repositories/callback.repository.js';
import { strictFake } from '../../test/helpers/strict-fake.js';
import { CallbackService, creditWarningBody, testEventBody } from './callback.service.js';
import type { UrlSigner } from './url-signer.js';

test('a test event carries the spec’s common fields, type 0 and the delivery in task_id', () => {
  assert.deepEqual(testEventBody('cb_1'), {
    task_id: 'test_cb_1',
    message: 'test event from the likeness console',
    code: 0,
    status: 3,
    type: 0,
  });
});

test('a credit warning names the balance, the threshold and the task that crossed it', () => {
  assert.deepEqual(creditWarningBody('t_1', 40, 50), {
    task_id: 't_1',
    message: 'credit balance 40 is below the reminder threshold 50',
    code: 0,
    status: 3,
    type: 4,
    left: 40,
    threshold: 50,
  });
  assert.equal(creditWarningBody(null, 0, 1).task_id, '', 'a top-up taken away has no task');
});

const trx = { name: 'trx' } as unknown as Db;
const account = (over: Partial<AccountRow>) =>
  ({ id: 'acc_1', callback_url: 'https://hooks.example/now', callback_secret: 's', ...over }) as AccountRow;
const config = {
  fetch: { allow: [] as string[] },
  callbacks: { retryScheduleSec: [1], timeoutMs: 1000 },
} as unknown as Config;

/** A CallbackService over strict fakes: records the rows created and the jobs queued. */
function callbacks(opts: { account?: AccountRow; stored?: CallbackDeliveryRow } = {}) {
  const created: Record<string, unknown>[] = [];
  const queued: [string, unknown, boolean][] = [];
  const deliveries = strictFake<CallbackRepository>('deliveries', {
    transaction: async <T>(fn: (t: Db) => Promise<T>) => fn(trx),
    get: async (id: string) => (opts.stored?.id === id ? opts.stored : undefined),
    create: async (row) => {
      created.push(row as Record<string, unknown>);
    },
  });
  const accounts = strictFake<AccountRepository>('accounts', {
    get: async (id: string) => (id === opts.account?.id ? opts.account : undefined),
  });
  const queue = strictFake<JobQueue>('queue', {
    enqueue: async (name, payload, o?: EnqueueOptions) => {
      queued.push([name, payload, o?.trx === trx]);
      return 'job_1';
    },
  });
  const service = new CallbackService(
    deliveries,
    accounts,
    strictFake<UrlSigner>('urls', {}),
    queue,
    config,
    { now: () => new Date('2026-01-02T03:04:05.000Z') },
    pino({ level: 'silent' }),
  );
  return { service, created, queued };
}

/** The state of a delivery queued at the test clock's moment, never tried. */
const QUEUED_NOW = {
  state: 'pending',
  attempts: 0,
  next_attempt_at: '2026-01-02T03:04:05.000Z',
  last_status: null,
  last_error: null,
  last_latency_ms: null,
  test_fault: null,
  created_at: '2026-01-02T03:04:05.000Z',
  finished_at: null,
};

test('sendTest queues a pending type-0 delivery and its job in one transaction', async () => {
  const { service, created, queued } = callbacks({ account: account({}) });
  const id = await service.sendTest('acc_1');
  assert.equal(created.length, 1);
  assert.deepEqual(created[0], {
    id,
    account_id: 'acc_1',
    task_id: `test_${id}`,
    event_type: 0,
    url: 'https://hooks.example/now',
    body: JSON.stringify(testEventBody(id)),
    ...QUEUED_NOW,
  });
  assert.deepEqual(queued, [['callback.deliver', { deliveryId: id }, true]]);
});

test('sendTest without a callback URL is code 11 and queues nothing', async () => {
  const { service, created, queued } = callbacks({ account: account({ callback_url: null }) });
  await assert.rejects(service.sendTest('acc_1'), { code: 11, message: /set a callback URL first/ });
  assert.equal(created.length + queued.length, 0);
});

const stored = {
  id: 'cb_old',
  account_id: 'acc_1',
  task_id: 't_9',
  event_type: 1,
  url: 'https://hooks.example/before',
  body: '{"task_id":"t_9"}',
  state: 'dead',
  attempts: 5,
} as CallbackDeliveryRow;

test('resend queues the same event anew, to the current callback URL', async () => {
  const { service, created, queued } = callbacks({ account: account({}), stored });
  const id = await service.resend('acc_1', 'cb_old');
  assert.notEqual(id, 'cb_old');
  assert.equal(created.length, 1);
  assert.deepEqual(created[0], {
    id,
    account_id: 'acc_1',
    task_id: 't_9',
    event_type: 1,
    url: 'https://hooks.example/now',
    body: '{"task_id":"t_9"}',
    ...QUEUED_NOW,
  });
  assert.deepEqual(queued, [['callback.deliver', { deliveryId: id }, true]]);
});

test('resend of an unknown or another account’s delivery is 14; without a URL now, 11', async () => {
  const other = callbacks({ account: account({ id: 'acc_2' }), stored });
  await assert.rejects(other.service.resend('acc_2', 'cb_old'), { code: 14 });
  await assert.rejects(other.service.resend('acc_2', 'cb_none'), { code: 14 });
  const noUrl = callbacks({ account: account({ callback_url: null }), stored });
  await assert.rejects(noUrl.service.resend('acc_1', 'cb_old'), { code: 11 });
  assert.equal(other.created.length + noUrl.created.length + noUrl.queued.length, 0);
});

test('a credit warning goes to the callback URL when there is one, in the debit’s transaction', async () => {
  const withUrl = callbacks({ account: account({}) });
  await withUrl.service.onCreditWarning('acc_1', 't_1', 40, 50, trx);
  assert.equal(withUrl.created.length, 1);
  assert.equal(withUrl.created[0]!.event_type, 4);
  assert.equal(withUrl.created[0]!.task_id, 't_1');
  assert.equal(withUrl.created[0]!.body, JSON.stringify(creditWarningBody('t_1', 40, 50)));
  assert.equal(withUrl.queued[0]![2], true);
  const noUrl = callbacks({ account: account({ callback_url: null }) });
  await noUrl.service.onCreditWarning('acc_1', null, 0, 5, trx);
  assert.equal(noUrl.created.length + noUrl.queued.length, 0);
});
