import type { Insertable } from 'kysely';
import type { Db } from '../db/connect.js';
import { dialectOf } from '../db/dialect.js';
import type { JobRow, JobsTable } from '../db/schema.js';

/**
 * The jobs table: the queue of the embedded backend and the outbox of the BullMQ one. Every state
 * change is a conditional UPDATE guarded on the claim, so any number of processes can share it.
 */
export class JobRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Db) {
    this.postgres = dialectOf(db) === 'postgres';
  }

  /** Inserts unless a live job with the same dedupe key exists; returns whether it inserted. */
  async enqueue(row: Insertable<JobsTable>, trx: Db = this.db): Promise<boolean> {
    const r = await trx
      .insertInto('jobs')
      .values(row)
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async get(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Atomically takes the oldest due job of the given names, leased to `workerId` until
   * `leaseUntil`. PostgreSQL skips rows another process is claiming right now (SKIP LOCKED), so
   * workers do not queue behind each other; SQLite runs one transaction at a time anyway.
   */
  async claimNext(
    names: string[],
    workerId: string,
    now: string,
    leaseUntil: string,
  ): Promise<JobRow | undefined> {
    if (names.length === 0) return undefined;
    return this.db.transaction().execute(async (trx) => {
      let pick = trx
        .selectFrom('jobs')
        .selectAll()
        .where('state', '=', 'queued')
        .where('run_at', '<=', now)
        .where('name', 'in', names)
        .orderBy('run_at')
        .orderBy('created_at')
        .limit(1);
      if (this.postgres) pick = pick.forUpdate().skipLocked();
      const next = await pick.executeTakeFirst();
      if (!next) return undefined;
      return trx
        .updateTable('jobs')
        .set({
          state: 'running',
          locked_by: workerId,
          locked_at: now,
          lease_until: leaseUntil,
          attempts: next.attempts + 1,
          updated_at: now,
        })
        .where('id', '=', next.id)
        .where('state', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
    });
  }

  /**
   * Claims one given job (BullMQ delivers the id): queued, or running under a lease that ran out.
   * Undefined when it is not due, finished, or held by a live claim elsewhere.
   */
  async claim(id: string, workerId: string, now: string, leaseUntil: string): Promise<JobRow | undefined> {
    return this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        locked_by: workerId,
        locked_at: now,
        lease_until: leaseUntil,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([
            eb('state', '=', 'running'),
            eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]),
          ]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Renews the leases of the jobs this worker runs. Returns the ids it still holds and, among
   * them, the ones whose work was cancelled meanwhile.
   */
  async renew(
    workerId: string,
    ids: string[],
    leaseUntil: string,
    now: string,
  ): Promise<{ held: string[]; cancelled: string[] }> {
    if (ids.length === 0) return { held: [], cancelled: [] };
    const rows = await this.db
      .updateTable('jobs')
      .set({ lease_until: leaseUntil, updated_at: now })
      .where('id', 'in', ids)
      .where('state', '=', 'running')
      .where('locked_by', '=', workerId)
      .returning(['id', 'cancel_requested'])
      .execute();
    return {
      held: rows.map((r) => r.id),
      cancelled: rows.filter((r) => r.cancel_requested).map((r) => r.id),
    };
  }

  /**
   * Marks the live job with this dedupe key cancelled; its worker stops when it next renews its
   * lease. True when there was such a job.
   */
  async requestCancel(dedupeKey: string, now: string): Promise<boolean> {
    const r = await this.db
      .updateTable('jobs')
      .set({ cancel_requested: 1, updated_at: now })
      .where('dedupe_key', '=', dedupeKey)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Records how a claimed job ended. Guarded on the claim (still running, by this worker), so a
   * worker whose job was taken back and claimed again elsewhere cannot overwrite the new run.
   */
  async finish(
    id: string,
    workerId: string,
    state: 'done' | 'failed',
    error: string | null,
    now: string,
  ): Promise<boolean> {
    // A finished job frees its dedupe key so the same work can be queued again later.
    const r = await this.db
      .updateTable('jobs')
      .set({
        state,
        last_error: error,
        locked_by: null,
        lease_until: null,
        dedupe_key: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('locked_by', '=', workerId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Puts a claimed job back in the queue to run at `runAt` (a retry after an error). With
   * `giveBackAttempt` the claim is not counted: the job did not fail, the process stopped under it.
   */
  async reschedule(
    id: string,
    workerId: string,
    runAt: string,
    error: string | null,
    now: string,
    opts: { giveBackAttempt?: boolean } = {},
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'queued',
        run_at: runAt,
        last_error: error,
        locked_by: null,
        lease_until: null,
        published_at: null,
        updated_at: now,
        ...(opts.giveBackAttempt ? { attempts: eb('attempts', '-', 1) } : {}),
      }))
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('locked_by', '=', workerId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The workers holding running jobs, so a process can tell which of them are provably gone. */
  async runningHolders(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select('locked_by')
      .distinct()
      .where('state', '=', 'running')
      .execute();
    return rows.map((r) => r.locked_by).filter((w): w is string => w !== null);
  }

  /**
   * Takes back the claims of abandoned jobs: those of the given workers (known dead) and those
   * whose lease ran out. Their attempt stays counted, so a job that keeps killing its worker
   * eventually gives up. Returns the ids taken back.
   */
  async takeBackAbandoned(deadWorkers: string[], now: string): Promise<string[]> {
    const rows = await this.db
      .updateTable('jobs')
      .set({
        state: 'queued',
        locked_by: null,
        lease_until: null,
        published_at: null,
        run_at: now,
        updated_at: now,
      })
      .where('state', '=', 'running')
      .where((eb) => {
        // A claim without a lease was made before leases existed: its process is long gone.
        const expired = [eb('lease_until', 'is', null), eb('lease_until', '<', now)];
        return eb.or(deadWorkers.length > 0 ? [...expired, eb('locked_by', 'in', deadWorkers)] : expired);
      })
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * The outbox of the BullMQ adapter: queued rows never published (or put back in the queue since),
   * and queued rows published before `republishBefore` that are still not taken (their BullMQ job
   * may be gone: Redis flushed or failed over). Publishing is idempotent (job id = row id), so
   * several processes may sweep at once.
   */
  async unpublished(
    republishBefore: string,
    limit: number,
  ): Promise<Pick<JobRow, 'id' | 'name' | 'run_at'>[]> {
    return this.db
      .selectFrom('jobs')
      .select(['id', 'name', 'run_at'])
      .where('state', '=', 'queued')
      .where((eb) => eb.or([eb('published_at', 'is', null), eb('published_at', '<', republishBefore)]))
      .orderBy('run_at')
      .limit(limit)
      .execute();
  }

  /** Records that these queued rows are in BullMQ now. */
  async markPublished(ids: string[], now: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('jobs')
      .set({ published_at: now })
      .where('id', 'in', ids)
      .where('state', '=', 'queued')
      .execute();
  }

  /** Jobs running anywhere or due now: zero when every process's queue is idle (tests). */
  async countBusy(now: string): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.or([eb('state', '=', 'running'), eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)])]),
      )
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The jobs of a task, oldest first (doctor, tests): its payload is exactly `{"taskId":…}`. */
  async ofTask(taskId: string): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('payload', '=', JSON.stringify({ taskId }))
      .orderBy('created_at')
      .execute();
  }

  /** The jobs running now, anywhere, with the worker holding each (doctor, tests). */
  async listRunning(): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('state', '=', 'running')
      .orderBy('locked_at')
      .execute();
  }

  /** Jobs queued or running (audits, doctor, tests). */
  async countOpen(): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async nextRunAt(names: string[]): Promise<string | undefined> {
    if (names.length === 0) return undefined;
    const row = await this.db
      .selectFrom('jobs')
      .select('run_at')
      .where('state', '=', 'queued')
      .where('name', 'in', names)
      .orderBy('run_at')
      .limit(1)
      .executeTakeFirst();
    return row?.run_at;
  }
}
