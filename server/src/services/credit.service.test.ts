import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Db } from '../db/connect.js';
import type { Clock } from '../lib/clock.js';
import type {
  CreditEntry,
  CreditRepository,
  CreditState,
  CreditWarning,
} from '../repositories/credit.repository.js';
import { strictFake } from '../../test/helpers/strict-fake.js';
import {
  CreditService,
  creditWarningActive,
  ledgerLine,
  type CreditWarningNotifier,
} from './credit.service.js';
import { DELETED_BY_CALLER } from './task.service.js';

const trx = { name: 'the caller’s transaction' } as unknown as Db;
const clock: Clock = { now: () => new Date('2026-01-02T03:04:05.000Z') };

const state = (balance: number, warningThreshold: number, warningSent = false): CreditState => ({
  balance,
  warningThreshold,
  warningSent,
});

/**
 * A CreditService over a strict fake ledger: `apply` answers `applied` (the state the entry left,
 * or undefined when refused), `takeWarning` answers `warning`; every repository and notifier call
 * is recorded in order.
 */
function credits(opts: { applied?: CreditState; warning?: CreditWarning; notifier?: boolean }) {
  const calls: unknown[][] = [];
  const repo = strictFake<CreditRepository>('ledger', {
    apply: async (entry: CreditEntry, t: Db) => {
      calls.push(['apply', entry.delta, entry.reason, entry.taskId, entry.idempotencyKey, t === trx]);
      return opts.applied;
    },
    takeWarning: async (accountId: string, t: Db) => {
      calls.push(['takeWarning', accountId, t === trx]);
      return opts.warning;
    },
    rearmWarning: async (accountId: string, t: Db) => {
      calls.push(['rearmWarning', accountId, t === trx]);
    },
    setWarningThreshold: async (accountId: string, threshold: number, t?: Db) => {
      calls.push(['setWarningThreshold', accountId, threshold, t === trx]);
    },
    getBalance: async () => 3,
  });
  const notifier = strictFake<CreditWarningNotifier>('notifier', {
    onCreditWarning: async (accountId, taskId, balance, threshold, t) => {
      calls.push(['onCreditWarning', accountId, taskId, balance, threshold, t === trx]);
    },
  });
  const service = new CreditService(
    strictFake<Db>('db', {}),
    repo,
    clock,
    opts.notifier === false ? undefined : notifier,
  );
  return { service, calls };
}

test('a debit that takes the reminder tells the notifier, in the debit’s transaction, with its task', async () => {
  const { service, calls } = credits({ applied: state(40, 50), warning: { balance: 40, threshold: 50 } });
  await service.reserve('acc_1', 't_1', 20, trx);
  assert.deepEqual(calls, [
    ['apply', -20, 'reserve', 't_1', 'reserve:t_1', true],
    ['takeWarning', 'acc_1', true],
    ['onCreditWarning', 'acc_1', 't_1', 40, 50, true],
  ]);
});

test('a debit that leaves the balance at or above the threshold, or no threshold, costs nothing more', async () => {
  for (const applied of [state(50, 50), state(3, 0)]) {
    const { service, calls } = credits({ applied });
    await service.raiseReservation('acc_1', 't_1', 5, 25, trx);
    assert.deepEqual(calls, [['apply', -5, 'reserve', 't_1', 'raise:t_1:25', true]]);
  }
});

test('a debit below the threshold with the reminder already taken sends nothing', async () => {
  const { service, calls } = credits({
    applied: state(10, 50, true),
    warning: { balance: 10, threshold: 50 },
  });
  await service.reserve('acc_1', 't_1', 5, trx);
  assert.deepEqual(calls, [['apply', -5, 'reserve', 't_1', 'reserve:t_1', true]]);
});

test('of two debits crossing at once only the one that takes the reminder sends it', async () => {
  const { service, calls } = credits({ applied: state(10, 50), warning: undefined });
  await service.reserve('acc_1', 't_2', 5, trx);
  assert.deepEqual(calls, [
    ['apply', -5, 'reserve', 't_2', 'reserve:t_2', true],
    ['takeWarning', 'acc_1', true],
  ]);
});

test('a negative top-up is a debit without a task', async () => {
  const { service, calls } = credits({ applied: state(1, 10), warning: { balance: 1, threshold: 10 } });
  await service.topUp('acc_1', -9, trx);
  assert.deepEqual(calls, [
    ['apply', -9, 'adjust', null, null, true],
    ['takeWarning', 'acc_1', true],
    ['onCreditWarning', 'acc_1', null, 1, 10, true],
  ]);
});

