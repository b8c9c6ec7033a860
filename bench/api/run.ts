// bench/api: GET /api/v2/svc/video/task (the query clients poll) under 64 concurrent connections,
// against a bare Fastify route measured in the same run, in three situations:
//   cold    the first seconds after the server starts (consecutive 1 s windows from /healthz up),
//   idle    a warm server with nothing else to do (BENCH_SECONDS each, default 10),
//   render  while the same process renders a long talking video from an uploaded video avatar
//           (the render's own task is polled): BENCH_SECONDS windows, alternating with the bare
//           route, until the render ends.
// Both servers run in their own process; the load generator runs here. Each line gives req/s and
// the p50/p99 latency; ratios are likeness / bare. The machine's load average is printed with each
// phase, since other work on the machine moves every figure.
//   BENCH_PHASES (default cold,idle,render) picks phases; BENCH_COLD_WINDOW_MS (default 1000) sizes
//   the cold windows; BENCH_RENDER_AUDIO_SEC (default 180) seconds of driving audio for the render;
//   BENCH_SERVER_DIR runs another build of the server (see server.ts).
//   LIKENESS_LOG_LEVEL is passed through (default here: info, the server's own default).
import { spawn } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { resolveMediaBinaries } from '../../server/src/media/binaries.js';
import { loadLine as line, measureLoad, type Load } from '../lib/load.js';
import { freePort, repoRoot, waitHttp } from '../lib/spawn.js';
import { makeFaceClip, makeVoicedSpeech } from './media.js';
import { createAccount, startServer } from './server.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const AUDIO_SEC = Number(process.env.BENCH_RENDER_AUDIO_SEC ?? 180);
const PHASES = new Set((process.env.BENCH_PHASES ?? 'cold,idle,render').split(','));
const COLD_WINDOW_MS = Number(process.env.BENCH_COLD_WINDOW_MS ?? 1000);
const COLD_WINDOWS = Math.round(3000 / COLD_WINDOW_MS);
const CONNECTIONS = 64;
const LOG_LEVEL = process.env.LIKENESS_LOG_LEVEL ?? 'info';

const load = (url: string, headers: Record<string, string>, seconds = DURATION): Promise<Load> =>
  measureLoad(url, { headers, seconds, connections: CONNECTIONS });

const machine = () => `load average ${loadavg()[0]!.toFixed(2)}`;
const ratio = (ours: Load, base: Load) =>
  `  ratio likeness / bare: req/s ${(ours.rps / base.rps).toFixed(2)}, p99 ${(ours.p99 / Math.max(1, base.p99)).toFixed(1)}×`;

async function json(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, init);
  const body = (await res.json()) as Record<string, unknown>;
  if (body.code !== undefined && body.code !== 0) throw new Error(`${url}: ${JSON.stringify(body)}`);
  return body;
}

async function uploadFile(base: string, headers: Record<string, string>, file: string, ext: string) {
  const grant = await json(`${base}/api/v2/svc/tool/create_upload_url`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ file_extension: ext }),
  });
  const put = await fetch(String(grant.upload_url), {
    method: 'PUT',
    headers: { 'content-type': String(grant.content_type) },
    body: await readFile(file),
  });
  await put.arrayBuffer();
  if (put.status !== 200) throw new Error(`upload of ${file} answered ${put.status}`);
  return String(grant.file_id);
}

async function taskStatus(base: string, headers: Record<string, string>, id: string) {
  return json(`${base}/api/v2/svc/video/task?task_id=${id}`, { headers });
}

const bins = resolveMediaBinaries();
const work = await mkdtemp(join(tmpdir(), 'likeness-api-bench-'));
const clip = await makeFaceClip(bins, join(work, 'avatar.mp4'), 10, { width: 720, height: 1280 });
const speech = await makeVoicedSpeech(bins, join(work, 'speech.wav'), AUDIO_SEC);

// First run of the server: an account, a finished audio task to poll, the render's uploads.
const first = await startServer({ env: { LIKENESS_LOG_LEVEL: LOG_LEVEL } });
const account = await createAccount(first.env, 100000);
const headers = { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' };
const created = await json(`${first.url}/api/v2/svc/audio/create_by_tts`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ voice: 'pub-zh-xiaoyun', text: '你好' }),
});
const taskId = String(created.task_id);
const clipId = await uploadFile(first.url, headers, clip, 'mp4');
const speechId = await uploadFile(first.url, headers, speech, 'wav');
for (;;) {
  const s = await taskStatus(first.url, headers, taskId);
  if (s.status === 3 || s.status === 4) break;
  await new Promise((r) => setTimeout(r, 200));
}
first.child.kill('SIGTERM');
await new Promise((r) => first.child.on('exit', r));

