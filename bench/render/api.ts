// bench/render/api.ts: a 60-second talking video through the public API, as a user times it, at
// 720x1280 and 1080x1920, with the defaults `npm start` runs (the catalogue's previews and demos
// included). Per size, a fresh install (a new data dir; see lib/fresh.ts) is started and, in its
// first minute, a video avatar is made from an uploaded clip and speaks one video: "fresh, first
// video of a new avatar". Then the service settles (the bench waits up to BENCH_SETTLE_SEC for its
// 'catalogue ready' line), a second avatar is made from the same clip and speaks its first video
// ("settled, first video of a new avatar") and BENCH_RENDER_RUNS-1 more ("settled, later").
// Each video is timed two ways from the same submission instant (Date.now(), this machine):
//   as the client saw it  until the poll that saw status 3 answered; the client polls
//                         GET /video/task every BENCH_POLL_MS (default 1000, as real clients do),
//                         so this includes up to that much poll latency;
//   server finished after until the server's 'work rendered' log line (its pino `time`), which
//                         also gives the step split (queued, picture, sound, face track, frames…).
// Baseline: a bare ffmpeg decode + encode of the same clip looped to the same length with the same
// sound and x264/AAC settings, run before and after each render (the mean of the two). The fresh
// video's neighbours are the encode before the server started and the one after it settled: no
// bare encode runs while the service does its own start-up work, so that work counts against it.
// Also reports the peak memory of the server's process tree during each render.
//   BENCH_RENDER_SEC (default 60), BENCH_RENDER_SIZES (default 720x1280,1080x1920),
//   BENCH_RENDER_RUNS (default 3: the settled avatar's first video and 2 later ones),
//   BENCH_RENDER_CLIP (default drifts: a clip that does not loop seamlessly, as users' own; or loops),
//   BENCH_RENDER_AVATAR (default clip; photo: a real headshot from the corpus (inputs.ts makeHeadshot) made with
//   create_by_image instead, against a bare encode of the photo with the same sound),
//   BENCH_POLL_MS (default 1000), BENCH_SETTLE_SEC (default 60).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveMediaBinaries } from '../../server/src/media/binaries.js';
import { Cleanup } from '../lib/cleanup.js';
import { startFresh } from '../lib/fresh.js';
import { isCatalogueReady, isRendered, ServerLog } from '../lib/server-log.js';
import { stopProcess } from '../lib/spawn.js';
import { svcClient } from '../lib/svc.js';
import { timedWithPeak } from '../lib/tree-rss.js';
import {
  printTable,
  renderLine,
  stepsLine,
  type Measured,
  type RenderTimes,
  type VideoKind,
} from './api-report.js';
import { bareEncode, makeAvatarClip, makeHeadshot, makeVoice, type ClipKind } from './inputs.js';

const SECONDS = Number(process.env.BENCH_RENDER_SEC ?? 60);
const RUNS = Math.max(1, Number(process.env.BENCH_RENDER_RUNS ?? 3));
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 1000);
const SETTLE_SEC = Number(process.env.BENCH_SETTLE_SEC ?? 60);
const CLIP = (process.env.BENCH_RENDER_CLIP ?? 'drifts') as ClipKind;
if (CLIP !== 'drifts' && CLIP !== 'loops') throw new Error(`BENCH_RENDER_CLIP: drifts or loops, not ${CLIP}`);
const AVATAR = process.env.BENCH_RENDER_AVATAR ?? 'clip';
if (AVATAR !== 'clip' && AVATAR !== 'photo')
  throw new Error(`BENCH_RENDER_AVATAR: clip or photo, not ${AVATAR}`);
const SIZES = (process.env.BENCH_RENDER_SIZES ?? '720x1280,1080x1920').split(',').map((s) => {
  const [w, h] = s.split('x').map(Number) as [number, number];
  return { width: w, height: h };
});

