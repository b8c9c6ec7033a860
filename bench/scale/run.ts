// bench/scale: the scaled-out mode on one machine.
//
//   audio, video  one `likeness serve --role api` process on PostgreSQL + BullMQ on Redis, and fresh
//            `likeness worker` processes per line: a batch of short works submitted through the
//            HTTP API, timed from the first submission until the last task answers status 3 (the
//            client's view). Baseline: 1 worker process with LIKENESS_WORKERS=1; compared with 2
//            worker processes with LIKENESS_WORKERS=1 each, and, as one more line, 1 worker process
//            with LIKENESS_WORKERS=2 (two job slots in one process: what one machine would otherwise
//            run). Audio works (text to speech), then video works (text to speech + a catalogue
//            avatar). Each line first runs one work per job slot, untimed (models load, caches fill);
//            the three setups run in turn, BENCH_SCALE_ROUNDS times, and the ratios use the totals.
//            Each line also says where the CPU went (workers, API, PostgreSQL, Redis, this client and
//            other processes, from /proc) and is marked DISTURBED when other processes took more than
//            a quarter of a core meanwhile (the machine is shared: compare such lines with care).
//   query    GET /api/v2/svc/video/task under autocannon (64 connections, as bench/api) against
//            `likeness serve` on SQLite (embedded) and against `likeness serve` on PostgreSQL, the
//            same build, side by side, measured in alternation (twice each); ratio PostgreSQL /
//            SQLite of the means.
//
// Every process shares one data dir (local blobs: the workers must see the API's files) and the
// same signing secret; the run's PostgreSQL schemas and Redis keys are removed at the end.
//   BENCH_PG_URL / BENCH_REDIS_URL (defaults: the test servers on 127.0.0.1), BENCH_PARTS (default
//   audio,video,query), BENCH_SCALE_AUDIO (default 48 works per line), BENCH_SCALE_VIDEO (default
//   8), BENCH_SCALE_ROUNDS (default 2), BENCH_SECONDS (default 10, per query measurement),
//   BENCH_SERVER_DIR (another build's server/ folder, as in bench/api).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import {
  BENCH_REDIS_URL,
  createSchema,
  dropRedisPrefix,
  enginesUnavailable,
  runId,
  type BenchSchema,
} from '../lib/engines.js';
import {
  CpuAccount,
  processCpuSec,
  programCpuSec,
  selfCpuSec,
  waitForIdle,
  type CpuUse,
} from '../lib/cpu.js';
import { Cleanup } from '../lib/cleanup.js';
import { svc, type Body } from '../lib/svc.js';
import { loadLine, measureLoad, type Load } from '../lib/load.js';
import { cliJson, serverRoot, startLikeness, startWorker, stopProcess } from '../lib/spawn.js';

const PARTS = new Set((process.env.BENCH_PARTS ?? 'audio,video,query').split(','));
const AUDIO_WORKS = Number(process.env.BENCH_SCALE_AUDIO ?? 48);
const VIDEO_WORKS = Number(process.env.BENCH_SCALE_VIDEO ?? 8);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 2);
const QUERY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const QUERY_ROUNDS = 2;
const CONNECTIONS = 64;
/** Another build's server/ folder (its dist/ runs), as in bench/api; default: this repository's. */
const SERVER_DIR = process.env.BENCH_SERVER_DIR ? resolve(process.env.BENCH_SERVER_DIR) : serverRoot;
const VOICE = 'pub-zh-xiaoyun';
/**
 * The catalogue's previews render when first asked for instead of at start on a fresh database (a
 * one-time cost, not what is measured). Whatever the server queues on its own is still waited for
 * before each measurement (jobsSettled, waitForIdle).
 */
const QUIET_CATALOGUE = { LIKENESS_CATALOGUE_PRERENDER: 'off' };

/** Everything this bench started or made, undone at the end of each part and on SIGINT/SIGTERM. */
const cleanup = new Cleanup();

