// bench/render/api.ts: a 60-second talking video through the public API, as a user times it, at
// 720x1280 and 1080x1920: from `POST /video/create_by_audio` until `GET /video/task` answers
// status 3 (queueing, probing, the voice analysis, the render and the upload of the work included).
// The video avatar (a person swaying in a 10 s clip of the output's size) is made through the API
// first (which keeps the region around its mouth in the server's region cache), then speaks in
// BENCH_RENDER_RUNS videos; the first and the later ones are reported apart.
// Baseline, measured in the same run just before and just after each render: a bare ffmpeg decode +
// encode of the same clip looped to 60 s with the same sound and x264/AAC settings (the mean of the
// two). Also reports the peak memory of the server's process tree during the render.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveMediaBinaries } from '../../server/src/media/binaries.js';
import { Cleanup } from '../lib/cleanup.js';
import { cliJson, serverRoot, startLikeness, stopProcess } from '../lib/spawn.js';
import { medianAndRange } from '../lib/stats.js';
import { svcClient } from '../lib/svc.js';
import { timedWithPeak } from '../lib/tree-rss.js';
import { bareEncode, makeAvatarClip, makeVoice } from './inputs.js';

const SECONDS = Number(process.env.BENCH_RENDER_SEC ?? 60);
/** Renders of the avatar per size (BENCH_RENDER_RUNS; default 3): the first, then later ones. */
const RUNS = Math.max(1, Number(process.env.BENCH_RENDER_RUNS ?? 3));
const SIZES = (process.env.BENCH_RENDER_SIZES ?? '720x1280,1080x1920').split(',').map((s) => {
  const [w, h] = s.split('x').map(Number) as [number, number];
  return { width: w, height: h };
});

const bins = resolveMediaBinaries();
const cleanup = new Cleanup();
const work = await mkdtemp(join(tmpdir(), 'likeness-render-api-bench-'));
cleanup.add('work dir', () => rm(work, { recursive: true, force: true }));

try {
  // The server logs each render's steps at info ('work rendered'); the bench reads them to split
  // the API's time into queueing, inputs, speech, face track, frames and upload.
  const renderLogs: Record<string, unknown>[] = [];
  const server = await startLikeness(
    { LIKENESS_CATALOGUE_PRERENDER: 'off', LIKENESS_LOG_LEVEL: 'info' },
    {
      onLine: (line) => {
        if (!line.includes('"work rendered"')) return;
        renderLogs.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  cleanup.add('server', async () => {
    await stopProcess(server.child);
    await rm(server.dataDir, { recursive: true, force: true });
  });
  const account = await cliJson(['accounts', 'create', '--credits', '1000000'], server.env, serverRoot);
  const { call, upload: uploadData, wait: waitTask } = svcClient(server.url, account.token!);
  const upload = async (ext: string, file: string) => uploadData(ext, await readFile(file));
  /** Polls every 50 ms, as a client waiting for its work would (at most 50 ms late). */
  const wait = (path: '/video/task' | '/avatar/task', taskId: unknown) =>
    waitTask(path, taskId, { everyMs: 50, timeoutMs: 900_000 });

  const speech = await makeVoice(bins, work, SECONDS);
  const speechId = await upload('wav', speech);
  const rows: string[] = [];
  for (const size of SIZES) {
    const label = `${size.width}x${size.height}`;
    const clip = await makeAvatarClip(bins, work, size, true);
    const made = await call('POST', '/avatar/create_by_video', {
      file_id: await upload('mp4', clip),
      title: label,
    });
    const avatar = String((await wait('/avatar/task', made.task_id)).avatar);

    const bare = async () => {
      const t0 = performance.now();
      await bareEncode(bins, clip, speech, SECONDS, size, join(work, `bare-${label}.mp4`));
      return performance.now() - t0;
    };
    // RUNS renders of the avatar, each between two bare encodes (shared with its neighbours).
    const ratios: number[] = [];
    let first = { ratio: 0, ms: 0, baseline: 0, peakMb: 0 };
    let before = await bare();
    for (let run = 1; run <= RUNS; run++) {
      const api = await timedWithPeak(async () => {
        const task = await call('POST', '/video/create_by_audio', {
          avatar,
          file_id: speechId,
          title: label,
        });
        return wait('/video/task', task.task_id);
      }, server.child.pid);
      const after = await bare();
      const baseline = (before + after) / 2;
      const ratio = api.ms / baseline;
      const steps = renderLogs.at(-1);
      console.log(
        `${label} run ${run}: submission to completion ${(api.ms / 1000).toFixed(1)} s, bare encode ` +
          `${(before / 1000).toFixed(1)} s before and ${(after / 1000).toFixed(1)} s after, ratio ${ratio.toFixed(2)}, ` +
          `region source ${String(steps?.regionSource)}, loop ${String(steps?.loop)} ${String(steps?.loopDecoding)}, server peak RSS ${api.peakMb.toFixed(0)} MB`,
      );
      if (steps)
        console.log(`  server's steps (ms): queued ${String(steps.queuedMs)}, ${JSON.stringify(steps.ms)}`);
      if (run === 1) first = { ratio, ms: api.ms, baseline, peakMb: api.peakMb };
      else ratios.push(ratio);
      before = after;
    }
    const m = medianAndRange(ratios);
    const later = m ? `**${m.median.toFixed(2)}** (${m.low.toFixed(2)}–${m.high.toFixed(2)})` : '–';
    rows.push(
      `| ${label} | ${(first.ms / 1000).toFixed(1)} s | ${(first.baseline / 1000).toFixed(1)} s | ${first.ratio.toFixed(2)} | ${later} | ${first.peakMb.toFixed(0)} MB |`,
    );
  }
  console.log(
    `\n| output (${SECONDS} s, 25 fps) | first render through the API | bare ffmpeg encode | first render's ratio | later renders' median ratio (range) | server peak RSS |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  await cleanup.unwind(0);
}
