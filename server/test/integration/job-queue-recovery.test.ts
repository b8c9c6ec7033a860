import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pino from 'pino';
import type { Db } from '../../src/db/connect.js';
import { InProcessJobQueue } from '../../src/jobs/in-process-queue.js';
import { JobName, type JobHandler } from '../../src/jobs/job-queue.js';
import { iso, systemClock } from '../../src/lib/clock.js';
import { JobRepository } from '../../src/repositories/job.repository.js';
import { openTestDatabase } from '../helpers/database.js';

/** What the persisted queue does with a job its process stopped under: gracefully, or by dying. */
describe('job queue recovery', () => {
  let dir: string;
  let db: Db;
  let closeDb: () => Promise<void>;
  let jobs: JobRepository;
  const log = pino({ level: 'silent' });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'likeness-queue-'));
    ({ db, close: closeDb } = await openTestDatabase(dir));
    jobs = new JobRepository(db);
  });
  after(async () => {
    await closeDb();
    await rm(dir, { recursive: true, force: true });
  });

  /** A render job that records its runs and, when told to, waits until it is aborted. */
  function handler(opts: { hang: boolean }) {
    const runs: number[] = [];
    const gaveUp: string[] = [];
    let started: () => void = () => undefined;
    const running = new Promise<void>((r) => (started = r));
    const h: JobHandler<'work.render'> = {
      name: JobName.WorkRender,
      async run(payload, ctx) {
        runs.push(ctx.attempt);
        started();
        if (!opts.hang) return;
        await new Promise((_, reject) =>
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)),
        );
      },
      async onGiveUp(payload) {
        gaveUp.push(payload.taskId);
      },
    };
    return { h, runs, gaveUp, running };
  }

  const queueWith = (h: JobHandler<'work.render'>) =>
    new InProcessJobQueue(jobs, new Map([[JobName.WorkRender, h as JobHandler]]), {
      concurrency: 1,
      attempts: 3,
      leaseSec: 30,
      clock: systemClock,
      log,
    });

  const ids = new Map<string, string>();
  const jobOf = async (taskId: string) => {
    const job = await jobs.get(ids.get(taskId)!);
    assert.ok(job, `job of ${taskId}`);
    return job;
  };

  test('a shutdown puts the running job back without counting the attempt', async () => {
    const first = handler({ hang: true });
    const q1 = queueWith(first.h);
    ids.set(
      't_shutdown',
      (await q1.enqueue(JobName.WorkRender, { taskId: 't_shutdown' }, { dedupeKey: 'task:t_shutdown' }))!,
    );
    await q1.start();
    await first.running;
    await q1.stop();
    const parked = await jobOf('t_shutdown');
    assert.equal(parked.state, 'queued');
    assert.equal(parked.attempts, 0, 'the interrupted claim is given back');

    const second = handler({ hang: false });
    const q2 = queueWith(second.h);
    await q2.start();
    await q2.drain();
    await q2.stop();
    assert.deepEqual(second.runs, [1], 'the next process runs it as its first attempt');
    assert.equal((await jobOf('t_shutdown')).state, 'done');
  });

  test('a job its process died under counts the attempt, and gives up (once) after the last', async () => {
    const q = queueWith(handler({ hang: false }).h);
    ids.set('t_crash', (await q.enqueue(JobName.WorkRender, { taskId: 't_crash' }))!);
    // Three workers on other machines claim the job and die during it; each claim is taken back
    // once its lease has run out (here: a lease that ended a second ago).
    for (let i = 0; i < 3; i++) {
      const now = new Date();
      const lapsed = iso(new Date(now.getTime() - 1000));
      const claimed = await jobs.claimNext([JobName.WorkRender], `elsewhere/1${i}/dead`, iso(now), lapsed);
      assert.equal(claimed?.attempts, i + 1);
      if (i > 0) {
        // A worker whose claim was taken back cannot record an outcome over a later run.
        assert.equal(await jobs.finish(claimed.id, 'elsewhere/10/dead', 'done', null, iso(now)), false);
      }
      assert.deepEqual(await jobs.takeBackAbandoned([], iso(now)), [claimed.id]);
    }

    const last = handler({ hang: false });
    const q2 = queueWith(last.h);
    await q2.start();
    await q2.drain();
    await q2.stop();
    assert.deepEqual(last.runs, [], 'not run a fourth time');
    assert.deepEqual(last.gaveUp, ['t_crash'], 'its give-up hook ran once');
    const job = await jobOf('t_crash');
    assert.equal(job.state, 'failed');
    assert.match(job.last_error ?? '', /gave up after 3 attempts/);
  });
});
