// CPU time from /proc (Linux): of the whole machine, of one process with the children it has waited
// for (ffmpeg runs, for a likeness worker), of every process of one program (PostgreSQL's backends),
// and of this process (the load generator). CpuAccount splits what the machine spent over a
// measurement into named parts and "other": work that is not part of the benchmark.
import { readdir, readFile } from 'node:fs/promises';
import { cpus } from 'node:os';

/** Clock ticks per second of /proc's counters (USER_HZ, 100 on Linux everywhere that matters). */
const TICKS = 100;

interface MachineCpu {
  busy: number;
  total: number;
}

/** The machine's busy and total ticks, all cores together. */
async function machineCpu(): Promise<MachineCpu> {
  const first = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const ticks = first.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

/** Command name and CPU seconds (with reaped children) of a process; null once it is gone. */
async function procStat(pid: number | string): Promise<{ comm: string; sec: number } | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // Fields after the command name (which may hold spaces): state is the first, utime the 12th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = [f[11], f[12], f[13], f[14]].map(Number);
    return { comm, sec: (utime! + stime! + cutime! + cstime!) / TICKS };
  } catch {
    return null;
  }
}

/** Seconds of CPU a process has used so far, with its reaped children; 0 once it is gone. */
export async function processCpuSec(pid: number): Promise<number> {
  return (await procStat(pid))?.sec ?? 0;
}

/** Seconds of CPU used so far by every running process of one program (such as `postgres`). */
export async function programCpuSec(comm: string): Promise<number> {
  const pids = (await readdir('/proc')).filter((d) => /^\d+$/.test(d));
  const stats = await Promise.all(pids.map(procStat));
  return stats.reduce((sum, s) => (s?.comm === comm ? sum + s.sec : sum), 0);
}

/** Seconds of CPU this process has used so far. */
export async function selfCpuSec(): Promise<number> {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

export interface CpuUse {
  wallSec: number;
  /** Cores busy on average, the whole machine. */
  cores: number;
  /** CPU seconds of each named part. */
  parts: Record<string, number>;
  /** CPU seconds of everything else on the machine. */
  other: number;
}

/** What the machine spent between `start` and `stop`, by part (each part a counter of CPU seconds). */
export class CpuAccount {
  private constructor(
    private readonly counters: Record<string, () => Promise<number>>,
    private readonly before: Record<string, number>,
    private readonly machine: MachineCpu,
    private readonly t0: number,
  ) {}

  static async start(counters: Record<string, () => Promise<number>>): Promise<CpuAccount> {
    const before = await readAll(counters);
    return new CpuAccount(counters, before, await machineCpu(), performance.now());
  }

  async stop(): Promise<CpuUse> {
    const wallSec = (performance.now() - this.t0) / 1000;
    const machine = await machineCpu();
    const after = await readAll(this.counters);
    const total = machine.total - this.machine.total;
    const cores = total > 0 ? ((machine.busy - this.machine.busy) / total) * cpus().length : 0;
    const parts = Object.fromEntries(
      Object.keys(after).map((k) => [k, Math.max(0, after[k]! - this.before[k]!)]),
    );
    const counted = Object.values(parts).reduce((a, b) => a + b, 0);
    return { wallSec, cores, parts, other: Math.max(0, cores * wallSec - counted) };
  }
}

async function readAll(counters: Record<string, () => Promise<number>>): Promise<Record<string, number>> {
  const entries = await Promise.all(Object.entries(counters).map(async ([k, f]) => [k, await f()] as const));
  return Object.fromEntries(entries);
}

/**
 * Waits until a process (with the children it reaps) has used less than `share` of a core over a
 * whole `windowMs`: work it started on its own (start-up jobs) is over. Returns the time waited.
 */
export async function waitForIdle(
  pid: number,
  opts: { share?: number; windowMs?: number } = {},
): Promise<number> {
  const { share = 0.05, windowMs = 1000 } = opts;
  const t0 = performance.now();
  for (const deadline = Date.now() + 180_000; ;) {
    const before = await processCpuSec(pid);
    await new Promise((r) => setTimeout(r, windowMs));
    if ((await processCpuSec(pid)) - before < (share * windowMs) / 1000) return performance.now() - t0;
    if (Date.now() > deadline) throw new Error(`process ${pid} still busy after 180 s`);
  }
}
