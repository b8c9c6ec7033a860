// Resident memory of a process and every process it started, from /proc. A render runs in a
// worker thread, so its ffmpeg processes are children of that thread's task: every task's children
// are listed, recursively.
import { readdir, readFile } from 'node:fs/promises';

async function rssKb(pid: string): Promise<number> {
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

/** Runs `fn`, sampling the tree's memory every 250 ms; its time and the peak. */
export async function timedWithPeak<T>(
  fn: () => Promise<T>,
  pid: number = process.pid,
): Promise<{ ms: number; peakMb: number; value: T }> {
  let peak = await treeRssMb(pid);
  const sampler = setInterval(() => void treeRssMb(pid).then((v) => (peak = Math.max(peak, v))), 250);
  const t0 = performance.now();
  try {
    const value = await fn();
    return { ms: performance.now() - t0, peakMb: peak, value };
  } finally {
    clearInterval(sampler);
  }
}
