import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseEnv } from './database.js';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
/**
 * How a child runs the CLI from any working directory, the entry by absolute location: the compiled
 * one when scripts/run-tests.mjs found it built from the sources as they are (LIKENESS_TEST_CLI=dist;
 * half the start-up of tsx, which compiles every module a start loads), else the sources under tsx.
 */
const cliArgs =
  process.env.LIKENESS_TEST_CLI === 'dist'
    ? [join(serverRoot, 'dist/cli/index.js')]
    : ['--import', import.meta.resolve('tsx'), join(serverRoot, 'src/cli/index.ts')];

/**
 * The environment of a child process: the test database of its data dir (the same one a server in
 * this process uses for that dir, see helpers/database.ts), then what the test sets.
 */
async function childEnv(env: Record<string, string>, cwd?: string): Promise<NodeJS.ProcessEnv> {
  // Without LIKENESS_DATA_DIR, a child run from `cwd` uses its ./data, as `likeness` does.
  const dataDir = env.LIKENESS_DATA_DIR ?? (cwd ? join(cwd, 'data') : undefined);
  const database = dataDir ? (await testDatabaseEnv(dataDir)).env : {};
  // A test renders the catalogue assets it asks for, not all of them behind its own jobs, whether or
  // not a build shipped the catalogue (decision S18). Tests read the JSON log lines (a pipe gets them
  // anyway; a LIKENESS_LOG_FORMAT of the caller's must not change that).
  return {
    ...process.env,
    LIKENESS_LOG_LEVEL: 'warn',
    LIKENESS_LOG_FORMAT: 'json',
    LIKENESS_CATALOGUE_PRERENDER: 'off',
    LIKENESS_CATALOGUE_SHIPPED: 'off',
    // Each test server would load the speech and face engines it mostly never uses.
    LIKENESS_WARM_ENGINES: 'off',
    ...database,
    ...env,
  };
}

/**
 * Runs the real CLI, as `npx likeness ...` would: from the server's folder,
 * or from `opts.cwd` (where its likeness.env and ./data are then read).
 */
export async function cli(
  args: string[],
  env: Record<string, string>,
  opts: { cwd?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const fullEnv = await childEnv(env, opts.cwd);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...cliArgs, ...args], {
      cwd: opts.cwd ?? serverRoot,
      env: fullEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Starts `likeness serve` (or, with `args`, another serving command such as `serve --role api`)
 * as a separate process (from `opts.cwd`, else the server's folder) and waits until it answers.
 */
export async function spawnServer(
  env: Record<string, string>,
  url: string,
  args: string[] = ['serve'],
  opts: { cwd?: string } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...cliArgs, ...args], {
    cwd: opts.cwd ?? serverRoot,
    env: await childEnv(env, opts.cwd),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c) => (out += c));
  child.stderr?.on('data', (c) => (out += c));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${out}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts `likeness worker` as a separate process and waits until it says it runs. `log` receives
 * everything it writes (its JSON log lines included), for checks of what it did.
 */
export async function spawnWorker(
  env: Record<string, string>,
  log: (chunk: string) => void = () => undefined,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...cliArgs, 'worker'], {
    cwd: serverRoot,
    env: await childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const running = new Promise<void>((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += String(c);
      log(String(c));
      if (/likeness worker \S+ is running/.test(out)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`worker exited early: ${out}`)));
  });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 60_000);
  try {
    await running;
  } finally {
    clearTimeout(timeout);
  }
  return child;
}

export function waitExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
}
