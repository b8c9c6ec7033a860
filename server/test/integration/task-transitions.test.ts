import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest, type Db } from '../../src/db/connect.js';
import type { Database } from '../../src/db/schema.js';
import { isAppError } from '../../src/errors/app-error.js';
import { SvcCode } from '../../src/errors/codes.js';
import { InProcessJobQueue } from '../../src/jobs/in-process-queue.js';
import { systemClock } from '../../src/lib/clock.js';
import { AccountRepository } from '../../src/repositories/account.repository.js';
import { CallbackRepository } from '../../src/repositories/callback.repository.js';
import { CreditRepository } from '../../src/repositories/credit.repository.js';
import { JobRepository } from '../../src/repositories/job.repository.js';
import { TaskRepository } from '../../src/repositories/task.repository.js';
import { AccountService, type Caller } from '../../src/services/account.service.js';
import { CallbackService } from '../../src/services/callback.service.js';
import { CreditService } from '../../src/services/credit.service.js';
import { TaskNotOpenError, TaskService } from '../../src/services/task.service.js';
import { UrlSigner } from '../../src/services/url-signer.js';
import { LocalDiskBlobStore } from '../../src/storage/local-disk-blob-store.js';
import { openTestDatabase, TEST_DB } from '../helpers/database.js';
import { ConnectionScheduler, exploreInterleavings } from '../helpers/interleavings.js';

const INITIAL = 100;
const RESERVE = 10;
/** What the render finds it needs once the real length is known (the reservation is raised to it). */
const RAISED = 14;
/** What the output's duration costs. */
const CHARGE = 12;
const TYPE = 'video_tts';

/** On PostgreSQL the operations run truly concurrently this many times per test. */
const CONCURRENT_ROUNDS = 40;

type Outcomes = Map<string, { ok: true; value: unknown } | { ok: false; error: unknown }>;

/**
 * Every interleaving of the operations that change a task's status (start, raise of the reservation,
 * complete, fail, delete), each run through the real services on a real database. Whatever the order,
 * a task is either charged once (and the rest released) or refunded once, never both, and the
 * balance always equals the ledger. On SQLite (one connection) every schedule is replayed; on
 * PostgreSQL, where the operations hold connections of their own and really run at once, they are
 * started together many times and the same invariants are checked after each round.
 */