const bins = resolveMediaBinaries();
const cleanup = new Cleanup();
const work = await mkdtemp(join(tmpdir(), 'likeness-render-api-bench-'));
cleanup.add('work dir', () => rm(work, { recursive: true, force: true }));
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One size on its own fresh server: the fresh first video, then the settled ones. */
async function measureSize(size: { width: number; height: number }, speech: string): Promise<Measured[]> {
  const label = `${size.width}x${size.height}`;
  const photo = AVATAR === 'photo';
  const clip = photo ? await makeHeadshot(work, size) : await makeAvatarClip(bins, work, size, true, CLIP);
  const bare = async () => {
    const t0 = performance.now();
    const out = join(work, `bare-${label}.mp4`);
    await bareEncode(bins, clip, speech, SECONDS, size, out, photo ? 'photo' : 'clip');
    return performance.now() - t0;
  };
  const beforeStart = await bare();

  const log = new ServerLog(['catalogue', 'work rendered']);
  const server = await startFresh({ LIKENESS_LOG_LEVEL: 'info' }, { onLine: log.onLine });
  const mark = cleanup.mark();
  cleanup.add(`server for ${label}`, async () => {
    await stopProcess(server.child);
    await rm(server.dataDir, { recursive: true, force: true });
  });
  try {
    const since = () => sec(Date.now() - server.upAt);
    for (const l of log.lines) console.log(`${label}: at start the server logged '${l.msg}'`);
    const { call, upload, wait } = svcClient(server.url, server.token);
    const poll = (path: '/video/task' | '/avatar/task', id: unknown) =>
      wait(path, id, { everyMs: POLL_MS, timeoutMs: 900_000 });
    const speechId = await upload('wav', await readFile(speech));

    /** A new avatar from the clip (uploaded again, as a user making one would). */
    const newAvatar = async (title: string) => {
      const t0 = Date.now();
      const made = await call('POST', photo ? '/avatar/create_by_image' : '/avatar/create_by_video', {
        file_id: await upload(photo ? 'png' : 'mp4', await readFile(clip)),
        title,
      });
      const avatar = String((await poll('/avatar/task', made.task_id)).avatar);
      console.log(`${label}: avatar '${title}' made in ${sec(Date.now() - t0)} (upload and avatar task)`);
      return avatar;
    };
    const render = async (avatar: string): Promise<RenderTimes> => {
      let submittedAt = 0;
      let taskId = '';
      const run = await timedWithPeak(async () => {
        submittedAt = Date.now();
        const task = await call('POST', '/video/create_by_audio', {
          avatar,
          file_id: speechId,
          title: label,
        });
        taskId = String(task.task_id);
        await poll('/video/task', taskId);
        return Date.now();
      }, server.child.pid);
      // The line follows the status write by a few ms.
      const line = await log.waitFor(isRendered(taskId), 10_000);
      return {
        clientMs: run.value - submittedAt,
        serverMs: line ? line.time - submittedAt : NaN,
        peakMb: run.peakMb,
        line,
      };
    };
    const out: Measured[] = [];
    const record = (kind: VideoKind, r: RenderTimes, before: number, after: number) => {
      const m: Measured = { ...r, size: label, kind, bareMs: (before + after) / 2 };
      console.log(renderLine(m, before, after));
      console.log(stepsLine(r));
      out.push(m);
    };

    console.log(`${label}: fresh server answered; its first avatar and video start at once (${since()})`);
    const fresh = await render(await newAvatar('fresh'));
    console.log(`${label}: the fresh video was done ${since()} after the server first answered`);
    const t0 = Date.now();
    const ready = await log.waitFor(isCatalogueReady, SETTLE_SEC * 1000);
    if (!ready) {
      console.log(`${label}: settling: no 'catalogue ready' line within ${SETTLE_SEC} s; going on unsettled`);
    } else if (ready.time <= t0) {
      const at = ready.time - server.upAt;
      const when = at < 0 ? `during start-up, ${sec(-at)} before the first answer` : `${sec(at)} after it`;
      console.log(`${label}: settling: nothing to wait for ('${ready.msg}' was logged ${when})`);
    } else {
      console.log(`${label}: settling: waited ${sec(Date.now() - t0)} for '${ready.msg}'`);
    }
    let before = await bare();
    record('fresh, first video of a new avatar', fresh, beforeStart, before);

    const avatar = await newAvatar('settled');
    for (let run = 1; run <= RUNS; run++) {
      const r = await render(avatar);
      const after = await bare();
      record(run === 1 ? 'settled, first video of a new avatar' : 'settled, later', r, before, after);
      before = after;
    }
    return out;
  } finally {
    await cleanup.unwind(mark);
  }
}

try {
  console.log(
    `bench/render/api: ${SECONDS} s videos, ${AVATAR === 'photo' ? 'a headshot photo' : `a '${CLIP}' clip`}, the client polls every ${POLL_MS} ms; ` +
      `sizes ${SIZES.map((s) => `${s.width}x${s.height}`).join(', ')}`,
  );
  const speech = await makeVoice(bins, work, SECONDS);
  const all: Measured[] = [];
  for (const size of SIZES) all.push(...(await measureSize(size, speech)));
  printTable(all, SECONDS, POLL_MS);
} finally {
  await cleanup.unwind(0);
}
