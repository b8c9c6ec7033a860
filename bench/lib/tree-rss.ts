// Resident memory of a process and every process it started, from /proc. A render runs in a
// worker thread, so its ffmpeg processes are children of that thread's task: every task's children
// are listed, recursively.
import { readdir, readFile } from 'node:fs/promises';

/** kB resident in one process; 0 once it has exited. */
export async function rssKb(pid: string): Promise<number> {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // exited between listing and reading
  }
}

async function childrenOf(pid: string): Promise<string[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const lists = await Promise.all(
    tasks.map((t) => readFile(`/proc/${pid}/task/${t}/children`, 'utf8').catch(() => '')),
  );
  return [...new Set(lists.join(' ').split(' ').filter(Boolean))];
}

/** MB resident in `pid` and all its descendants. */
export async function treeRssMb(pid: number = process.pid): Promise<number> {
  let total = 0;
  const seen = new Set<string>();
  const walk = async (p: string): Promise<void> => {
    if (seen.has(p)) return;
    seen.add(p);
    total += await rssKb(p);
    await Promise.all((await childrenOf(p)).map(walk));
  };
  await walk(String(pid));
  return total / 1024;
}

/**
 * Runs `fn`, sampling the tree's memory every 250 ms; its time, the peak, and the peaks of the first
 * and the last quarter of the run (equal ones: memory that does not grow with the length).
 */
export async function timedWithPeak<T>(
  fn: () => Promise<T>,
  pid: number = process.pid,
): Promise<{ ms: number; peakMb: number; firstQuarterMb: number; lastQuarterMb: number; value: T }> {
  const samples: { at: number; mb: number }[] = [];
  const t0 = performance.now();
  const sample = () => void treeRssMb(pid).then((mb) => samples.push({ at: performance.now() - t0, mb }));
  sample();
  const sampler = setInterval(sample, 250);
  try {
    const value = await fn();
    const ms = performance.now() - t0;
    const peakOf = (from: number, to: number) =>
      Math.max(0, ...samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.mb));
    return {
      ms,
      peakMb: peakOf(0, ms),
      firstQuarterMb: peakOf(0, ms / 4),
      lastQuarterMb: peakOf((ms * 3) / 4, ms),
      value,
    };
  } finally {
    clearInterval(sampler);
  }
}
