import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** A private scratch directory for one job run, always removed afterwards. */
export async function withTmpDir<T>(
  root: string,
  prefix: string,
  fn: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(root, `${prefix}-`));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
