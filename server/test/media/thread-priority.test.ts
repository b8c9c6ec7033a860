import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../src/media/worker-thread.js';

/** The nice value of one of this process's threads, or undefined once that thread has exited. */
function niceOfTask(task: string): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ESRCH')
      return undefined;
    throw err;
  }
}

// Renders lower their worker thread's priority (render-thread.ts). That relies on Linux giving each
// thread its own nice value, inherited by the processes the thread spawns.
test(
  'a worker thread lowers itself and its child processes, not the rest of the process',
  {
    // A process already started at nice 10 or more (a CI runner under `nice`) has nothing to lower.
    skip: process.platform !== 'linux' || getPriority() >= 10,
  },
  async () => {
    // The nice value this process was started with: 0 by default, more under `nice`.
    const base = getPriority();
    const entry = workerEntry(import.meta.url, 'priority-probe');
    const worker = new Worker(entry.script, { eval: entry.eval });
    try {
      const got = (await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      })) as { lowered: boolean; thread: number; child: number };
      assert.deepEqual(got, { lowered: true, thread: 10, child: 10 });
      assert.equal(getPriority(), base);
      // Every other thread of this process is untouched (the worker is lowered, or has exited:
      // it ends right after its message, so its entry can vanish between listing and reading).
      const others = readdirSync('/proc/self/task')
        .map((t) => niceOfTask(t))
        .filter((nice): nice is number => nice !== undefined && nice !== 10);
      assert.ok(
        others.every((nice) => nice === base),
        `other threads' nice values: ${others.join(', ')}`,
      );
    } finally {
      await worker.terminate();
    }
  },
);
