import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WorkerThreadPool } from './worker-pool.js';
import type { WorkerReply } from './worker-thread.js';

// A worker that holds each request for `ms` and answers with when it started and ended.
const sleeper = {
  script:
    "const { parentPort } = require('node:worker_threads');" +
    'parentPort.on("message", (m) => { const start = Date.now(); setTimeout(() => parentPort.postMessage({ id: m.id, ok: m.ms >= 0, message: JSON.stringify([start, Date.now()]) }), Math.max(0, m.ms)); });',
  eval: true,
};
type Req = { id: number; ms: number };

test('at most `size` requests run at once; the others wait their turn and all are answered', async () => {
  const pool = new WorkerThreadPool<Req, WorkerReply>(() => sleeper, 'sleeper', 2);
  try {
    const asked = Array.from({ length: 5 }, () => pool.request({ ms: 80 }));
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(pool.running, 2);
    assert.equal(pool.waiting, 3);
    const spans = (await Promise.all(asked)).map((r) => JSON.parse(r.message!) as [number, number]);
    const overlap = (t: number) => spans.filter(([s, e]) => s <= t && t < e).length;
    assert.ok(Math.max(...spans.map(([s]) => overlap(s))) <= 2, JSON.stringify(spans));
    assert.equal(pool.running, 0);
    assert.equal(pool.waiting, 0);
  } finally {
    await pool.close();
  }
});

test('a failed request frees its thread for the next one', async () => {
  const pool = new WorkerThreadPool<Req, WorkerReply>(() => sleeper, 'sleeper', 1);
  try {
    await assert.rejects(pool.request({ ms: -1 }), /sleeper failed/);
    assert.equal((await pool.request({ ms: 1 })).ok, true);
  } finally {
    await pool.close();
  }
});

test('a closed pool refuses the requests still waiting', async () => {
  const pool = new WorkerThreadPool<Req, WorkerReply>(() => sleeper, 'sleeper', 1);
  const running = assert.rejects(pool.request({ ms: 200 }), /sleeper is closed/);
  const waiting = assert.rejects(pool.request({ ms: 1 }), /sleeper is closed/);
  await new Promise((r) => setTimeout(r, 20));
  await pool.close();
  await Promise.all([running, waiting]);
});
