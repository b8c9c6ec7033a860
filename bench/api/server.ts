// Starts `likeness serve` for bench/api, as bench/lib's startLikeness does, but on a given data dir
// (so a second start finds the first one's data) and with stdout read through a pipe, as a log
// collector would read it: the server's log lines cost what they cost in production.
// BENCH_SERVER_DIR (default: the repository's server/) runs another build's dist/ instead, to
// compare two versions on the same machine in the same hour.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, serverRoot, waitHttp } from '../lib/spawn.js';

const serverDir = process.env.BENCH_SERVER_DIR ? resolve(process.env.BENCH_SERVER_DIR) : serverRoot;

export async function startServer(opts: { dataDir?: string; env?: Record<string, string> } = {}) {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'likeness-bench-')));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    LIKENESS_DATA_DIR: dataDir,
    LIKENESS_DEMO_ACCOUNT: 'off',
    LIKENESS_LOG_LEVEL: 'info',
    ...opts.env,
  };
  // BENCH_NODE_ARGS passes flags such as --cpu-prof to the server process (not allowed in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/cli/index.js', 'serve'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let logBytes = 0;
  child.stdout!.on('data', (c: Buffer) => (logBytes += c.length));
  const url = `http://127.0.0.1:${port}`;
  await waitHttp(`${url}/healthz`, child);
  return { child, url, dataDir, env, logBytes: () => logBytes };
}

/** An account with `credits` on the server's data dir, through the same build's admin CLI. */
export async function createAccount(env: NodeJS.ProcessEnv, credits: number): Promise<{ token: string }> {
  const child = spawn(
    process.execPath,
    ['dist/cli/index.js', 'accounts', 'create', '--credits', String(credits), '--json'],
    { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  await new Promise((r) => child.on('close', r));
  return JSON.parse(out) as { token: string };
}
