import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rssKb } from './tree-rss.js';

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

export interface StartOptions {
  /** Reuse a data dir (a restart finds the previous run's data); default: a fresh one. */
  dataDir?: string;
  /** Another build's server/ folder (its dist/ runs), to compare two versions in the same hour. */
  serverDir?: string;
  /**
   * Read the server's stdout through a pipe and count its bytes, as a log collector would read it
   * (the log lines then cost what they cost in production); default: stdout is discarded.
   */
  countLog?: boolean;
  /** Receives each line the server writes to stdout (its JSON log lines); implies a pipe. */
  onLine?: (line: string) => void;
  /** The CLI command and its flags; default `serve` (API and workers in one process). */
  args?: string[];
}

/**
 * Starts `likeness serve` (the compiled build, as `npm start` runs it), or the serving command
 * `opts.args` names (such as `serve --role api`), in its own process and waits until it answers.
 */
export async function startLikeness(extraEnv: Record<string, string> = {}, opts: StartOptions = {}) {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'likeness-bench-')));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    LIKENESS_DATA_DIR: dataDir,
    LIKENESS_DEMO_ACCOUNT: 'off',
    LIKENESS_LOG_LEVEL: 'warn',
    // Benches read the JSON log lines (what a pipe gets anyway, whatever the caller's environment says).
    LIKENESS_LOG_FORMAT: 'json',
    ...extraEnv,
  };
  // BENCH_NODE_ARGS passes flags such as --cpu-prof to the server process (not allowed in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/cli/index.js', ...(opts.args ?? ['serve'])], {
    cwd: opts.serverDir ?? serverRoot,
    env,
    stdio: ['ignore', opts.countLog || opts.onLine ? 'pipe' : 'ignore', 'inherit'],
  });
  let logBytes = 0;
  let partial = '';
  child.stdout?.on('data', (c: Buffer) => {
    logBytes += c.length;
    if (!opts.onLine) return;
    const lines = (partial + c.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) opts.onLine(line);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHttp(`${url}/healthz`, child);
  } catch (e) {
    await stopProcess(child);
    throw e;
  }
  return { child, url, dataDir, env, logBytes: () => logBytes };
}

/**
 * Starts `likeness worker` (the compiled build, or that of `serverDir`) in its own process and
 * waits until it says it runs. `onLine` receives each line it writes to stdout (its JSON log lines
 * among them).
 */
export async function startWorker(
  env: Record<string, string>,
  onLine: (line: string) => void = () => undefined,
  serverDir = serverRoot,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/cli/index.js', 'worker'], {
    cwd: serverDir,
    env: {
      ...process.env,
      LIKENESS_DEMO_ACCOUNT: 'off',
      LIKENESS_LOG_LEVEL: 'warn',
      LIKENESS_LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let partial = '';
  const running = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not start within 60 s')), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited early (${code})`));
    });
    child.stdout!.on('data', (c: Buffer) => {
      const lines = (partial + String(c)).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        onLine(line);
        if (/likeness worker \S+ is running/.test(line)) {
          clearTimeout(timer);
          resolve();
        }
      }
    });
  });
  try {
    await running;
  } catch (e) {
    await stopProcess(child);
    throw e;
  }
  return child;
}

/** SIGTERM (a graceful stop), SIGKILL if the process is still there after `graceMs`; resolves once it is gone. */
export async function stopProcess(child: ChildProcess, graceMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/**
 * Runs the admin CLI against a data dir and returns its JSON output: from the sources, or from the
 * compiled build of `serverDir` when one is given (the same build as the server it talks to).
 */
export async function cliJson(
  args: string[],
  env: NodeJS.ProcessEnv,
  serverDir?: string,
): Promise<Record<string, string>> {
  const entry = serverDir ? ['dist/cli/index.js'] : ['--import', 'tsx', 'src/cli/index.ts'];
  const child = spawn(process.execPath, [...entry, ...args, '--json'], {
    cwd: serverDir ?? serverRoot,
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
  return (await rssKb(String(pid))) / 1024;
}
