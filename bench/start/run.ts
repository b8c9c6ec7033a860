// bench/start/run.ts: a new user's first minutes, as they measure them (`npm run bench:start`).
// 1. `npm start`'s build step on a tree that is already built (scripts/build.mjs --if-changed).
// 2. A fresh install starting: spawn of `likeness serve` on an empty data dir, with the defaults
//    `npm start` runs (catalogue pre-rendering on, demo account on), until it answers HTTP.
// 3. Right away, what the README suggests: an avatar from its example photo, then a short video
//    from text with that avatar, BENCH_START_RUNS times (default 10), one after the other; the
//    first of each against the tenth and the median of the later ones. The client polls every
//    100 ms, so each figure is at most 0.1 s late; the server's own figure for each task (its
//    'avatar made' and 'work rendered' lines: queued plus the job's steps) is reported beside it,
//    with no poll in it, and the steps of the first task against the later ones' medians.
// The service logs at info, as `npm start` runs it. BENCH_SERVER_DIR runs another build's server/.
import { spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Cleanup } from '../lib/cleanup.js';
import { ServerLog, type LogLine } from '../lib/server-log.js';
import { repoRoot, startLikeness, stopProcess } from '../lib/spawn.js';
import { medianAndRange } from '../lib/stats.js';
import { svcClient } from '../lib/svc.js';

const RUNS = Math.max(2, Number(process.env.BENCH_START_RUNS ?? 10));
const PHOTO = join(
  repoRoot,
  'server/test/fixtures/footage/photos/halfbody-woman-glasses-smiling-teeth-1024x769.jpg',
);
const TEXT = 'Hello, and welcome to likeness.';

const cleanup = new Cleanup();

/** A step's milliseconds in a task's log line: 'queued' (queuedMs), or one of its `ms`. */
const stepMs = (line: LogLine, step: string) =>
  step === 'queued' ? Number(line.queuedMs) || 0 : ((line.ms as Record<string, number>)[step] ?? 0);

/** The server's own time for a task: queued, then the job's steps (`ms.total`). */
const serverMs = (line: LogLine) => stepMs(line, 'queued') + stepMs(line, 'total');

/** Each step of the first task against the median of the later ones (ms). */
function steps(lines: LogLine[]): string {
  const names = Object.keys(lines[0]!.ms as object).filter((k) => k !== 'total');
  const parts = ['queued', ...names].map((k) => {
    const later = medianAndRange(lines.slice(1).map((l) => stepMs(l, k)))!;
    return `${k} ${stepMs(lines[0]!, k)}/${later.median}`;
  });
  return `  steps, first/later median ms: ${parts.join(', ')}`;
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

try {
  const t0 = performance.now();
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { cwd: repoRoot });
  const buildMs = performance.now() - t0;
  if (build.status !== 0) throw new Error(`build failed: ${String(build.stderr)}`);

  const t1 = performance.now();
  const log = new ServerLog(['avatar made', 'work rendered']);
  const server = await startLikeness(
    { LIKENESS_DEMO_ACCOUNT: 'on', LIKENESS_LOG_LEVEL: 'info' },
    // BENCH_SERVER_DIR: another build's server/ folder, to compare two versions in the same hour.
    { onLine: log.onLine, serverDir: process.env.BENCH_SERVER_DIR },
  );
  const listenMs = performance.now() - t1;
  cleanup.add('server', async () => {
    await stopProcess(server.child);
    await rm(server.dataDir, { recursive: true, force: true });
  });
  const token = (await readFile(join(server.dataDir, 'demo-token.txt'), 'utf8')).trim();
  const { call, upload, wait } = svcClient(server.url, token);
  const voices = await call('GET', '/voice/list?kind=2');
  const voice = String((voices.data as { voice: string }[])[0]!.voice);
  const photo = await readFile(PHOTO);

  const avatarMs: number[] = [];
  const videoMs: number[] = [];
  const avatarLines: LogLine[] = [];
  const videoLines: LogLine[] = [];
  const lineOf = async (msg: string, taskId: unknown) => {
    const line = await log.waitFor((l) => l.msg === msg && l.taskId === taskId, 10_000);
    if (!line) throw new Error(`the server wrote no '${msg}' line for task ${String(taskId)}`);
    return line;
  };
  for (let run = 1; run <= RUNS; run++) {
    const a0 = performance.now();
    const made = await call('POST', '/avatar/create_by_image', {
      file_id: await upload('jpg', photo),
      title: `start ${run}`,
    });
    const avatar = String((await wait('/avatar/task', made.task_id, { everyMs: 100 })).avatar);
    avatarMs.push(performance.now() - a0);
    avatarLines.push(await lineOf('avatar made', made.task_id));

    const v0 = performance.now();
    const video = await call('POST', '/video/create_by_tts', { avatar, voice, text: TEXT });
    await wait('/video/task', video.task_id, { everyMs: 100 });
    videoMs.push(performance.now() - v0);
    videoLines.push(await lineOf('work rendered', video.task_id));
    console.log(`run ${run}: avatar ${seconds(avatarMs.at(-1)!)}, video ${seconds(videoMs.at(-1)!)}`);
  }

  const later = (xs: number[]) => medianAndRange(xs.slice(1))!;
  const row = (what: string, xs: number[]) => {
    const l = later(xs);
    return `${what}: first ${seconds(xs[0]!)}, tenth ${seconds(xs.at(-1)!)}, later median ${seconds(l.median)} (${seconds(l.low)}–${seconds(l.high)}); first/later ${(xs[0]! / l.median).toFixed(2)}`;
  };
  console.log(
    [
      '',
      `npm start's build step on a built tree: ${seconds(buildMs)}`,
      `fresh install, spawn to answering HTTP: ${seconds(listenMs)}`,
      row('avatar from the README photo (submission to status 3)', avatarMs),
      row('  server (queued + steps)', avatarLines.map(serverMs)),
      steps(avatarLines),
      row(`video from text, "${TEXT}" (submission to status 3)`, videoMs),
      row('  server (queued + steps)', videoLines.map(serverMs)),
      steps(videoLines),
    ].join('\n'),
  );
} finally {
  await cleanup.unwind(0);
}