const barePort = await freePort();
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/api/bare-server.ts'], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(barePort) },
  stdio: 'inherit',
});
const bareUrl = `http://127.0.0.1:${barePort}/task`;
let likeness: Awaited<ReturnType<typeof startServer>> | null = null;
try {
  await waitHttp(bareUrl, bare);
  console.log(`bench/api  ${CONNECTIONS} connections, log level ${LOG_LEVEL}`);
  const windows = async (label: string, url: string, h: Record<string, string>) => {
    for (let w = 0; w < COLD_WINDOWS; w++) {
      const from = (w * COLD_WINDOW_MS) / 1000;
      const to = ((w + 1) * COLD_WINDOW_MS) / 1000;
      console.log(line(`${label}, ${from}-${to} s`, await load(url, h, COLD_WINDOW_MS / 1000)));
    }
  };
  if (PHASES.has('cold')) {
    console.log(`cold: consecutive windows from the first answer (${machine()})`);
    await windows('bare Fastify route', bareUrl, {});
  }
  // Second run of likeness on the same data: measured from the moment it answers.
  likeness = await startServer({ dataDir: first.dataDir, env: { LIKENESS_LOG_LEVEL: LOG_LEVEL } });
  const base = likeness.url;
  const taskUrl = (id: string) => `${base}/api/v2/svc/video/task?task_id=${id}`;
  if (PHASES.has('cold')) await windows('GET video/task', taskUrl(taskId), headers);

  if (PHASES.has('idle')) {
    // Warm both up, then measure in alternation so background load hits both alike.
    await autocannon({ url: bareUrl, connections: 8, duration: 2 });
    await autocannon({ url: taskUrl(taskId), connections: 8, duration: 2, headers });
    console.log(`idle: ${DURATION} s each (${machine()})`);
    const bareIdle = await load(bareUrl, {});
    const logBefore = likeness.logBytes();
    const ours = await load(taskUrl(taskId), headers);
    const logPerRequest = (likeness.logBytes() - logBefore) / ours.requests;
    console.log(line('bare Fastify route', bareIdle));
    console.log(line('GET video/task', ours));
    console.log(ratio(ours, bareIdle));
    console.log(`  log output: ${logPerRequest.toFixed(0)} bytes per request`);
  }

  if (PHASES.has('render')) {
    const render = await json(`${base}/api/v2/svc/video/create_by_audio`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ file_id: speechId, video_file_id: clipId, title: 'bench' }),
    });
    const renderId = String(render.task_id);
    console.log(
      `render: ${AUDIO_SEC} s from an uploaded 720x1280 video avatar (tracked, then rendered); ` +
        `${DURATION} s windows in alternation until it ends (${machine()})`,
    );
    const t0 = performance.now();
    const ours: Load[] = [];
    const bares: Load[] = [];
    let status: Record<string, unknown> = {};
    for (let w = 0; ; w++) {
      const at = ((performance.now() - t0) / 1000).toFixed(0);
      const mine = w % 2 === 0;
      const l = mine ? await load(taskUrl(renderId), headers) : await load(bareUrl, {});
      status = await taskStatus(base, headers, renderId);
      if (status.status === 3 || status.status === 4) break; // this window was not all "during"
      (mine ? ours : bares).push(l);
      const label = `${mine ? 'GET video/task' : 'bare Fastify route'} from ${at} s`;
      console.log(`${line(label, l)}   progress ${String(status.progress)}%`);
    }
    const renderSec = (performance.now() - t0) / 1000;
    const worst = (all: Load[]) => all.reduce((a, b) => (b.p99 > a.p99 ? b : a));
    if (ours.length === 0 || bares.length === 0) {
      console.log('  WARNING: the render ended too soon to measure; raise BENCH_RENDER_AUDIO_SEC');
    } else {
      console.log(`  worst window: likeness p99 ${worst(ours).p99} ms, bare p99 ${worst(bares).p99} ms`);
      const mean = (all: Load[]) => all.reduce((a, b) => a + b.rps, 0) / all.length;
      console.log(
        `  ratio likeness / bare: req/s ${(mean(ours) / mean(bares)).toFixed(2)} (means over the windows)`,
      );
    }
    console.log(`  the render took ${renderSec.toFixed(1)} s (status ${String(status.status)})`);
    if (status.status !== 3) throw new Error(`the render failed: ${JSON.stringify(status)}`);
  }
} finally {
  bare.kill('SIGTERM');
  likeness?.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await rm(first.dataDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
}
