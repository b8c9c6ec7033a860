// A fresh install, as an operator makes one: an empty data dir, an account made with the admin CLI
// before the first start (`likeness accounts create` creates the database, and nothing else: the
// catalogue is seeded by the server's start), then `likeness serve` with the defaults `npm start`
// runs. So the server measured is the first ever to start on its data dir, and a client can call it
// from its first answer on.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliJson, serverRoot, startLikeness, type StartOptions } from './spawn.js';

export interface FreshOptions extends Omit<StartOptions, 'dataDir'> {
  /** Credits of the account (default 1,000,000). */
  credits?: number;
}

/** Starts a fresh install; `upAt` is Date.now() when it first answered. */
export async function startFresh(extraEnv: Record<string, string> = {}, opts: FreshOptions = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'likeness-bench-fresh-'));
  const serverDir = opts.serverDir ?? serverRoot;
  const cliEnv = {
    ...process.env,
    LIKENESS_DATA_DIR: dataDir,
    LIKENESS_DEMO_ACCOUNT: 'off',
    LIKENESS_LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const made = await cliJson(
    ['accounts', 'create', '--credits', String(opts.credits ?? 1_000_000)],
    cliEnv,
    serverDir,
  );
  if (!made.token) throw new Error(`accounts create answered ${JSON.stringify(made)}`);
  const server = await startLikeness(extraEnv, { ...opts, dataDir });
  return { ...server, token: made.token, upAt: Date.now() };
}

/** Another account on a running server's data dir (the admin CLI, as an operator adds one). */
export async function addAccount(env: NodeJS.ProcessEnv, serverDir = serverRoot, credits = 1_000_000) {
  const made = await cliJson(['accounts', 'create', '--credits', String(credits)], env, serverDir);
  if (!made.token) throw new Error(`accounts create answered ${JSON.stringify(made)}`);
  return made.token;
}
