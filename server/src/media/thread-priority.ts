import { setPriority } from 'node:os';

/**
 * Nice value of the threads that work for jobs (speech, SVG drawing, starting media binaries: the
 * processes started inherit it) as of a render's (RENDER_NICENESS): on a small machine the thread
 * serving HTTP (nice 0) gets the CPU first, which keeps polled queries quick while work runs.
 */
export const JOB_THREAD_NICENESS = 10;

/**
 * Nice value of the cover threads: a client waits for its cover, so they yield to the API's thread
 * less than jobs do, but still yield (a cover drawn beside 64 polling clients took their p99 past
 * 10 ms at nice 0).
 */
export const COVER_THREAD_NICENESS = 5;

/**
 * Lowers the calling thread's scheduling priority to `niceness` (0-19), for work that must yield
 * the CPU to the API's thread. On Linux a nice value belongs to a thread (setpriority on "this
 * process" means the calling thread), so a worker thread lowers itself and the processes it
 * spawns, which inherit it, and nothing else. Elsewhere it would lower the whole process, so it is
 * left alone there. Returns whether the priority was changed.
 */
export function lowerThreadPriority(niceness: number): boolean {
  if (process.platform !== 'linux' || niceness <= 0) return false;
  try {
    setPriority(Math.min(19, niceness));
    return true;
  } catch {
    return false; // not permitted (a sandbox): the work runs at the normal priority
  }
}
