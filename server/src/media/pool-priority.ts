import { readdir, readFile, readlink } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';

/**
 * The process's shared native threads, lowered like the threads that use them. Node's libuv pool
 * is one per process, not per worker thread: a job thread at nice 10 that resizes a picture with
 * sharp has the pixels worked on by a pool thread, and by libvips's own threads that pool thread
 * starts, at the priority they were created with, which is the thread serving HTTP's. Drawing
 * covers, 20 % of a core went that way at nice 0 beside 64 polling clients (decision S28).
 */

/** The pool's size: libuv's default of 4, or what UV_THREADPOOL_SIZE asks (1-1024). */
export function poolSize(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(n) && n >= 1 ? Math.min(1024, n) : 4;
}

/** The thread id in a `/proc/thread-self` link ("<pid>/task/<tid>"), or null. Pure. */
export function threadIdOfLink(link: string): number | null {
  const m = /^\d+\/task\/(\d+)$/.exec(link);
  return m ? Number(m[1]) : null;
}

/**
 * The ids of the libuv pool's threads: an asynchronous readlink of /proc/thread-self runs on a
 * pool thread and names that thread. A round of many at once usually reaches every thread, but one
 * that wakes late finds the queue empty (one round in eight missed a thread here, idle), so rounds
 * go on, a millisecond apart for a thread that waits for a core, until every thread has answered or
 * `withinMs` has passed. Linux only.
 */
export async function poolThreadIds(size = poolSize(), withinMs = 2000): Promise<number[]> {
  const found = new Set<number>();
  const until = Date.now() + withinMs;
  for (;;) {
    const links = await Promise.all(
      Array.from({ length: size * 16 }, () => readlink('/proc/thread-self').catch(() => '')),
    );
    for (const link of links) {
      const tid = threadIdOfLink(link);
      if (tid !== null) found.add(tid);
    }
    if (found.size >= size || Date.now() >= until) return [...found];
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** The ids of this process's threads whose name starts with `prefix` (Linux's comm, 15 chars). */
export async function threadIdsNamed(prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for (const entry of await readdir('/proc/self/task').catch(() => [] as string[])) {
    const name = await readFile(`/proc/self/task/${entry}/comm`, 'utf8').catch(() => '');
    if (name.startsWith(prefix)) ids.push(Number(entry));
  }
  return ids;
}

/**
 * Lowers the libuv pool's threads, and libvips's threads already started, to `niceness`. Threads
 * inherit their creator's nice value, so the libvips threads a lowered pool thread starts later
 * are lowered too. A thread already lower is left as it is. Does nothing but on Linux (where nice
 * values belong to threads); returns how many threads it lowered.
 */
export async function lowerSharedPoolThreads(niceness: number): Promise<number> {
  if (process.platform !== 'linux' || niceness <= 0) return 0;
  const tids = new Set([...(await poolThreadIds()), ...(await threadIdsNamed('libvips'))]);
  // Never the thread serving HTTP (its id is the process's).
  tids.delete(process.pid);
  let lowered = 0;
  for (const tid of tids) {
    try {
      if (getPriority(tid) >= niceness) continue;
      setPriority(tid, Math.min(19, niceness));
      lowered++;
    } catch {
      // The thread ended, or the sandbox forbids it: that thread keeps its priority.
    }
  }
  return lowered;
}
