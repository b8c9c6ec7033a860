import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { testDatabaseEnv } from '../helpers/database.js';
import { inspectDatabase } from '../helpers/inspect.js';
import { cli, spawnServer, waitExit } from '../helpers/process.js';
import { api, freePort } from '../helpers/server.js';

describe('crash safety', () => {
  const cleanup: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanup) await c();
  });

  test('SIGKILL during processing: after restart every task ends at 3, or 4 with a refund; nothing is charged twice', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'likeness-restart-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const database = await testDatabaseEnv(dataDir);
    cleanup.push(() => database.drop());
    const env = {
      PORT: String(port),
      LIKENESS_DATA_DIR: dataDir,
      LIKENESS_DEMO_ACCOUNT: 'off',
      LIKENESS_ENCODER_PRESET: 'ultrafast',
      LIKENESS_WORKERS: '1',
      ...database.env,
    };

    const created = await cli(['accounts', 'create', '--credits', '500', '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const { token } = JSON.parse(created.stdout) as { account_id: string; token: string };

    let server = await spawnServer(env, url);
    cleanup.push(async () => {
      server.kill('SIGKILL');
    });
    const avatar = (await api({ url }, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } })).body
      .data[0].avatar;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await api({ url }, 'POST', '/api/v2/svc/video/create_by_tts', {
        token,
        body: { text: `第${i + 1}条视频。你好，欢迎使用。`, voice: 'pub-zh-xiaoyun', avatar },
      });
      assert.equal(r.body.code, 0);
      ids.push(r.body.task_id);
    }
    // Kill as soon as the first task is being processed.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const s = (await api({ url }, 'GET', '/api/v2/svc/video/task', { token, query: { task_id: ids[0]! } }))
        .body.status;
      if (s === 2) break;
      assert.ok(Date.now() < deadline, 'task never started');
      await new Promise((r) => setTimeout(r, 50));
    }
    server.kill('SIGKILL');
    await waitExit(server);

    server = await spawnServer(env, url);
    const finalDeadline = Date.now() + 240_000;
    const statuses = new Map<string, number>();
    for (const id of ids) {
      for (;;) {
        const s = (await api({ url }, 'GET', '/api/v2/svc/video/task', { token, query: { task_id: id } }))
          .body.status as number;
        if (s === 3 || s === 4) {
          statuses.set(id, s);
          break;
        }
        assert.ok(Date.now() < finalDeadline, `task ${id} stuck at ${s}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    const left = (await api({ url }, 'GET', '/api/v2/svc/account/credit', { token })).body.left as number;
    server.kill('SIGTERM');
    await waitExit(server);

    const db = await inspectDatabase(dataDir);
    try {
      let charged = 0;
      for (const id of ids) {
        const task = (await db.tasks.getForJob(id))!;
        const sum = await db.credits.ledgerSum({ taskId: id });
        if (statuses.get(id) === 3)
          assert.equal(sum, -task.credits_charged, `completed task ${id} charged once`);
        else assert.equal(sum, 0, `failed task ${id} refunded`);
        charged += task.credits_charged;
      }
      assert.equal(left, 500 - charged);
      assert.equal(await db.jobs.countOpen(), 0);
    } finally {
      await db.close();
    }
  });
});
