import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const serverRoot = join(repoRoot, 'server');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function waitHttp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited early (${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts `likeness serve` in its own process on a fresh data dir. */
export async function startLikeness(extraEnv: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'likeness-bench-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    LIKENESS_DATA_DIR: dataDir,
    LIKENESS_DEMO_ACCOUNT: 'off',
    LIKENESS_LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  // The compiled build, as `npm start` runs it.
  // BENCH_NODE_ARGS passes flags such as --cpu-prof to the server process (not allowed in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/cli/index.js', 'serve'], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHttp(`${url}/healthz`, child);
  return { child, url, dataDir, env };
}

/** Runs the admin CLI against a data dir and returns its JSON output. */
export async function cliJson(args: string[], env: NodeJS.ProcessEnv): Promise<Record<string, string>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args, '--json'], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  await new Promise((r) => child.on('close', r));
  return JSON.parse(out) as Record<string, string>;
}

/** Resident set size of a process in MB, from /proc. */
export async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
