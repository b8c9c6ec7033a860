import { hostname } from 'node:os';
import { newId } from './ids.js';

/**
 * Who holds a job claim: `<host>/<pid>/<run>`. The run id tells two processes apart that had the
 * same pid (a container's pid 1 after a restart); host and pid let a process on the same machine
 * prove that a holder is gone, so its jobs are taken back at once instead of when the lease ends.
 */
export function newWorkerIdentity(): string {
  return `${hostname()}/${process.pid}/${newId('run').slice(4, 14)}`;
}

/**
 * True only when `holder` certainly no longer runs: it claims this host and either its pid is not
 * alive, or it is this process's pid under another run id. Anything else (another machine, a pid
 * that is alive) is left to the lease.
 */
export function isProvablyGone(
  holder: string,
  self: string,
  alive: (pid: number) => boolean = pidAlive,
): boolean {
  const [host, pidText, run] = holder.split('/');
  const [selfHost, selfPid] = self.split('/');
  if (!host || !pidText || !run || host !== selfHost) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (holder === self) return false;
  if (String(pid) === selfPid) return true;
  return !alive(pid);
}

/** Whether a process with this pid runs on this machine. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the pid exists but belongs to another user; it is alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
