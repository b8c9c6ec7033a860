import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { dialectOf } from '../db/dialect.js';

/**
 * Token buckets in the database: `perMinute` tokens, refilled continuously, shared by every process.
 * A take is one statement (an upsert that updates only when a token is there), so concurrent takes
 * in any number of processes never spend the same token twice.
 */
export class RateLimitRepository {
  private readonly least: 'least' | 'min';
  private readonly greatest: 'greatest' | 'max';

  constructor(private readonly db: Db) {
    // The two-argument minimum and maximum are spelled differently by the two engines.
    const postgres = dialectOf(db) === 'postgres';
    this.least = postgres ? 'least' : 'min';
    this.greatest = postgres ? 'greatest' : 'max';
  }

  /** Takes one token from `key`'s bucket; false when it is empty. `nowMs` is the caller's clock. */
  async take(key: string, perMinute: number, nowMs: number): Promise<boolean> {
    const least = sql.raw(this.least);
    const greatest = sql.raw(this.greatest);
    // Tokens now: what was left plus the refill since, capped at the bucket's size. A clock of
    // another process a little behind this one never takes tokens away.
    const available = sql<number>`${least}(${perMinute}, rate_buckets.tokens + ${greatest}(0, ${nowMs} - rate_buckets.refilled_at_ms) * ${perMinute} / 60000.0)`;
    const r = await this.db
      .insertInto('rate_buckets')
      .values({ key, tokens: perMinute - 1, refilled_at_ms: nowMs })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            tokens: sql<number>`${available} - 1`,
            refilled_at_ms: sql<number>`${greatest}(rate_buckets.refilled_at_ms, ${nowMs})`,
          })
          .where(available, '>=', 1),
      )
      .returning('key')
      .executeTakeFirst();
    return r !== undefined;
  }
}
