import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { createContainer, type Container } from '../../src/container.js';
import { dialectOf } from '../../src/db/dialect.js';
import { isAppError } from '../../src/errors/app-error.js';
import { SvcCode } from '../../src/errors/codes.js';
import { iso } from '../../src/lib/clock.js';
import { JobRepository } from '../../src/repositories/job.repository.js';
import { RateLimitRepository } from '../../src/repositories/rate-limit.repository.js';
import type { Caller } from '../../src/services/account.service.js';
import { testDatabaseEnv } from '../helpers/database.js';
import { postgresUnavailable } from '../../scripts/postgres-for-tests.mjs';

/**
 * The database port's contract, run on every engine: the same migrations, 64-bit values, and the
 * operations that must stay correct when several processes share the database (claiming jobs,
 * reserving credits, checking limits, seeding the catalogue). On PostgreSQL "two processes" are two
 * containers with their own connection pools to one database, as an API process and a worker would
 * have. On SQLite both sides use one container: better-sqlite3 waits for a lock synchronously, so
 * two connections in one thread would block each other until busy_timeout; SQLite shared by
 * separate processes is exercised by the tests that spawn servers and CLIs on one data dir.
 */
const pgMissing = await postgresUnavailable();
const engines: { name: 'sqlite' | 'postgres'; skip: string | false }[] = [
  { name: 'sqlite', skip: false },
  {
    name: 'postgres',
    skip: pgMissing ? `SKIPPED: no PostgreSQL server at 127.0.0.1:5432 (${pgMissing})` : false,
  },
];