const machine = () => `load average ${loadavg()[0]!.toFixed(2)}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A v2-svc call; throws unless the answer has code 0. */

async function createAccount(env: NodeJS.ProcessEnv): Promise<string> {
  const r = await cliJson(['accounts', 'create', '--credits', '1000000'], env, SERVER_DIR);
  if (!r.token) throw new Error(`accounts create answered ${JSON.stringify(r)}`);
  return r.token;
}

type Kind = 'audio' | 'video';

interface Api {
  url: string;
  token: string;
  avatar: string;
}

function submit(api: Api, kind: Kind, i: number): Promise<Body> {
  const text = `第${i}条。你好，欢迎使用。`;
  return kind === 'audio'
    ? svc(api.url, api.token, 'POST', '/audio/create_by_tts', { text, voice: VOICE })
    : svc(api.url, api.token, 'POST', '/video/create_by_tts', { text, voice: VOICE, avatar: api.avatar });
}

/**
 * Submits `n` works one after the other and polls until every one is done; returns the time from
 * the first submission to the moment the last was seen at status 3. Polls in submission order and
 * stops each round at the first unfinished task (the queue is first in, first out), so the polling
 * itself costs the API process little.
 */
async function batch(api: Api, kind: Kind, n: number, from: number): Promise<{ ms: number; ids: string[] }> {
  const t0 = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(String((await submit(api, kind, from + i)).task_id));
  const pending = [...ids];
  for (const deadline = Date.now() + 240_000; pending.length > 0;) {
    while (pending.length > 0) {
      const id = pending[0]!;
      const task = await svc(api.url, api.token, 'GET', `/video/task?task_id=${id}`);
      if (task.status === 4) throw new Error(`task ${id} failed: ${JSON.stringify(task)}`);
      if (task.status !== 3) break;
      pending.shift();
    }
    if (pending.length === 0) break;
    if (Date.now() > deadline) throw new Error(`${pending.length} of ${n} ${kind} works still unfinished`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ms: performance.now() - t0, ids };
}

interface Setup {
  label: string;
  processes: number;
  slots: number;
}

const SETUPS: Setup[] = [
  { label: '1 worker process, LIKENESS_WORKERS=1', processes: 1, slots: 1 },
  { label: '2 worker processes, LIKENESS_WORKERS=1 each', processes: 2, slots: 1 },
  { label: '1 worker process, LIKENESS_WORKERS=2', processes: 1, slots: 2 },
];

interface PhaseResult {
  works: number;
  ms: number;
}

const perMinute = (r: PhaseResult) => r.works / (r.ms / 60_000);

/**
 * The engines every scaled-out process shares, and this process (the client: submissions and polls,
 * or autocannon), whose CPU counts apart from the server's. PostgreSQL counts all its backends,
 * other databases' too.
 */
const SHARED_ENGINES = {
  PostgreSQL: () => programCpuSec('postgres'),
  Redis: () => programCpuSec('redis-server'),
  'this client': selfCpuSec,
};

/** "workers 190 ms, API 6 ms, …" per work or per request. */
function cpuShares(use: CpuUse, count: number, unit: 'ms' | 'µs'): string {
  const scale = unit === 'ms' ? 1e3 : 1e6;
  const each = (sec: number) => `${((sec / count) * scale).toFixed(0)} ${unit}`;
  const parts = Object.entries(use.parts).map(([name, sec]) => `${name} ${each(sec)}`);
  return [...parts, `other processes ${each(use.other)}`].join(', ');
}

/** Flags a measurement during which work outside the benchmark took more than a quarter of a core. */
function disturbed(use: CpuUse): void {
  const cores = use.other / use.wallSec;
  if (cores > 0.25) {
    console.log(
      `      DISTURBED: other processes used ${cores.toFixed(2)} cores meanwhile; compare with care`,
    );
  }
}

/** How long a job of the batch ran on average, by the task rows (started → finished). */
async function taskTimes(schema: BenchSchema, ids: string[]) {
  const rows = await schema.query<{ started_at: string | null; finished_at: string | null }>(
    'select started_at, finished_at from tasks where id = any($1)',
    [ids],
  );
  const t = (s: string | null) => (s === null ? NaN : Date.parse(s));
  const busy = rows.map((r) => t(r.finished_at) - t(r.started_at));
  return { meanBusyMs: busy.reduce((a, b) => a + b, 0) / busy.length };
}

/** Waits until the jobs table has nothing queued or running; returns how long that took. */
async function jobsSettled(schema: BenchSchema): Promise<number> {
  const t0 = performance.now();
  for (const deadline = Date.now() + 180_000; ;) {
    const [row] = await schema.query<{ n: number }>(
      "select count(*)::int as n from jobs where state in ('queued', 'running')",
    );
    if (row?.n === 0) return performance.now() - t0;
    if (Date.now() > deadline) throw new Error(`${row?.n} jobs still open after 180 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One line of the table: fresh workers, one untimed work per job slot, then the timed batch. */