describe(`task transitions under every interleaving (${TEST_DB})`, () => {
  let dir: string;
  let db: Db;
  let closeDb: () => Promise<void> = async () => undefined;
  let scheduler: ConnectionScheduler;
  let accounts: AccountService;
  let accountRows: AccountRepository;
  let credits: CreditService;
  let tasks: TaskService;
  const lines: Record<string, unknown>[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'likeness-transitions-'));
    scheduler = new ConnectionScheduler();
    if (TEST_DB === 'postgres') {
      ({ db, close: closeDb } = await openTestDatabase(dir));
    } else {
      const sqlite = new SQLite(join(dir, 'likeness.db'));
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('foreign_keys = ON');
      db = new Kysely<Database>({ dialect: scheduler.gatedDialect(new SqliteDialect({ database: sqlite })) });
      await migrateToLatest(db);
      closeDb = () => db.destroy();
    }
    const config = loadConfig({ LIKENESS_DATA_DIR: dir, LIKENESS_DEMO_ACCOUNT: 'off' }, dir);
    const clock = systemClock;
    // The lifecycle lines the transitions write (the last test reads them).
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    accountRows = new AccountRepository(db);
    credits = new CreditService(db, new CreditRepository(db), clock);
    accounts = new AccountService(db, accountRows, credits, config, clock);
    // Never started: jobs are only recorded, the operations under test are called directly.
    const queue = new InProcessJobQueue(new JobRepository(db), {
      concurrency: 1,
      attempts: 3,
      leaseSec: 30,
      clock,
      log,
    });
    const callbacks = new CallbackService(
      new CallbackRepository(db),
      accountRows,
      new UrlSigner(config, 'test-secret', clock, new LocalDiskBlobStore(join(dir, 'blobs'))),
      queue,
      config,
      clock,
      log,
    );
    tasks = new TaskService(db, new TaskRepository(db), credits, callbacks, queue, config, clock, log);
  });

  after(async () => {
    await closeDb();
    await rm(dir, { recursive: true, force: true });
  });

  /** A fresh account (with a callback URL, so finished tasks record a delivery) and one waiting task. */
  async function freshTask(): Promise<{ caller: Caller; taskId: string }> {
    const { account_id } = await accounts.create({ credits: INITIAL, plan: 'pro' });
    await accountRows.update(account_id, { callback_url: 'http://127.0.0.1:9/callback' });
    const caller: Caller = {
      accountId: account_id,
      account: (await accountRows.get(account_id))!,
      agentPlatform: false,
      test: false,
    };
    const taskId = await tasks.submit(caller, {
      family: 'work',
      type: TYPE,
      title: null,
      input: {},
      job: 'work.render',
      reserve: RESERVE,
    });
    return { caller, taskId };
  }

  /** The ledger invariants for one task of its own account; `why` names the schedule in failures. */
  async function checkLedger(accountId: string, taskId: string, why: string) {
    const task = (await new TaskRepository(db).getForJob(taskId))!;
    const entries = await new CreditRepository(db).entriesOf(accountId);
    const ofTask = entries.filter((e) => e.task_id === taskId);
    const sum = (es: { delta: number }[]) => es.reduce((s, e) => s + e.delta, 0);
    const count = (reason: string) => ofTask.filter((e) => e.reason === reason).length;
    assert.ok(task.status === 3 || task.status === 4, `${why}: task ended at status ${task.status}`);
    if (task.status === 3) {
      assert.equal(count('refund'), 0, `${why}: a completed task was refunded`);
      assert.ok(count('release') <= 1, `${why}: released twice`);
      assert.equal(task.credits_charged, Math.min(task.credits_reserved, CHARGE), `${why}: charge`);
      assert.equal(sum(ofTask), -task.credits_charged, `${why}: a completed task costs its charge`);
    } else {
      assert.equal(count('release'), 0, `${why}: a failed task had its reservation released`);
      assert.equal(count('refund'), 1, `${why}: a failed task is refunded once`);
      assert.equal(task.credits_charged, 0, `${why}: a failed task is not charged`);
      assert.equal(sum(ofTask), 0, `${why}: a failed task costs nothing`);
    }
    const balance = await credits.balance(accountId);
    assert.equal(balance, sum(entries), `${why}: balance equals the ledger`);
    assert.equal(balance, INITIAL - task.credits_charged, `${why}: balance`);
    const deliveries = (await new CallbackRepository(db).getAll(accountId, 100)).filter(
      (d) => d.task_id === taskId,
    );
    const cancelled = task.error_message === 'deleted by the caller';
    assert.equal(deliveries.length, cancelled ? 0 : 1, `${why}: one callback, none for a cancelled task`);
    return task;
  }

  /**
   * Runs `body` once per schedule of the operations (SQLite) or CONCURRENT_ROUNDS times with the
   * operations started together (PostgreSQL); `run` starts the operations and names the order.
   */
  async function everyOrder(
    body: (
      run: (ops: [string, () => Promise<unknown>][]) => Promise<{ outcomes: Outcomes; trace: string[] }>,
    ) => Promise<void>,
  ): Promise<number> {
    if (TEST_DB === 'sqlite')
      return exploreInterleavings((choose) => body((ops) => scheduler.run(ops, choose)));
    for (let i = 0; i < CONCURRENT_ROUNDS; i++) {
      await body(async (ops) => {
        const settled = await Promise.allSettled(ops.map(([, op]) => op()));
        const outcomes: Outcomes = new Map(
          ops.map(([name], j) => {
            const r = settled[j]!;
            return [
              name,
              r.status === 'fulfilled' ? { ok: true, value: r.value } : { ok: false, error: r.reason },
            ];
          }),
        );
        return { outcomes, trace: [`round ${i + 1}, concurrently`] };
      });
    }
    return CONCURRENT_ROUNDS;
  }

  test('start, raise, complete, fail and delete in every order: charged once or refunded once', async (t) => {
    const seen = new Set<string>();
    const runs = await everyOrder(async (run) => {
      const { caller, taskId } = await freshTask();
      const submitted = (await tasks.getForJob(taskId))!;
      const { outcomes, trace } = await run([
        ['start', () => tasks.start(taskId, 1)],
        ['raise', () => tasks.ensureReserved({ ...submitted }, RAISED)],
        ['complete', () => tasks.complete(taskId, { blobKey: 'works/x.mp4', durationSec: 3 }, CHARGE)],
        ['fail', () => tasks.fail(taskId, 1000, 'rendering failed')],
        ['delete', () => tasks.delete(caller, taskId, [TYPE])],
      ]);
      const why = trace.join(' → ');
      for (const [name, o] of outcomes) {
        // The losing side of a race learns it from the return value (start, complete, fail) or
        // from a refusal: the raise of a task no longer in progress stops its job.
        if (o.ok) continue;
        assert.ok(
          name === 'raise' && o.error instanceof TaskNotOpenError,
          `${why}: ${name} threw ${String(o.error)}`,
        );
      }
      const task = await checkLedger(caller.accountId, taskId, why);
      if (outcomes.get('delete')?.ok) assert.ok(task.deleted_at, `${why}: deleted`);
      seen.add(`${task.status}:${task.credits_charged}`);
    });
    t.diagnostic(`${runs} interleavings; end states (status:charged) ${[...seen].sort().join(', ')}`);
    if (TEST_DB === 'sqlite') {
      assert.ok(runs >= 120, 'every order of the five operations was tried');
      // Both outcomes, and both charges (before and after the raise), were reached.
      assert.deepEqual([...seen].sort(), [`3:${RESERVE}`, `3:${CHARGE}`, '4:0']);
    }
  });

  test('two deletes racing a completion: refunded once, the second delete answers 404', async (t) => {
    const runs = await everyOrder(async (run) => {
      const { caller, taskId } = await freshTask();
      const { outcomes, trace } = await run([
        ['delete-1', () => tasks.delete(caller, taskId, [TYPE])],
        ['delete-2', () => tasks.delete(caller, taskId, [TYPE])],
        ['complete', () => tasks.complete(taskId, { blobKey: 'works/x.mp4', durationSec: 3 }, CHARGE)],
      ]);
      const why = trace.join(' → ');
      const task = await checkLedger(caller.accountId, taskId, why);
      assert.ok(task.deleted_at, `${why}: deleted`);
      // The one that comes second finds the task gone, as a later request would.
      const answers = ['delete-1', 'delete-2'].map((n) => {
        const o = outcomes.get(n)!;
        return o.ok ? 0 : isAppError(o.error) ? o.error.code : String(o.error);
      });
      assert.deepEqual(answers.sort(), [0, SvcCode.NotFound], `${why}: answers ${answers.join(', ')}`);
    });
    t.diagnostic(`${runs} interleavings`);
  });
  test('each transition that happens writes one lifecycle line, under the task id', async () => {
    lines.length = 0;
    const { caller, taskId } = await freshTask();
    await tasks.start(taskId, 1);
    await tasks.complete(taskId, { blobKey: 'works/x.mp4', durationSec: 3 }, CHARGE);
    await tasks.fail(taskId, 1000, 'too late: finished'); // not a transition: no line
    const other = await tasks.submit(
      { ...caller, requestId: 'req_lifecycle' },
      {
        family: 'work',
        type: TYPE,
        title: null,
        input: {},
        job: 'work.render',
        reserve: RESERVE,
      },
    );
    await tasks.fail(other, 1003, 'the audio could not be decoded');
    const of = (id: string) =>
      lines.filter((l) => l.taskId === id).map((l) => [l.level, String(l.msg).replace(/[\d.]+ s/, 'N s')]);
    assert.deepEqual(of(taskId), [
      [30, `task submitted: ${TYPE}`],
      [30, 'task started'],
      [30, 'task finished in N s'],
    ]);
    assert.deepEqual(of(other), [
      [30, `task submitted: ${TYPE}`],
      [30, 'task failed with code 1003: the audio could not be decoded'],
    ]);
    const submitted = lines.find((l) => l.taskId === other)!;
    assert.equal(submitted.request_id, 'req_lifecycle');
    assert.equal(submitted.account, caller.accountId);
    assert.equal(submitted.type, TYPE);
  });
});
