import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../src/media/worker-thread.js';

// Renders lower their worker thread's priority (render-thread.ts). That relies on Linux giving each
// thread its own nice value, inherited by the processes the thread spawns.
test(
  'a worker thread lowers itself and its child processes, not the rest of the process',
  {
    skip: process.platform !== 'linux',
  },
  async () => {
    const entry = workerEntry(import.meta.url, 'priority-probe');
    const worker = new Worker(entry.script, { eval: entry.eval });
    try {
      const got = (await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      })) as { lowered: boolean; thread: number; child: number };
      assert.deepEqual(got, { lowered: true, thread: 10, child: 10 });
      assert.equal(getPriority(), 0);
      // Every other thread of this process is untouched (the worker has exited or is lowered).
      const others = readdirSync('/proc/self/task')
        .map((t) => Number(readFileSync(`/proc/self/task/${t}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]))
        .filter((nice) => nice !== 10);
      assert.ok(others.every((nice) => nice === 0));
    } finally {
      await worker.terminate();
    }
  },
);