test('credits re-arm a taken reminder once the balance is back at or above the threshold', async () => {
  const back = credits({ applied: state(10, 10, true) });
  await back.service.topUp('acc_1', 100, trx);
  await back.service.release('acc_1', 't_1', 3, trx);
  await back.service.refund('acc_1', 't_2', 7, trx);
  assert.deepEqual(back.calls, [
    ['apply', 100, 'topup', null, null, true],
    ['rearmWarning', 'acc_1', true],
    ['apply', 3, 'release', 't_1', 'release:t_1', true],
    ['rearmWarning', 'acc_1', true],
    ['apply', 7, 'refund', 't_2', 'refund:t_2', true],
    ['rearmWarning', 'acc_1', true],
  ]);
  // Still below, or nothing taken: nothing to re-arm; a credit never sends a reminder.
  for (const applied of [state(9, 10, true), state(20, 10, false), state(1, 10, false)]) {
    const { service, calls } = credits({ applied });
    await service.refund('acc_1', 't_3', 1, trx);
    assert.deepEqual(calls, [['apply', 1, 'refund', 't_3', 'refund:t_3', true]]);
  }
});

test('a refused debit (short of credits) neither takes the reminder nor sends one', async () => {
  const { service, calls } = credits({ applied: undefined, warning: { balance: 0, threshold: 5 } });
  await assert.rejects(service.reserve('acc_1', 't_1', 20, trx), { code: 1002 });
  assert.deepEqual(calls, [['apply', -20, 'reserve', 't_1', 'reserve:t_1', true]]);
});

test('without a notifier the reminder is still taken (the console’s banner)', async () => {
  const { service, calls } = credits({
    applied: state(1, 10),
    warning: { balance: 1, threshold: 10 },
    notifier: false,
  });
  await service.reserve('acc_1', 't_1', 2, trx);
  assert.deepEqual(calls, [
    ['apply', -2, 'reserve', 't_1', 'reserve:t_1', true],
    ['takeWarning', 'acc_1', true],
  ]);
});

test('a threshold must be a whole number, 0 or more', async () => {
  const { service, calls } = credits({});
  await service.setWarningThreshold('acc_1', 0, trx);
  await service.setWarningThreshold('acc_1', 500, trx);
  await assert.rejects(service.setWarningThreshold('acc_1', -1, trx), { code: 11 });
  await assert.rejects(service.setWarningThreshold('acc_1', 1.5, trx), { code: 11 });
  assert.deepEqual(calls, [
    ['setWarningThreshold', 'acc_1', 0, true],
    ['setWarningThreshold', 'acc_1', 500, true],
  ]);
});

test('ledger pages start at 1 and have a positive size', async () => {
  const { service } = credits({});
  await assert.rejects(service.ledger('acc_1', 0, 20), { code: 11 });
  await assert.rejects(service.ledger('acc_1', 1, 0), { code: 11 });
});

test('the banner shows while a threshold is set and the balance is below it', () => {
  assert.equal(creditWarningActive(49, 50), true);
  assert.equal(creditWarningActive(50, 50), false);
  assert.equal(creditWarningActive(0, 0), false, 'threshold 0 is off');
});

test("ledgerLine tells a raised reservation and a cancelled task's refund from the others", () => {
  const row = {
    id: 1,
    at: '2026-01-02T03:04:05.000Z',
    delta: -10,
    reason: 'reserve',
    task_id: 't_1',
    balance_after: 90,
    task_type: 'video_tts',
    idempotency_key: 'reserve:t_1',
    task_error: null,
  };
  const { idempotency_key: _k, task_error: _e, ...line } = row;
  assert.deepEqual(ledgerLine(row), { ...line, note: null });
  assert.equal(ledgerLine({ ...row, idempotency_key: 'raise:t_1:30' }).note, 'raised');
  const refund = { ...row, reason: 'refund', delta: 10, idempotency_key: 'refund:t_1' };
  assert.equal(ledgerLine({ ...refund, task_error: DELETED_BY_CALLER }).note, 'cancelled');
  assert.equal(ledgerLine({ ...refund, task_error: 'the audio is not readable' }).note, null);
  assert.equal(
    ledgerLine({ ...row, reason: 'topup', task_id: null, task_type: null, idempotency_key: null }).note,
    null,
  );
});