async function phase(
  api: Api & { pid: number },
  schema: BenchSchema,
  shared: Record<string, string>,
  kind: Kind,
  n: number,
  setup: Setup,
  counter: { next: number },
): Promise<PhaseResult> {
  const mark = cleanup.mark();
  const workers: ChildProcess[] = [];
  const jobsDone: number[] = [];
  try {
    for (let w = 0; w < setup.processes; w++) {
      jobsDone.push(0);
      const onLine = (line: string) => {
        if (line.includes('"job finished"')) jobsDone[w]! += 1;
      };
      const env = { ...shared, LIKENESS_WORKERS: String(setup.slots), LIKENESS_LOG_LEVEL: 'info' };
      const worker = await startWorker(env, onLine, SERVER_DIR);
      workers.push(worker);
      cleanup.add('a worker process', () => stopProcess(worker));
    }
    // Jobs the server queued on its own (the catalogue's art on a fresh database) run first.
    const settledIn = await jobsSettled(schema);
    if (settledIn > 1000)
      console.log(`      (jobs queued before this line kept the workers busy for ${seconds(settledIn)})`);
    const warm = setup.processes * setup.slots;
    await batch(api, kind, warm, counter.next);
    counter.next += warm;
    await new Promise((r) => setTimeout(r, 300)); // the warm-up's "job finished" lines
    jobsDone.fill(0);

    const cpu = await CpuAccount.start({
      workers: async () =>
        (await Promise.all(workers.map((w) => processCpuSec(w.pid!)))).reduce((a, b) => a + b, 0),
      API: () => processCpuSec(api.pid),
      ...SHARED_ENGINES,
    });
    const { ms, ids } = await batch(api, kind, n, counter.next);
    const use = await cpu.stop();
    counter.next += n;

    const db = await taskTimes(schema, ids);
    const result = { works: n, ms };
    console.log(
      `  ${setup.label.padEnd(44)} ${seconds(ms).padStart(7)}  ${perMinute(result).toFixed(1).padStart(6)} works/min`,
    );
    console.log(
      `      jobs per process ${jobsDone.join(' + ')}; a job ran ${seconds(db.meanBusyMs)} on average; ` +
        `${use.cores.toFixed(2)} of ${cpus().length} cores busy; ${machine()}`,
    );
    console.log(`      CPU per work: ${cpuShares(use, n, 'ms')}`);
    disturbed(use);
    return result;
  } finally {
    await cleanup.unwind(mark);
  }
}

async function renders(kinds: Kind[]): Promise<void> {
  const mark = cleanup.mark();
  try {
    const id = runId();
    const schema = await createSchema(id);
    cleanup.add('the PostgreSQL schema', () => schema.drop());
    const prefix = `bench-${id}`;
    cleanup.add('the Redis keys', () => dropRedisPrefix(prefix));
    const dataDir = await mkdtemp(join(tmpdir(), 'likeness-scale-bench-'));
    cleanup.add('the data dir', () => rm(dataDir, { recursive: true, force: true }));
    const shared = {
      DATABASE_URL: schema.url,
      REDIS_URL: BENCH_REDIS_URL,
      LIKENESS_QUEUE_PREFIX: prefix,
      LIKENESS_SIGNING_SECRET: randomBytes(32).toString('base64url'),
      LIKENESS_DATA_DIR: dataDir,
      LIKENESS_MAX_DAILY_WORKS: '100000',
      ...QUIET_CATALOGUE,
    };
    const started = await startLikeness(shared, {
      dataDir,
      args: ['serve', '--role', 'api'],
      serverDir: SERVER_DIR,
    });
    const server = started.child;
    cleanup.add('the API process', () => stopProcess(server));
    const token = await createAccount(started.env);
    const avatars = await svc(started.url, token, 'GET', '/avatar/list?kind=2');
    const avatar = String((avatars.data as { avatar: string }[])[0]!.avatar);
    const api = { url: started.url, token, avatar, pid: server.pid! };
    const counter = { next: 1 };
    for (const kind of kinds) {
      const n = kind === 'audio' ? AUDIO_WORKS : VIDEO_WORKS;
      const what = kind === 'audio' ? 'text-to-speech works' : 'talking videos from text (catalogue avatar)';
      console.log(
        `${kind}: ${n} short ${what} per line through one \`serve --role api\` on PostgreSQL + BullMQ; ` +
          `fresh workers per line, ${ROUNDS} round(s) (${machine()})`,
      );
      const totals = new Map<Setup, PhaseResult>(SETUPS.map((s) => [s, { works: 0, ms: 0 }]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const setup of SETUPS) {
          const r = await phase(api, schema, shared, kind, n, setup, counter);
          const total = totals.get(setup)!;
          total.works += r.works;
          total.ms += r.ms;
        }
      }
      const [base, two, threads] = SETUPS.map((s) => perMinute(totals.get(s)!)) as [number, number, number];
      console.log(
        `  over all rounds: ${SETUPS.map((s) => `${perMinute(totals.get(s)!).toFixed(1)}`).join(' / ')} works/min`,
      );
      console.log(`  ratio 2 worker processes / 1 (LIKENESS_WORKERS=1 each): ${(two / base).toFixed(2)}`);
      console.log(
        `  ratio 1 process with LIKENESS_WORKERS=2 / 1 process with 1: ${(threads / base).toFixed(2)}`,
      );
    }
  } finally {
    await cleanup.unwind(mark);
  }
}

