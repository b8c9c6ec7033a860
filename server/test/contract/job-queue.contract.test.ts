import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pino from 'pino';
import type { Db } from '../../src/db/connect.js';
import { BullJobQueue } from '../../src/jobs/bullmq-queue.js';
import { InProcessJobQueue, type QueueOptions } from '../../src/jobs/in-process-queue.js';
import {
  JobName,
  UnrecoverableError,
  type JobHandler,
  type JobPayloads,
  type JobQueue,
} from '../../src/jobs/job-queue.js';
import { iso, systemClock } from '../../src/lib/clock.js';
import { JobRepository } from '../../src/repositories/job.repository.js';
import { openTestDatabase, TEST_DB } from '../helpers/database.js';
import { dropRedisPrefix, redisPrefixFor, redisUnavailable, TEST_REDIS_URL } from '../helpers/redis.js';

/**
 * One suite for every JobQueue adapter: the embedded queue (it polls the jobs table) and BullMQ on
 * the Redis server of the development and CI machines (skipped, saying so, when it does not
 * answer). Each case builds queues as separate processes would (their own worker id, the same
 * database), so what holds here holds across machines.
 */

type Make = (jobs: JobRepository, o?: Partial<QueueOptions>) => JobQueue;

interface Adapter {
  name: string;
  /** null: runs; a string: why this adapter is skipped here. */
  unavailable(): Promise<string | null>;
  make(dataDir: string): Make;
  cleanUp(dataDir: string): Promise<void>;
}

const log = pino({ level: process.env.TEST_QUEUE_LOG ?? 'silent' });
let processes = 0;

function options(o: Partial<QueueOptions> = {}): QueueOptions {
  processes += 1;
  return {
    concurrency: 2,
    attempts: 3,
    leaseSec: 30,
    clock: systemClock,
    log,
    pollMs: 100,
    // Another process on this host: a live pid (this one), its own run id.
    workerId: `test-host/${process.pid}/run${processes}`,
    ...o,
  };
}

const byName = (handlers: JobHandler[]) => new Map(handlers.map((h) => [h.name, h]));

const adapters: Adapter[] = [
  {
    name: 'embedded (jobs table)',
    unavailable: async () => null,
    make: () => (jobs, o) => new InProcessJobQueue(jobs, options(o)),
    cleanUp: async () => undefined,
  },
  {
    name: 'BullMQ (Redis)',
    unavailable: async () => {
      const why = await redisUnavailable();
      return why && `no Redis server answers at ${TEST_REDIS_URL} (${why})`;
    },
    make: (dataDir) => (jobs, o) =>
      new BullJobQueue(jobs, {
        ...options(o),
        redisUrl: TEST_REDIS_URL,
        prefix: redisPrefixFor(dataDir),
        sweepMs: 200,
      }),
    cleanUp: (dataDir) => dropRedisPrefix(redisPrefixFor(dataDir)),
  },
];

