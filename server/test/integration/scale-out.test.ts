import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { TEST_DB, TEST_SIGNING_SECRET, testDatabaseEnv } from '../helpers/database.js';
import { inspectDatabase } from '../helpers/inspect.js';
import { download } from '../helpers/probe.js';
import { cli, spawnServer, spawnWorker, waitExit } from '../helpers/process.js';
import { dropRedisPrefix, redisPrefixFor, redisUnavailable, TEST_REDIS_URL } from '../helpers/redis.js';
import { startS3Server } from '../helpers/s3-server.js';
import { api, freePort } from '../helpers/server.js';

/**
 * The scaled-out mode end to end: one `serve --role api` process and two `likeness worker`
 * processes, each with a data dir of its own (as on separate machines), sharing PostgreSQL, BullMQ
 * on Redis and an S3 server. A batch of renders goes in through the HTTP API; one worker is
 * SIGKILLed in the middle of a render. Every task must end at 3 (or 4 refunded), no job may finish
 * twice, the ledger must equal the balance, and every result must download from the store.
 */
const redisDown = await redisUnavailable();
const skip =
  TEST_DB !== 'postgres'
    ? 'runs in the PostgreSQL pass (LIKENESS_TEST_DB=postgres)'
    : redisDown
      ? `no Redis server answers at ${TEST_REDIS_URL} (${redisDown})`
      : false;

const CREDITS = 5000;
const VOICE = 'pub-zh-xiaoyun';

