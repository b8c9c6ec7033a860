import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isProvablyGone } from './worker-identity.js';

/** Scratch entries of unknown owners are removed once they are this old. */
const STALE_MS = 24 * 3600 * 1000;

const dirName = (instance: string) => instance.replaceAll('/', '+');

/**
 * This process's own scratch directory under `root`, named after its identity, so processes that
 * share a data dir never touch each other's files.
 */
export function processScratchDir(root: string, instance: string): string {
  const dir = join(root, dirName(instance));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Removes what stopped processes left under `root`: the scratch dirs of processes provably gone
 * (same host, pid not alive) and any other entry older than a day. Returns how many it removed.
 */
export async function sweepScratch(root: string, instance: string, now = Date.now()): Promise<number> {
  const self = dirName(instance);
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (name === self) continue;
    const full = join(root, name);
    const owner = name.includes('+') ? name.replaceAll('+', '/') : null;
    const gone = owner !== null && isProvablyGone(owner, instance);
    const old = await stat(full)
      .then((s) => now - s.mtimeMs > STALE_MS)
      .catch(() => false);
    if (gone || old) {
      await rm(full, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
