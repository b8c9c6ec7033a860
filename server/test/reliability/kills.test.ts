import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { testDatabaseEnv } from '../helpers/database.js';
import { inspectDatabase } from '../helpers/inspect.js';
import { cli, spawnServer, waitExit } from '../helpers/process.js';
import { api, freePort } from '../helpers/server.js';

/**
 * Kills: the real server is SIGKILLed at several points (while submissions are in flight, as a
 * render starts, in the middle of a render, right after a completion, during recovery, right after
 * a delete) and restarted on the same data each time. Once everything settles, every task has
 * ended at 3, or at 4 with its reservation refunded, and the balance equals the ledger equals the
 * top-up less what the completed works were charged.
 *
 * LIKENESS_TEST_KILL_ROUNDS=<n> repeats the render kills n times over more works (the default, 1,
 * keeps the file well under 90 s; each further round adds about 15 s).
 */
const ROUNDS = Math.max(1, Number(process.env.LIKENESS_TEST_KILL_ROUNDS ?? 1));
const CREDITS = 5000;
const VOICE = 'pub-zh-xiaoyun';

type Status = { status: number; progress: number };

describe('reliability: kills', () => {
  const cleanup: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  test('SIGKILL during submissions and renders, restarts on the same data: every task ends 3, or 4 refunded; balance = ledger = charges', async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'likeness-kills-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const database = await testDatabaseEnv(dataDir);
    cleanup.push(() => database.drop());
    const env = {
      ...database.env,
      PORT: String(port),
      LIKENESS_DATA_DIR: dataDir,
      LIKENESS_DEMO_ACCOUNT: 'off',
      LIKENESS_ENCODER_PRESET: 'ultrafast',
      LIKENESS_WORKERS: '1',
      // Many works wait at once here; the ceilings are not what this test is about.
      LIKENESS_MAX_ACTIVE_WORKS: '200',
      LIKENESS_MAX_DAILY_WORKS: '1000',
    };
    const created = await cli(['accounts', 'create', '--credits', String(CREDITS), '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const { account_id: accountId, token } = JSON.parse(created.stdout) as {
      account_id: string;
      token: string;
    };

    const proc: { current: ChildProcess | null } = { current: null };
    cleanup.push(async () => {
      const s = proc.current;
      if (s && s.exitCode === null && s.signalCode === null) {
        s.kill('SIGKILL');
        await waitExit(s);
      }
    });
    const startServer = async () => {
      proc.current = await spawnServer(env, url);
    };
    const kills: string[] = [];
    const kill = async (point: string) => {
      const s = proc.current!;
      s.kill('SIGKILL');
      await waitExit(s);
      kills.push(point);
    };

    await startServer();
    const avatar = (await api({ url }, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } })).body
      .data[0].avatar as string;

    /** Submits work number i (every third one is audio); the task id, or null when the server died first. */
    let counter = 0;
    const submit = async (): Promise<string | null> => {
      const i = ++counter;
      const text = `第${i}条。你好，欢迎使用。`;
      const [path, body] =
        i % 3 === 0
          ? (['/api/v2/svc/audio/create_by_tts', { text, voice: VOICE }] as const)
          : (['/api/v2/svc/video/create_by_tts', { text, voice: VOICE, avatar }] as const);
      let r;
      try {
        r = await api({ url }, 'POST', path, { token, body });
      } catch {
        return null; // the connection died with the server: the work may or may not exist
      }
      assert.equal(r.body.code, 0, JSON.stringify(r.body));
      return r.body.task_id as string;
    };
    const accepted: string[] = [];

    const statusOf = async (id: string): Promise<Status> => {
      const r = await api({ url }, 'GET', '/api/v2/svc/video/task', { token, query: { task_id: id } });
      if (r.body.code === 14) return { status: 4, progress: 0 }; // deleted
      assert.equal(r.body.code, 0, JSON.stringify(r.body));
      return { status: r.body.status as number, progress: r.body.progress as number };
    };
    const statuses = async () => {
      const m = new Map<string, Status>();
      for (const id of accepted) m.set(id, await statusOf(id));
      return m;
    };
    /** Polls the known tasks until `pred` holds (no sleeps standing in for events). */
    const waitFor = async (what: string, pred: (s: Map<string, Status>) => boolean) => {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const s = await statuses();
        if (pred(s)) return s;
        assert.ok(Date.now() < deadline, `never happened: ${what}`);
        await new Promise((r) => setTimeout(r, 60));
      }
    };
    const count = (s: Map<string, Status>, status: number) =>
      [...s.values()].filter((v) => v.status === status).length;

    // 1. During submissions: three clients submit; the server dies once four are accepted, with
    //    others in flight.
    {
      const total = 9;
      let reached: () => void = () => undefined;
      const fourAccepted = new Promise<void>((r) => (reached = r));
      let dead = false;
      const client = async () => {
        while (!dead && counter < total) {
          const id = await submit();
          if (id) accepted.push(id);
          if (accepted.length >= 4) reached();
        }
      };
      const clients = [client(), client(), client()];
      // (If every submission ended first, the accepted count below says what went wrong.)
      await Promise.race([fourAccepted, Promise.all(clients)]);
      assert.ok(accepted.length >= 4, `only ${accepted.length} submissions were accepted`);
      await kill('during submissions');
      dead = true;
      await Promise.all(clients);
    }

    for (let round = 1; round <= ROUNDS; round++) {
      // 2. As a render starts: restart, submit a few more, die as soon as one is processing.
      await startServer();
      for (let i = 0; i < 3; i++) accepted.push((await submit())!);
      await waitFor('a task processing', (s) => count(s, 2) > 0);
      await kill(`round ${round}: a task at status 2`);

      // 3. In the middle of a render (its frames are being drawn).
      await startServer();
      await waitFor('a render under way', (s) =>
        [...s.values()].some((v) => v.status === 2 && v.progress >= 20),
      );
      await kill(`round ${round}: a render at 20% or more`);

      // 4. Right after a completion, as the next job starts.
      await startServer();
      const done = count(await statuses(), 3);
      await waitFor('one more completion', (s) => count(s, 3) > done);
      await kill(`round ${round}: right after a completion`);

      // 5. During recovery: as soon as the restarted server answers.
      await startServer();
      await kill(`round ${round}: as soon as the server answers`);
    }

    // 6. Right after a delete of an unfinished task.
    await startServer();
    const open = [...(await statuses())].find(([, s]) => s.status === 1 || s.status === 2);
    if (open) {
      const r = await api({ url }, 'DELETE', '/api/v2/svc/video/task', {
        token,
        query: { task_id: open[0] },
      });
      assert.equal(r.body.code, 0, JSON.stringify(r.body));
      await kill('right after a delete');
      await startServer();
    }

    // Settle: wait for the known tasks, then for anything the database still has open (works
    // whose submission answer was lost with the server).
    await waitFor('every known task finished', (s) => [...s.values()].every((v) => v.status >= 3));
    const db = await inspectDatabase(dataDir);
    cleanup.push(() => db.close());
    const openInDb = async () => (await db.tasks.countOpen()) + (await db.jobs.countOpen());
    for (const deadline = Date.now() + 60_000; (await openInDb()) > 0;) {
      assert.ok(Date.now() < deadline, 'tasks or jobs still open');
      await new Promise((r) => setTimeout(r, 100));
    }
    const left = (await api({ url }, 'GET', '/api/v2/svc/account/credit', { token })).body.left as number;
    proc.current!.kill('SIGTERM');
    await waitExit(proc.current!);

    const tasks = await db.tasks.allOf(accountId);
    const entries = await db.credits.entriesOf(accountId);
    const balance = await db.credits.getBalance(accountId);

    // Every submission the client saw accepted survived the kills.
    const ids = new Set(tasks.map((r) => r.id));
    for (const id of accepted) assert.ok(ids.has(id), `accepted task ${id} is in the database`);

    let charged = 0;
    for (const task of tasks) {
      const mine = entries.filter((e) => e.task_id === task.id);
      const sum = mine.reduce((s, e) => s + e.delta, 0);
      const n = (reason: string) => mine.filter((e) => e.reason === reason).length;
      assert.ok(task.status === 3 || task.status === 4, `task ${task.id} ended at ${task.status}`);
      if (task.status === 3) {
        assert.ok(task.credits_charged > 0, `completed task ${task.id} was charged`);
        assert.equal(n('refund'), 0, `completed task ${task.id} was not refunded`);
        assert.equal(sum, -task.credits_charged, `completed task ${task.id} charged once`);
        const { blobKey } = JSON.parse(task.result!) as { blobKey: string };
        const file = join(dataDir, 'blobs', blobKey);
        assert.ok(existsSync(file) && statSync(file).size > 0, `output of ${task.id} is on disk`);
        charged += task.credits_charged;
      } else {
        assert.equal(n('refund'), 1, `failed task ${task.id} refunded once`);
        assert.equal(n('release'), 0, `failed task ${task.id} has nothing released`);
        assert.equal(sum, 0, `failed task ${task.id} costs nothing`);
        assert.equal(task.credits_charged, 0);
      }
    }
    const ledger = entries.reduce((s, e) => s + e.delta, 0);
    assert.equal(balance, ledger, 'balance = ledger');
    assert.equal(balance, CREDITS - charged, 'balance = top-up − charges of completed works');
    assert.equal(left, balance, 'the API reports the same balance');

    const ended = (s: number) => tasks.filter((r) => r.status === s).length;
    t.diagnostic(
      `${kills.length} kills (${kills.join('; ')}); ${tasks.length} tasks (${accepted.length} acknowledged): ` +
        `${ended(3)} completed, ${ended(4)} failed or cancelled; ${charged} credits charged`,
    );
    assert.ok(ended(3) > 0, 'works completed across the restarts');
  });
});
