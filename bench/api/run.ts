// bench/api: GET /api/v2/svc/video/task (the query clients poll) under 64 concurrent connections,
// against a bare Fastify route measured in the same run, with the defaults `npm start` runs:
//   cold    a fresh install's first seconds: a new, empty data dir with an account made before the
//           first start (lib/fresh.ts), so the start does all of a fresh install's work (seeding the
//           catalogue, and rendering what the build did not ship, in the background). On its first
//           answer a TTS task is submitted, and that real task is polled (pending, running, then
//           done) in consecutive 1 s windows; the bare route's first windows are measured too;
//   idle    nothing else to do (BENCH_SECONDS each, default 10), polling that finished task;
//   short   while short jobs run (short-jobs.ts: TTS, covers, voice clones, each one after another,
//           waited for as a client does): BENCH_SHORT_WINDOWS windows (default 6) of BENCH_SECONDS,
//           alternating with the bare route;
//   render  while the same process renders a long talking video from an uploaded video avatar
//           (the render's own task is polled): BENCH_SECONDS windows, alternating with the bare
//           route, until the render ends.
// Both servers run in their own process; the load generator runs here. Each line gives req/s and
// the p50/p99 latency; the summary gives each phase's worst p99 of likeness (aim ≤ 10 ms) and the
// throughput likeness / bare (aim ≥ 0.5). The machine's load average is printed with each phase,
// since other work on the machine moves every figure.
//   BENCH_PHASES (default cold,idle,short,render) picks phases; BENCH_COLD_WINDOW_MS (default 1000)
//   sizes the cold windows; BENCH_RENDER_AUDIO_SEC (default 180) seconds of driving audio for the
//   render; BENCH_POLL_MS (default 1000) how often the short jobs' clients poll; BENCH_SERVER_DIR
//   runs another build of the server (see server.ts).
//   LIKENESS_LOG_LEVEL is passed through (default here: info, the server's own default).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { resolveMediaBinaries } from '../../server/src/media/binaries.js';
import { loadLine as line, measureLoad, type Load } from '../lib/load.js';
import { isCatalogueReady, ServerLog } from '../lib/server-log.js';
import { freePort, repoRoot, stopProcess, waitHttp } from '../lib/spawn.js';
import { svcClient } from '../lib/svc.js';
import { makeFaceClip, makeSpeechSample, makeVoicedSpeech } from './media.js';
import { createAccount, startFreshServer } from './server.js';
import { startShortJobs, tallyLines } from './short-jobs.js';
import { Windows } from './summary.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const AUDIO_SEC = Number(process.env.BENCH_RENDER_AUDIO_SEC ?? 180);
const PHASES = new Set((process.env.BENCH_PHASES ?? 'cold,idle,short,render').split(','));
const COLD_WINDOW_MS = Number(process.env.BENCH_COLD_WINDOW_MS ?? 1000);
const COLD_WINDOWS = Math.round(3000 / COLD_WINDOW_MS);
const SHORT_WINDOWS = Number(process.env.BENCH_SHORT_WINDOWS ?? 6);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 1000);
const CONNECTIONS = 64;
const LOG_LEVEL = process.env.LIKENESS_LOG_LEVEL ?? 'info';

const load = (url: string, headers: Record<string, string>, seconds = DURATION): Promise<Load> =>
  measureLoad(url, { headers, seconds, connections: CONNECTIONS });
const machine = () => `load average ${loadavg()[0]!.toFixed(2)}`;
const done = (s: Record<string, unknown>) => s.status === 3 || s.status === 4;

const bins = resolveMediaBinaries();
const work = await mkdtemp(join(tmpdir(), 'likeness-api-bench-'));
const clip = await makeFaceClip(bins, join(work, 'avatar.mp4'), 10, { width: 720, height: 1280 });
const speech = await makeVoicedSpeech(bins, join(work, 'speech.wav'), AUDIO_SEC);
const sample = await makeSpeechSample(bins, join(work, 'sample.wav'));