interface QueryTarget {
  label: string;
  pid: number;
  url: string;
  headers: Record<string, string>;
}

/**
 * Starts a `likeness serve` and finishes one audio task on it, then waits until the process is
 * idle (whatever it queued on its own at start has run); its clean-up goes on the stack.
 */
async function queryTarget(label: string, env: Record<string, string>): Promise<QueryTarget> {
  const dataDir = await mkdtemp(join(tmpdir(), 'likeness-scale-query-'));
  cleanup.add('a data dir', () => rm(dataDir, { recursive: true, force: true }));
  const started = await startLikeness(env, { dataDir, serverDir: SERVER_DIR });
  cleanup.add(`the ${label} server`, () => stopProcess(started.child));
  const token = await createAccount(started.env);
  const { ids } = await batch({ url: started.url, token, avatar: '' }, 'audio', 1, 1);
  await waitForIdle(started.child.pid!);
  const url = `${started.url}/api/v2/svc/video/task?task_id=${ids[0]!}`;
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url, connections: 8, duration: 2, headers });
  return { label, pid: started.child.pid!, url, headers };
}

/** One measurement of a target, with where the CPU went. */
async function queryLoad(target: QueryTarget): Promise<Load> {
  const cpu = await CpuAccount.start({
    'the server': () => processCpuSec(target.pid),
    ...SHARED_ENGINES,
  });
  const l = await measureLoad(target.url, {
    headers: target.headers,
    seconds: QUERY_SECONDS,
    connections: CONNECTIONS,
  });
  const use = await cpu.stop();
  console.log(loadLine(target.label, l));
  console.log(`      ${use.cores.toFixed(2)} cores busy; ${machine()}`);
  console.log(`      CPU per request: ${cpuShares(use, l.requests, 'µs')}`);
  disturbed(use);
  return l;
}

/** Both servers run side by side, the idle one doing nothing; measured in alternation, QUERY_ROUNDS times. */
async function query(): Promise<void> {
  console.log(
    `query: GET /api/v2/svc/video/task, ${CONNECTIONS} connections, ${QUERY_SECONDS} s each, ` +
      `\`likeness serve\` on each database, in alternation`,
  );
  const mark = cleanup.mark();
  try {
    const sqlite = await queryTarget('SQLite (embedded)', QUIET_CATALOGUE);
    const schema = await createSchema(runId());
    cleanup.add('the PostgreSQL schema', () => schema.drop());
    const pg = await queryTarget('PostgreSQL', {
      ...QUIET_CATALOGUE,
      DATABASE_URL: schema.url,
      LIKENESS_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    });
    const results = new Map<QueryTarget, Load[]>([
      [sqlite, []],
      [pg, []],
    ]);
    for (let round = 0; round < QUERY_ROUNDS; round++) {
      for (const target of [sqlite, pg]) results.get(target)!.push(await queryLoad(target));
    }
    const mean = (t: QueryTarget, f: (l: Load) => number) => {
      const all = results.get(t)!;
      return all.reduce((a, l) => a + f(l), 0) / all.length;
    };
    const rps = (t: QueryTarget) => mean(t, (l) => l.rps);
    const p99 = (t: QueryTarget) => mean(t, (l) => l.p99);
    console.log(
      `  means: SQLite ${rps(sqlite).toFixed(0)} req/s, p99 ${p99(sqlite).toFixed(1)} ms; ` +
        `PostgreSQL ${rps(pg).toFixed(0)} req/s, p99 ${p99(pg).toFixed(1)} ms`,
    );
    console.log(
      `  ratio PostgreSQL / SQLite: req/s ${(rps(pg) / rps(sqlite)).toFixed(2)}, ` +
        `p99 ${(p99(pg) / Math.max(1, p99(sqlite))).toFixed(1)}×`,
    );
    console.log(
      '  (the embedded mode serves polls from an in-memory task cache, exact because its one process makes every write;\n' +
        '   on PostgreSQL other processes write the rows, so every poll reads the database)',
    );
  } finally {
    await cleanup.unwind(mark);
  }
}

const missing = await enginesUnavailable();
if (missing) {
  console.error(`bench/scale needs PostgreSQL and Redis: ${missing}`);
  process.exit(1);
}
console.log(`bench/scale  ${cpus().length} cores`);
const kinds = (['audio', 'video'] as const).filter((k) => PARTS.has(k));
if (kinds.length > 0) await renders(kinds);
if (PARTS.has('query')) await query();