for (const engine of engines) {
  describe(`database contract: ${engine.name}`, { skip: engine.skip }, () => {
    let dir: string;
    let a: Container;
    let b: Container;
    let dropSchema: () => Promise<void> = async () => undefined;

    /** A container on the shared database, not started (no workers): one "process". */
    async function open(env: Record<string, string>): Promise<Container> {
      const config = loadConfig(
        {
          LIKENESS_DATA_DIR: dir,
          LIKENESS_DEMO_ACCOUNT: 'off',
          LIKENESS_MAX_ACTIVE_WORKS: '5',
          LIKENESS_LOG_LEVEL: 'silent',
          ...env,
        },
        dir,
      );
      return createContainer(config, { log: pino({ level: 'silent' }) });
    }

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), `likeness-db-contract-${engine.name}-`));
      const database = await testDatabaseEnv(dir, engine.name);
      dropSchema = database.drop;
      const env = database.env;
      // Both migrate at once, as two processes started together would.
      if (engine.name === 'postgres') [a, b] = await Promise.all([open(env), open(env)]);
      else b = a = await open(env);
      assert.equal(dialectOf(a.db), engine.name);
    });

    after(async () => {
      await a?.close();
      if (b !== a) await b?.close();
      await dropSchema();
      await rm(dir, { recursive: true, force: true });
    });

    async function callerOf(c: Container, credits: number): Promise<Caller> {
      const { account_id } = await c.services.accounts.create({ credits, plan: 'pro' });
      const account = (await c.services.accounts.resolve({ accountId: account_id }))!;
      return { accountId: account_id, account, agentPlatform: false, test: false };
    }

    test('64-bit sizes and balances come back as the numbers stored', async () => {
      const caller = await callerOf(a, 0);
      const big = 6_000_000_000_000;
      await a.db.transaction().execute((trx) => a.services.credits.topUp(caller.accountId, big, trx));
      assert.equal(await b.services.credits.balance(caller.accountId), big);
      const id = `f_contract_${engine.name}`;
      await a.db
        .insertInto('files')
        .values({
          id,
          account_id: caller.accountId,
          extension: 'mp4',
          content_type: 'video/mp4',
          category: 'video',
          max_bytes: 8_000_000_000,
          size_bytes: 7_500_000_000,
          sha256: null,
          state: 'ready',
          blob_key: `uploads/${id}.mp4`,
          upload_expires_at: iso(new Date()),
          created_at: iso(new Date()),
          uploaded_at: null,
        })
        .execute();
      const row = await b.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(row.size_bytes, 7_500_000_000);
      assert.equal(typeof row.max_bytes, 'number');
    });

    test('credits: 30 reservations of 10 from two processes against 200 credits: exactly 20 pass, balance = ledger', async () => {
      const caller = await callerOf(a, 200);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) =>
          (i % 2 ? a : b).services.tasks.submit(caller, {
            family: 'voice',
            type: 'contract_reserve',
            title: null,
            input: {},
            job: 'voice.create',
            reserve: 10,
          }),
        ),
      );
      const passed = outcomes.filter((o) => o.status === 'fulfilled').length;
      const refused = outcomes.filter(
        (o) =>
          o.status === 'rejected' && isAppError(o.reason) && o.reason.code === SvcCode.InsufficientCredits,
      ).length;
      assert.deepEqual([passed, refused], [20, 10]);
      assert.equal(await a.services.credits.balance(caller.accountId), 0);
      const entries = await b.db
        .selectFrom('credit_entries')
        .select('delta')
        .where('account_id', '=', caller.accountId)
        .execute();
      assert.equal(
        entries.reduce((s, e) => s + e.delta, 0),
        0,
      );
    });

    test('limits: 12 works submitted at once from two processes with a ceiling of 5: exactly 5 accepted', async () => {
      const caller = await callerOf(a, 1000);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? a : b).services.tasks.submit(caller, {
            family: 'work',
            type: 'video_tts',
            title: null,
            input: {},
            job: 'work.render',
            reserve: 1,
          }),
        ),
      );
      const accepted = outcomes.filter((o) => o.status === 'fulfilled').length;
      const limited = outcomes.filter(
        (o) =>
          o.status === 'rejected' && isAppError(o.reason) && o.reason.code === SvcCode.TooManyActiveWorks,
      ).length;
      assert.deepEqual([accepted, limited], [5, 7]);
    });

    test('jobs: two processes claiming 20 jobs at once take each exactly once', async () => {
      const names = ['contract.job'];
      const now = iso(new Date());
      const lease = iso(new Date(Date.now() + 60_000));
      for (let i = 0; i < 20; i++) {
        await new JobRepository(a.db).enqueue({
          id: `job_contract_${engine.name}_${i}`,
          name: names[0]!,
          payload: '{}',
          state: 'queued',
          attempts: 0,
          max_attempts: 3,
          run_at: now,
          dedupe_key: null,
          created_at: now,
          updated_at: now,
        });
      }
      const claimAll = async (repo: JobRepository, worker: string) => {
        const got: string[] = [];
        for (;;) {
          const job = await repo.claimNext(names, worker, now, lease);
          if (!job) return got;
          got.push(job.id);
        }
      };
      const [fromA, fromB] = await Promise.all([
        claimAll(new JobRepository(a.db), 'host/1/aaaaaaaaaa'),
        claimAll(new JobRepository(b.db), 'host/2/bbbbbbbbbb'),
      ]);
      const all = [...fromA, ...fromB].sort();
      assert.equal(all.length, 20);
      assert.equal(new Set(all).size, 20, 'no job claimed twice');
      // Live leases are not taken back; a lapsed one is.
      assert.deepEqual(await new JobRepository(b.db).takeBackAbandoned([], now), []);
      const later = iso(new Date(Date.now() + 120_000));
      assert.equal((await new JobRepository(b.db).takeBackAbandoned([], later)).length, 20);
    });

    test('rate limits: 20 takes at once from two processes on a bucket of 6: exactly 6 pass, then it refills', async () => {
      const ra = new RateLimitRepository(a.db);
      const rb = new RateLimitRepository(b.db);
      const t0 = 1_800_000_000_000;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? ra : rb).take('clone:acct_rl', 6, t0)),
      );
      assert.equal(results.filter(Boolean).length, 6);
      assert.equal(await ra.take('clone:acct_rl', 6, t0 + 1000), false, 'a tenth of a token back after 1 s');
      assert.equal(await rb.take('clone:acct_rl', 6, t0 + 10_000), true, 'one token back after 10 s');
      assert.equal(await ra.take('clone:acct_rl', 6, t0 + 10_000), false);
      // Another process whose clock is behind neither refills nor drains the bucket.
      assert.equal(await rb.take('clone:acct_rl', 6, t0 + 5_000), false);
      assert.equal(await ra.take('clone:other', 6, t0), true, 'buckets are per key');
    });

    test('catalogue: two processes seeding at once leave one copy of each public asset', async () => {
      await Promise.all([a.services.catalogue.seed(), b.services.catalogue.seed()]);
      const avatars = await b.db.selectFrom('avatars').select('id').where('scope', '=', 'public').execute();
      assert.equal(avatars.length, new Set(avatars.map((r) => r.id)).size);
      assert.ok(avatars.length >= 5);
    });
  });
}
