import type { UpdateObject } from 'kysely';
import type { Db } from '../db/connect.js';
import { LRUCache } from 'lru-cache';
import type { Database, NewTask, TaskRow } from '../db/schema.js';

export const TaskStatus = { Waiting: 1, Processing: 2, Completed: 3, Failed: 4 } as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** Statuses from which a task can still move (to processing, completed or failed). */
export const OPEN_STATUSES: readonly TaskStatus[] = [TaskStatus.Waiting, TaskStatus.Processing];

/** Columns to set in a transition: plain values, or SQL expressions over the row being updated. */
export type TaskPatch = UpdateObject<Database, 'tasks'>;

export class TaskRepository {
  /**
   * Task reads for the API (clients poll task status) are served from memory when `cacheReads` is
   * on. Every write through this repository drops the row, and SQLite runs one statement or
   * transaction at a time on its single connection, so a read can never see a row older than the
   * last commit. Only for the embedded database; job handlers always read the database.
   */
  private readonly cache: LRUCache<string, TaskRow> | null;
  /** Bumped by every write; a read fills the cache only if no write happened while it ran. */
  private writes = 0;

  constructor(
    private readonly db: Db,
    opts: { cacheReads?: boolean } = {},
  ) {
    this.cache = opts.cacheReads ? new LRUCache<string, TaskRow>({ max: 20_000 }) : null;
  }

  async create(row: NewTask, trx: Db = this.db): Promise<void> {
    await trx.insertInto('tasks').values(row).execute();
  }

  private invalidate(id: string): void {
    this.writes++;
    this.cache?.delete(id);
  }

  /**
   * The task from memory, without a statement: the row when it is cached and this account's (and not
   * deleted), else undefined, and the caller reads it with `get` (a polled query then costs no
   * promise chain; most polls find their row here).
   */
  peek(id: string, accountId: string): TaskRow | undefined {
    const row = this.cache?.get(id);
    return row && row.account_id === accountId && row.deleted_at === null ? row : undefined;
  }

  /** A task of this account (deleted ones are gone). */
  async get(id: string, accountId: string, trx: Db = this.db): Promise<TaskRow | undefined> {
    const cached = trx === this.db ? this.cache?.get(id) : undefined;
    const writesBefore = this.writes;
    const row = cached ?? (await trx.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst());
    if (row && !cached && trx === this.db && this.writes === writesBefore) this.cache?.set(id, row);
    return row && row.account_id === accountId && row.deleted_at === null ? row : undefined;
  }

  /** For job handlers, which act on behalf of the task's own account. */
  async getForJob(id: string, trx: Db = this.db): Promise<TaskRow | undefined> {
    return trx.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The one way a task's status changes: a single conditional UPDATE, a compare-and-set on the
   * status and on `deleted_at`, that returns the row as written, or undefined when the task was no
   * longer in one of `from` (another transition won, or the task was deleted). It never reads first,
   * so it stays atomic when several processes share a server database; values that depend on the
   * row (a charge capped by the reservation) are computed by the statement itself.
   */
  async transition(
    id: string,
    from: readonly TaskStatus[],
    patch: TaskPatch,
    trx: Db = this.db,
  ): Promise<TaskRow | undefined> {
    this.invalidate(id);
    return trx
      .updateTable('tasks')
      .set(patch)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Raises the reservation recorded on an open task from `from` to `to` (compare-and-set on the
   * amount too, so two raises cannot both build on the same old value). False when the task
   * finished, was deleted or its reservation changed meanwhile.
   */
  async raiseReserved(id: string, from: number, to: number, trx: Db = this.db): Promise<boolean> {
    this.invalidate(id);
    const r = await trx
      .updateTable('tasks')
      .set({ credits_reserved: to })
      .where('id', '=', id)
      .where('status', 'in', [...OPEN_STATUSES])
      .where('deleted_at', 'is', null)
      .where('credits_reserved', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Hides a finished task; false when it is not finished or already deleted. */
  async markDeleted(id: string, at: string, trx: Db = this.db): Promise<boolean> {
    this.invalidate(id);
    const r = await trx
      .updateTable('tasks')
      .set({ deleted_at: at })
      .where('id', '=', id)
      .where('status', 'in', [TaskStatus.Completed, TaskStatus.Failed])
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async countActive(accountId: string, family: string, trx: Db = this.db): Promise<number> {
    const row = await trx
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('family', '=', family)
      .where('status', 'in', [...OPEN_STATUSES])
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async countCreatedSince(
    accountId: string,
    family: string,
    since: string,
    trx: Db = this.db,
  ): Promise<number> {
    const row = await trx
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('family', '=', family)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Every task of an account, deleted ones included (audits, tests). */
  async allOf(accountId: string, trx: Db = this.db): Promise<TaskRow[]> {
    return trx
      .selectFrom('tasks')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
  }

  /** Tasks waiting or processing, of every account (audits, doctor, tests). */
  async countOpen(trx: Db = this.db): Promise<number> {
    const row = await trx
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', [...OPEN_STATUSES])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Unfinished tasks that produce this avatar or voice (several when the same video_url was sent twice). */
  async getOpenForSubject(subjectId: string, trx: Db = this.db): Promise<TaskRow[]> {
    return trx
      .selectFrom('tasks')
      .selectAll()
      .where('subject_id', '=', subjectId)
      .where('status', 'in', [...OPEN_STATUSES])
      .execute();
  }

  /** The account's tasks, newest first, optionally of one family; deleted ones left out (the console). */
  async recentOf(accountId: string, limit: number, family?: string, trx: Db = this.db): Promise<TaskRow[]> {
    let q = trx
      .selectFrom('tasks')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null);
    if (family) q = q.where('family', '=', family);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
}
