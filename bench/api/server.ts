// The server of bench/api: `likeness serve` with its log read through a pipe (see StartOptions),
// at log level info unless the caller says otherwise. BENCH_SERVER_DIR (default: the repository's
// server/) runs another build's dist/ instead, to compare two versions on the same machine in the
// same hour; accounts are made by that build's own admin CLI.
import { resolve } from 'node:path';
import { cliJson, serverRoot, startLikeness } from '../lib/spawn.js';

const serverDir = process.env.BENCH_SERVER_DIR ? resolve(process.env.BENCH_SERVER_DIR) : serverRoot;

export function startServer(opts: { dataDir?: string; env?: Record<string, string> } = {}) {
  return startLikeness(
    { LIKENESS_LOG_LEVEL: 'info', ...opts.env },
    { dataDir: opts.dataDir, serverDir, countLog: true },
  );
}

/** An account with `credits` on the server's data dir. */
export async function createAccount(env: NodeJS.ProcessEnv, credits: number): Promise<{ token: string }> {
  const r = await cliJson(['accounts', 'create', '--credits', String(credits)], env, serverDir);
  return { token: r.token! };
}
