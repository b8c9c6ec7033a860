import type { Insertable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { JobRow, JobsTable } from '../db/schema.js';

/** The persisted queue of the in-process job backend. */
export class JobRepository {
  constructor(private readonly db: Db) {}

  /** Inserts unless a live job with the same dedupe key exists; returns whether it inserted. */
  async enqueue(row: Insertable<JobsTable>, trx: Db = this.db): Promise<boolean> {
    const r = await trx
      .insertInto('jobs')
      .values(row)
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Atomically takes the oldest due job of the given names. */
  async claimNext(names: string[], workerId: string, now: string): Promise<JobRow | undefined> {
    if (names.length === 0) return undefined;
    return this.db.transaction().execute(async (trx) => {
      const next = await trx
        .selectFrom('jobs')
        .selectAll()
        .where('state', '=', 'queued')
        .where('run_at', '<=', now)
        .where('name', 'in', names)
        .orderBy('run_at')
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      if (!next) return undefined;
      const r = await trx
        .updateTable('jobs')
        .set({
          state: 'running',
          locked_by: workerId,
          locked_at: now,
          attempts: next.attempts + 1,
          updated_at: now,
        })
        .where('id', '=', next.id)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return undefined;
      return { ...next, state: 'running', locked_by: workerId, locked_at: now, attempts: next.attempts + 1 };
    });
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
      .set({ state, last_error: error, locked_by: null, dedupe_key: null, updated_at: now })
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
        updated_at: now,
        ...(opts.giveBackAttempt ? { attempts: eb('attempts', '-', 1) } : {}),
      }))
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('locked_by', '=', workerId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * After a crash: jobs a dead worker had claimed go back to the queue (their attempt counted, so
   * a job that keeps killing the process gives up). Assumes one serving process per database: with
   * several, only the claims of workers known to be dead may be taken back.
   */
  async requeueRunning(now: string): Promise<number> {
    const r = await this.db
      .updateTable('jobs')
      .set({ state: 'queued', locked_by: null, run_at: now, updated_at: now })
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
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
