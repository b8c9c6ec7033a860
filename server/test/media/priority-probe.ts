// Worker script for thread-priority.test.ts: lowers its own thread, starts a child process, and
// reports both nice values as the kernel sees them.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../../src/media/thread-priority.js';

const niceOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
const lowered = lowerThreadPriority(10);
const child = spawn('sleep', ['5']);
const childNice = niceOf(child.pid!);
child.kill();
parentPort!.postMessage({ lowered, thread: getPriority(), child: childNice });