/** A handler that records its runs and, when told to, waits until it is aborted. */
function recorder<N extends 'work.render' | 'callback.deliver'>(
  name: N,
  behave: (payload: JobPayloads[N], attempt: number) => 'ok' | 'hang' | 'fail' | 'fail-permanently' = () =>
    'ok',
) {
  const runs: { payload: JobPayloads[N]; attempt: number }[] = [];
  const aborted: string[] = [];
  const gaveUp: JobPayloads[N][] = [];
  let waiters: (() => void)[] = [];
  const handler: JobHandler<N> = {
    name,
    async run(payload, ctx) {
      runs.push({ payload, attempt: ctx.attempt });
      for (const w of waiters) w();
      waiters = [];
      const what = behave(payload, ctx.attempt);
      if (what === 'fail') throw new Error('failed this time');
      if (what === 'fail-permanently') throw new UnrecoverableError('cannot ever work');
      if (what === 'hang') {
        await new Promise((_, reject) =>
          ctx.signal.addEventListener('abort', () => {
            aborted.push(String((ctx.signal.reason as Error).message));
            reject(ctx.signal.reason);
          }),
        );
      }
    },
    async onGiveUp(payload) {
      gaveUp.push(payload);
    },
  };
  return {
    handler: handler as unknown as JobHandler,
    runs,
    aborted,
    gaveUp,
    /** Resolves at the next run's start. */
    nextStart: () => new Promise<void>((r) => waiters.push(r)),
  };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Known before the suites are declared: node:test's describe() does not wait for an async body.
const skipReasons = await Promise.all(adapters.map((a) => a.unavailable()));

for (const [i, adapter] of adapters.entries()) {
  describe(`job queue contract: ${adapter.name} on ${TEST_DB}`, () => {
    const skip = skipReasons[i] ?? false;
    let dir: string;
    let db: Db;
    let closeDb: () => Promise<void>;
    let jobs: JobRepository;
    let make: Make;
    const started: JobQueue[] = [];
    /** A queue of another process, started. */
    const startQueue = async (handlers: JobHandler[], o?: Partial<QueueOptions>) => {
      const q = make(jobs, o);
      started.push(q);
      await q.start(byName(handlers));
      return q;
    };

    // The queues' timers do not hold a process open (its HTTP server does); this timer does here.
    let keepAlive: NodeJS.Timeout | undefined;

    before(async () => {
      if (skip) return;
      keepAlive = setInterval(() => undefined, 1000);
      dir = await mkdtemp(join(tmpdir(), 'likeness-queue-'));
      ({ db, close: closeDb } = await openTestDatabase(dir));
      jobs = new JobRepository(db);
      make = adapter.make(dir);
    });
    after(async () => {
      if (skip) return;
      await Promise.all(started.map((q) => q.stop()));
      await adapter.cleanUp(dir);
      await closeDb();
      await rm(dir, { recursive: true, force: true });
      clearInterval(keepAlive);
    });

    test('runs a committed job once, with its payload, and records it done', { skip }, async () => {
      const r = recorder('work.render');
      const q = await startQueue([r.handler]);
      const id = await q.enqueue(JobName.WorkRender, { taskId: 't_once' });
      assert.ok(id);
      await q.drain();
      assert.deepEqual(r.runs, [{ payload: { taskId: 't_once' }, attempt: 1 }]);
      assert.equal((await jobs.get(id))?.state, 'done');
      await q.stop();
    });

    test('a job enqueued in a transaction runs only if the transaction commits', { skip }, async () => {
      const r = recorder('work.render');
      const q = await startQueue([r.handler]);
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await q.enqueue(JobName.WorkRender, { taskId: 't_rolled_back' }, { trx });
          throw new Error('roll back');
        }),
        /roll back/,
      );
      const id = await db
        .transaction()
        .execute((trx) => q.enqueue(JobName.WorkRender, { taskId: 't_committed' }, { trx }));
      await until('the committed job ran', () => r.runs.length === 1);
      await q.drain();
      assert.deepEqual(
        r.runs.map((x) => x.payload.taskId),
        ['t_committed'],
      );
      assert.equal((await jobs.get(id!))?.state, 'done');
      await q.stop();
    });

    test('one live job per dedupe key; a finished one frees the key', { skip }, async () => {
      const r = recorder('work.render');
      const q = make(jobs);
      started.push(q);
      const first = await q.enqueue(JobName.WorkRender, { taskId: 't_key' }, { dedupeKey: 'task:t_key' });
      assert.ok(first);
      assert.equal(
        await q.enqueue(JobName.WorkRender, { taskId: 't_key' }, { dedupeKey: 'task:t_key' }),
        null,
      );
      await q.start(byName([r.handler]));
      await q.drain();
      assert.equal(r.runs.length, 1);
      assert.ok(await q.enqueue(JobName.WorkRender, { taskId: 't_key' }, { dedupeKey: 'task:t_key' }));
      await q.drain();
      assert.equal(r.runs.length, 2);
      await q.stop();
    });

    test('background work waits while the process runs media work, then runs', { skip }, async () => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let mediaStarted = false;
      const media: JobHandler = {
        name: JobName.WorkRender,
        async run() {
          mediaStarted = true;
          await held;
        },
      };
      const background: string[] = [];
      const catalogue: JobHandler = {
        name: JobName.CatalogueRender,
        async run(payload) {
          background.push((payload as JobPayloads['catalogue.render']).id);
        },
      };
      const q = await startQueue([media, catalogue]);
      await q.enqueue(JobName.WorkRender, { taskId: 't_user' });
      await until('the media job runs', () => mediaStarted);
      await q.enqueue(JobName.CatalogueRender, { kind: 'cover-style', id: 'cover-news' });
      await new Promise((r) => setTimeout(r, 600));
      assert.deepEqual(background, [], 'no background job starts beside a media job');
      release();
      await until('the background job ran', () => background.length === 1);
      await q.drain();
      await q.stop();
    });

    // The embedded queue's own polling (BullMQ is woken by Redis).
    const embeddedOnly = skip || (adapter.name.startsWith('embedded') ? false : 'the embedded queue polls');
    test('a job waiting for a full lane is not polled for', { skip: embeddedOnly }, async () => {
      let queries = 0;
      class CountingJobs extends JobRepository {
        override claimNext(...a: Parameters<JobRepository['claimNext']>) {
          queries++;
          return super.claimNext(...a);
        }
        override nextRunAt(...a: Parameters<JobRepository['nextRunAt']>) {
          queries++;
          return super.nextRunAt(...a);
        }
      }
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const ran: string[] = [];
      const media: JobHandler = {
        name: JobName.WorkRender,
        async run(payload) {
          ran.push((payload as JobPayloads['work.render']).taskId);
          await held;
        },
      };
      const q = new InProcessJobQueue(new CountingJobs(db), options({ concurrency: 1, pollMs: 100 }));
      started.push(q);
      await q.start(byName([media]));
      await q.enqueue(JobName.WorkRender, { taskId: 't_running' });
      await until('the first job runs', () => ran.length === 1);
      await q.enqueue(JobName.WorkRender, { taskId: 't_waiting' });
      await new Promise((r) => setTimeout(r, 100));
      const before = queries;
      try {
        await new Promise((r) => setTimeout(r, 600));
        // One poll of the lanes with room every 100 ms (a claim and a look ahead: about 12); polling
        // for the waiting job every 10 ms made about 120.
        assert.ok(queries - before <= 30, `${queries - before} queries in 600 ms`);
      } finally {
        // The held job ignores its abort: a failed check must still let the queue stop.
        release();
      }
      await until('the waiting job ran', () => ran.length === 2);
      await q.drain();
      await q.stop();
    });

    test('a failed attempt is retried after its backoff, then the job is done', { skip }, async () => {
      // callback.deliver retries at once (backoff 0 s), so the case is quick.
      const r = recorder('callback.deliver', (_, attempt) => (attempt === 1 ? 'fail' : 'ok'));
      const q = await startQueue([r.handler]);
      const id = await q.enqueue(JobName.CallbackDeliver, { deliveryId: 'd_retry' });
      await until('the retry ran', () => r.runs.length === 2);
      await q.drain();
      assert.deepEqual(
        r.runs.map((x) => x.attempt),
        [1, 2],
      );
      assert.equal((await jobs.get(id!))?.state, 'done');
      assert.deepEqual(r.gaveUp, []);
      await q.stop();
    });

    test('a permanent failure gives up once, without retrying', { skip }, async () => {
      const r = recorder('work.render', () => 'fail-permanently');
      const q = await startQueue([r.handler]);
      const id = await q.enqueue(JobName.WorkRender, { taskId: 't_permanent' });
      await until('it gave up', () => r.gaveUp.length === 1);
      await q.drain();
      assert.equal(r.runs.length, 1);
      const row = await jobs.get(id!);
      assert.equal(row?.state, 'failed');
      assert.match(row?.last_error ?? '', /cannot ever work/);
      await q.stop();
    });

    test('two processes sharing the database run each of 12 jobs exactly once', { skip }, async () => {
      const a = recorder('work.render');
      const b = recorder('work.render');
      const qa = await startQueue([a.handler]);
      const qb = await startQueue([b.handler]);
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const producer = i % 2 === 0 ? qa : qb;
        ids.push((await producer.enqueue(JobName.WorkRender, { taskId: `t_shared_${i}` }))!);
      }
      await until('every job ran', () => a.runs.length + b.runs.length >= 12);
      await qa.drain();
      await qb.drain();
      const ran = [...a.runs, ...b.runs].map((x) => x.payload.taskId).sort();
      assert.deepEqual(ran, ids.map((_, i) => `t_shared_${i}`).sort());
      for (const id of ids) assert.equal((await jobs.get(id))?.state, 'done');
      await qa.stop();
      await qb.stop();
    });

    test('a cancellation from another process stops the running job', { skip }, async () => {
      const worker = recorder('work.render', () => 'hang');
      // A short lease: the worker renews (and hears of the cancellation) every quarter second.
      const running = await startQueue([worker.handler], { leaseSec: 1.5 });
      // An API process: it enqueues and cancels, and runs no job.
      const api = await startQueue([]);
      const began = worker.nextStart();
      const id = await api.enqueue(
        JobName.WorkRender,
        { taskId: 't_cancel' },
        { dedupeKey: 'task:t_cancel' },
      );
      await began;
      await api.cancel('task:t_cancel');
      await until('the worker stopped', () => worker.aborted.length === 1);
      assert.deepEqual(worker.aborted, ['cancelled']);
      await until('the row is finished', async () => (await jobs.get(id!))?.state === 'done');
      assert.equal((await jobs.get(id!))?.last_error, 'cancelled');
      assert.deepEqual(worker.gaveUp, [], 'a cancelled job is not a failure');
      await running.stop();
      await api.stop();
    });

    test('a shutdown puts the running job back without counting the attempt', { skip }, async () => {
      const first = recorder('work.render', () => 'hang');
      const q1 = await startQueue([first.handler]);
      const began = first.nextStart();
      const id = await q1.enqueue(
        JobName.WorkRender,
        { taskId: 't_shutdown' },
        { dedupeKey: 'task:t_shutdown' },
      );
      await began;
      await q1.stop();
      const parked = await jobs.get(id!);
      assert.equal(parked?.state, 'queued');
      assert.equal(parked?.attempts, 0, 'the interrupted claim is given back');

      const second = recorder('work.render');
      const q2 = await startQueue([second.handler]);
      await until('the next process ran it', () => second.runs.length === 1);
      await q2.drain();
      assert.deepEqual(
        second.runs.map((x) => x.attempt),
        [1],
        'the next process runs it as its first attempt',
      );
      assert.equal((await jobs.get(id!))?.state, 'done');
      await q2.stop();
    });

    test('a job whose worker died is taken over once its lease ran out', { skip }, async () => {
      const r = recorder('work.render');
      const q = make(jobs);
      started.push(q);
      const id = await q.enqueue(JobName.WorkRender, { taskId: 't_orphan' });
      // A worker on another machine claims it and dies: its lease ended a second ago.
      const now = new Date();
      const claimed = await jobs.claim(
        id!,
        'elsewhere/77/dead',
        iso(now),
        iso(new Date(now.getTime() - 1000)),
      );
      assert.equal(claimed?.attempts, 1);
      await q.start(byName([r.handler]));
      await until('another worker ran it', () => r.runs.length === 1);
      await q.drain();
      assert.deepEqual(
        r.runs.map((x) => x.attempt),
        [2],
        'the dead worker’s attempt stays counted',
      );
      assert.equal((await jobs.get(id!))?.state, 'done');
      await q.stop();
    });

    test(
      'a job its worker died under three times gives up (once) instead of running again',
      { skip },
      async () => {
        const r = recorder('work.render');
        const q = make(jobs);
        started.push(q);
        const id = await q.enqueue(JobName.WorkRender, { taskId: 't_crash' });
        for (let i = 0; i < 3; i++) {
          const now = new Date();
          const lapsed = iso(new Date(now.getTime() - 1000));
          const claimed = await jobs.claim(id!, `elsewhere/1${i}/dead`, iso(now), lapsed);
          assert.equal(claimed?.attempts, i + 1);
          if (i > 0) {
            // A worker whose claim was taken back cannot record an outcome over a later run.
            assert.equal(await jobs.finish(id!, 'elsewhere/10/dead', 'done', null, iso(now)), false);
          }
        }
        await q.start(byName([r.handler]));
        await until('it gave up', async () => (await jobs.get(id!))?.state === 'failed');
        assert.deepEqual(r.runs, [], 'not run a fourth time');
        assert.deepEqual(r.gaveUp, [{ taskId: 't_crash' }], 'its give-up hook ran once');
        assert.match((await jobs.get(id!))?.last_error ?? '', /gave up after 3 attempts/);
        await q.stop();
      },
    );
  });
}
