import { setPriority } from 'node:os';

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