describe('scale-out: API and two workers on PostgreSQL, Redis and S3', () => {
  const cleanup: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
  });

  test(
    'a worker killed mid-render: every task ends 3 or 4 refunded, none finishes twice, ledger = balance, results download',
    { skip },
    async (t) => {
      const apiDir = await mkdtemp(join(tmpdir(), 'likeness-scale-api-'));
      cleanup.push(() => rm(apiDir, { recursive: true, force: true }));
      const database = await testDatabaseEnv(apiDir);
      cleanup.push(() => database.drop());
      const s3 = await startS3Server();
      cleanup.push(() => s3.close());
      const prefix = redisPrefixFor(apiDir);
      cleanup.push(() => dropRedisPrefix(prefix));
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const shared = {
        ...database.env,
        LIKENESS_SIGNING_SECRET: TEST_SIGNING_SECRET,
        REDIS_URL: TEST_REDIS_URL,
        LIKENESS_QUEUE_PREFIX: prefix,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        // A dead worker's job is taken over within a few seconds rather than half a minute.
        LIKENESS_JOB_LEASE_SEC: '3',
        LIKENESS_ENCODER_PRESET: 'ultrafast',
        LIKENESS_DEMO_ACCOUNT: 'off',
        LIKENESS_MAX_ACTIVE_WORKS: '50',
        PUBLIC_URL: url,
      };
      const apiEnv = { ...shared, PORT: String(port), LIKENESS_DATA_DIR: apiDir };
      const created = await cli(['accounts', 'create', '--credits', String(CREDITS), '--json'], apiEnv);
      assert.equal(created.code, 0, created.stderr);
      const { account_id: accountId, token } = JSON.parse(created.stdout) as {
        account_id: string;
        token: string;
      };
      // The operator's check of this setup: each shared engine named and answering.
      const doctor = await cli(['doctor', '--json'], apiEnv);
      const checks = JSON.parse(doctor.stdout) as { name: string; ok: boolean; detail: string }[];
      const detail = (name: string) => checks.find((c) => c.name === name && c.ok)?.detail ?? '';
      assert.match(detail('database'), /^PostgreSQL .*\(answers\)$/, doctor.stdout);
      assert.match(detail('queue'), /^BullMQ on redis:.*\(answers\)$/, doctor.stdout);
      assert.match(detail('blob store'), /^S3 bucket .*\(answers\)$/, doctor.stdout);

      const processes: ChildProcess[] = [];
      cleanup.push(async () => {
        for (const p of processes) {
          if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
          await waitExit(p);
        }
      });
      const server = await spawnServer(apiEnv, url, ['serve', '--role', 'api']);
      processes.push(server);

      /** Every "job finished" line the workers log, by job id. */
      const finishes = new Map<string, number>();
      const workerLog = (chunk: string) => {
        for (const line of chunk.split('\n')) {
          if (!line.includes('"job finished"')) continue;
          const { jobId } = JSON.parse(line) as { jobId: string };
          finishes.set(jobId, (finishes.get(jobId) ?? 0) + 1);
        }
      };
      const startWorker = async (n: number) => {
        const dir = await mkdtemp(join(tmpdir(), `likeness-scale-worker${n}-`));
        cleanup.push(() => rm(dir, { recursive: true, force: true }));
        const w = await spawnWorker(
          { ...shared, LIKENESS_DATA_DIR: dir, LIKENESS_WORKERS: '1', LIKENESS_LOG_LEVEL: 'info' },
          workerLog,
        );
        processes.push(w);
        return w;
      };
      const doomed = await startWorker(1);
      await startWorker(2);

      // The batch: video works driven by text, and audio works.
      const avatar = (await api({ url }, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } }))
        .body.data[0].avatar as string;
      const accepted: string[] = [];
      for (let i = 1; i <= 6; i++) {
        const text = `第${i}条。你好，欢迎使用。`;
        const [path, body] =
          i % 3 === 0
            ? (['/api/v2/svc/audio/create_by_tts', { text, voice: VOICE }] as const)
            : (['/api/v2/svc/video/create_by_tts', { text, voice: VOICE, avatar }] as const);
        const r = await api({ url }, 'POST', path, { token, body });
        assert.equal(r.body.code, 0, JSON.stringify(r.body));
        accepted.push(r.body.task_id as string);
      }

      const db = await inspectDatabase(apiDir);
      cleanup.push(() => db.close());
      const taskOf = async (id: string) => {
        const r = await api({ url }, 'GET', '/api/v2/svc/video/task', { token, query: { task_id: id } });
        assert.equal(r.body.code, 0, JSON.stringify(r.body));
        return r.body as { status: number; progress: number; video_Url: string };
      };

      // Kill worker 1 once a render it holds is under way (progress served by the API process).
      let victim: string | null = null;
      for (const deadline = Date.now() + 90_000; victim === null;) {
        assert.ok(Date.now() < deadline, 'worker 1 never got a render under way');
        for (const job of await db.jobs.listRunning()) {
          if (!job.locked_by?.includes(`/${doomed.pid}/`)) continue;
          const { taskId } = JSON.parse(job.payload) as { taskId?: string };
          if (taskId && (await taskOf(taskId)).progress >= 20) victim = taskId;
        }
        if (victim === null) await new Promise((r) => setTimeout(r, 50));
      }
      doomed.kill('SIGKILL');
      await waitExit(doomed);

      // Everything settles on the surviving worker.
      for (const deadline = Date.now() + 120_000; ;) {
        const statuses = await Promise.all(accepted.map(async (id) => (await taskOf(id)).status));
        if (statuses.every((s) => s >= 3) && (await db.jobs.countOpen()) === 0) break;
        assert.ok(Date.now() < deadline, `tasks still open: ${statuses.join(', ')}`);
        await new Promise((r) => setTimeout(r, 200));
      }

      const tasks = await db.tasks.allOf(accountId);
      const entries = await db.credits.entriesOf(accountId);
      const balance = await db.credits.getBalance(accountId);
      let charged = 0;
      for (const task of tasks) {
        const mine = entries.filter((e) => e.task_id === task.id);
        const sum = mine.reduce((s, e) => s + e.delta, 0);
        const refunds = mine.filter((e) => e.reason === 'refund').length;
        assert.ok(task.status === 3 || task.status === 4, `task ${task.id} ended at ${task.status}`);
        if (task.status === 3) {
          assert.equal(refunds, 0, `completed task ${task.id} was not refunded`);
          assert.equal(sum, -task.credits_charged, `completed task ${task.id} charged once`);
          charged += task.credits_charged;
          // The result downloads from the store, through the presigned URL the API hands out.
          const { video_Url } = await taskOf(task.id);
          assert.match(video_Url, /X-Amz-Signature=/, 'a presigned S3 URL');
          const { info } = await download(video_Url, apiDir, `${task.id}.result`);
          assert.ok(info.durationSec > 0.5, `result of ${task.id} is real media (${info.durationSec} s)`);
        } else {
          assert.equal(refunds, 1, `failed task ${task.id} refunded once`);
          assert.equal(sum, 0, `failed task ${task.id} costs nothing`);
        }
      }
      const ledger = entries.reduce((s, e) => s + e.delta, 0);
      assert.equal(balance, ledger, 'balance = ledger');
      assert.equal(balance, CREDITS - charged, 'balance = top-up − charges of completed works');

      // No job finished twice: the killed worker's render was taken over, not repeated after completion.
      const twice = [...finishes].filter(([, n]) => n > 1);
      assert.deepEqual(twice, [], 'no job finished more than once');
      const completed = tasks.filter((x) => x.status === 3).length;
      assert.ok(completed >= 5, `the batch completed (${completed} of ${tasks.length})`);
      t.diagnostic(
        `killed worker 1 during task ${victim}; ${completed} of ${tasks.length} tasks completed, ` +
          `${tasks.length - completed} failed and refunded; ${finishes.size} jobs finished once each`,
      );
    },
  );
});