const barePort = await freePort();
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/api/bare-server.ts'], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(barePort) },
  stdio: 'inherit',
});
const bareUrl = `http://127.0.0.1:${barePort}/task`;
const results = new Windows();
let likeness: Awaited<ReturnType<typeof startFreshServer>> | null = null;
try {
  await waitHttp(bareUrl, bare);
  console.log(`bench/api  ${CONNECTIONS} connections, log level ${LOG_LEVEL}`);
  const windows = async (label: string, who: 'likeness' | 'bare', url: string, h: Record<string, string>) => {
    for (let w = 0; w < COLD_WINDOWS; w++) {
      const from = (w * COLD_WINDOW_MS) / 1000;
      const l = await load(url, h, COLD_WINDOW_MS / 1000);
      results.add('cold', who, l);
      console.log(line(`${label}, ${from}-${from + COLD_WINDOW_MS / 1000} s`, l));
    }
  };
  if (PHASES.has('cold')) {
    console.log(`cold: consecutive windows from the first answer (${machine()})`);
    await windows('bare Fastify route', 'bare', bareUrl, {});
  }

  // The measured server: a fresh install, called from its first answer on.
  const log = new ServerLog(['catalogue']);
  likeness = await startFreshServer({ env: { LIKENESS_LOG_LEVEL: LOG_LEVEL }, onLine: log.onLine });
  const base = likeness.url;
  const headers = { authorization: `Bearer ${likeness.token}`, 'content-type': 'application/json' };
  const { call, upload } = svcClient(base, likeness.token);
  const created = await call('POST', '/audio/create_by_tts', { voice: 'pub-zh-xiaoyun', text: '你好' });
  const taskId = String(created.task_id);
  const taskUrl = (id: string) => `${base}/api/v2/svc/video/task?task_id=${id}`;
  const status = (id: string) => call('GET', `/video/task?task_id=${id}`);
  if (PHASES.has('cold')) {
    const lag = Date.now() - likeness.upAt;
    console.log(`  (fresh install; its TTS task submitted ${lag} ms after the first answer, then polled)`);
    await windows('GET video/task', 'likeness', taskUrl(taskId), headers);
    for (const l of log.lines) {
      const d = l.time - likeness.upAt;
      const when = d < 0 ? `${-d} ms before its first answer` : `${d} ms after its first answer`;
      console.log(`  the server logged '${l.msg}' ${when}`);
    }
    if (!log.find(isCatalogueReady)) console.log(`  (no 'catalogue ready' line yet: it still works)`);
  }
  // The later phases poll a finished task, and the render phase needs its inputs uploaded.
  while (!done(await status(taskId))) await new Promise((r) => setTimeout(r, 200));
  const clipId = PHASES.has('render') ? await upload('mp4', await readFile(clip)) : '';
  const speechId = PHASES.has('render') ? await upload('wav', await readFile(speech)) : '';

  if (PHASES.has('idle')) {
    // Warm both up, then measure in alternation so background load hits both alike.
    await autocannon({ url: bareUrl, connections: 8, duration: 2 });
    await autocannon({ url: taskUrl(taskId), connections: 8, duration: 2, headers });
    console.log(`idle: ${DURATION} s each (${machine()})`);
    const bareIdle = await load(bareUrl, {});
    const logBefore = likeness.logBytes();
    const ours = await load(taskUrl(taskId), headers);
    const logPerRequest = (likeness.logBytes() - logBefore) / ours.requests;
    results.add('idle', 'bare', bareIdle);
    results.add('idle', 'likeness', ours);
    console.log(line('bare Fastify route', bareIdle));
    console.log(line('GET video/task', ours));
    console.log(
      `  ratio likeness / bare: req/s ${(ours.rps / bareIdle.rps).toFixed(2)}, p99 ${(ours.p99 / Math.max(1, bareIdle.p99)).toFixed(1)}×`,
    );
    console.log(`  log output: ${logPerRequest.toFixed(0)} bytes per request`);
  }

  if (PHASES.has('short')) {
    // An account holds 20 voice clones by default: enough accounts for one clone every 2 s.
    const spare = Math.ceil((SHORT_WINDOWS * DURATION) / 2 / 20);
    const tokens = [likeness.token];
    for (let i = 0; i < spare; i++) tokens.push((await createAccount(likeness.env, 100000)).token);
    const jobs = await startShortJobs(base, tokens, sample, POLL_MS);
    console.log(
      `short: TTS, covers and voice clones one after another (clients polling every ${POLL_MS} ms); ` +
        `${SHORT_WINDOWS} windows of ${DURATION} s in alternation (${machine()})`,
    );
    for (let w = 0; w < SHORT_WINDOWS; w++) {
      const mine = w % 2 === 0;
      const l = mine ? await load(taskUrl(taskId), headers) : await load(bareUrl, {});
      results.add('short', mine ? 'likeness' : 'bare', l);
      const so = Object.entries(jobs.tallies).map(([k, t]) => `${k} ${t.done}`);
      console.log(
        `${line(mine ? 'GET video/task' : 'bare Fastify route', l)}   done so far: ${so.join(', ')}`,
      );
    }
    for (const l of tallyLines(await jobs.stop())) console.log(l);
  }

  if (PHASES.has('render')) {
    const render = await call('POST', '/video/create_by_audio', {
      file_id: speechId,
      video_file_id: clipId,
      title: 'bench',
    });
    const renderId = String(render.task_id);
    console.log(
      `render: ${AUDIO_SEC} s from an uploaded 720x1280 video avatar (tracked, then rendered); ` +
        `${DURATION} s windows in alternation until it ends (${machine()})`,
    );
    const t0 = performance.now();
    let s: Record<string, unknown> = {};
    let measured = 0;
    for (let w = 0; ; w++) {
      const at = ((performance.now() - t0) / 1000).toFixed(0);
      const mine = w % 2 === 0;
      const l = mine ? await load(taskUrl(renderId), headers) : await load(bareUrl, {});
      s = await status(renderId);
      if (done(s)) break; // this window was not all "during"
      results.add('render', mine ? 'likeness' : 'bare', l);
      measured++;
      const label = `${mine ? 'GET video/task' : 'bare Fastify route'} from ${at} s`;
      console.log(`${line(label, l)}   progress ${String(s.progress)}%`);
    }
    if (measured < 2)
      console.log('  WARNING: the render ended too soon to measure; raise BENCH_RENDER_AUDIO_SEC');
    const renderSec = (performance.now() - t0) / 1000;
    console.log(`  the render took ${renderSec.toFixed(1)} s (status ${String(s.status)})`);
    if (s.status !== 3) throw new Error(`the render failed: ${JSON.stringify(s)}`);
  }
  results.print();
} finally {
  bare.kill('SIGTERM');
  if (likeness) {
    await stopProcess(likeness.child);
    await rm(likeness.dataDir, { recursive: true, force: true });
  }
  await rm(work, { recursive: true, force: true });
}
