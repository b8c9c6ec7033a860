// The server of bench/api: `likeness serve` with its log read through a pipe (see StartOptions),
// at log level info unless the caller says otherwise. BENCH_SERVER_DIR (default: the repository's
// server/) runs another build's dist/ instead, to compare two versions on the same machine in the
// same hour; accounts are made by that build's own admin CLI.
import { resolve } from 'node:path';
import { addAccount, startFresh } from '../lib/fresh.js';
import { serverRoot } from '../lib/spawn.js';

const serverDir = process.env.BENCH_SERVER_DIR ? resolve(process.env.BENCH_SERVER_DIR) : serverRoot;

/**
 * A fresh install (an empty data dir, an account made before the first start: lib/fresh.ts) with
 * the defaults; `onLine` receives each line it logs.
 */
export function startFreshServer(opts: { env?: Record<string, string>; onLine?: (line: string) => void }) {
  return startFresh(
    { LIKENESS_LOG_LEVEL: 'info', ...opts.env },
    { serverDir, countLog: true, onLine: opts.onLine },
  );
}

/** Another account with `credits` on the server's data dir. */
export async function createAccount(env: NodeJS.ProcessEnv, credits: number): Promise<{ token: string }> {
  return { token: await addAccount(env, serverDir, credits) };
}
