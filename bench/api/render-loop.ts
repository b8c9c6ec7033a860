// bench/api/render-loop: how much a render holds this process's event loop. The same talking video
// (a tracked 720x1280 video avatar) is rendered twice in this process, first in the calling thread
// (renderTalkingVideoInThread, how renders ran before they had a worker of their own), then through
// renderTalkingVideo (its own worker thread), while `monitorEventLoopDelay` and a 1 ms timer watch
// the loop. Reports the delay's p50/p99/max, the longest timer stall, and the CPU time the main
// thread spent (from /proc, so it does not depend on other load on the machine). No HTTP: this
// isolates the render's own share of the API latency measured by bench/api/run.ts.
//   BENCH_RENDER_SEC (default 30) seconds of speech, BENCH_RENDER_SIZE (default 720x1280).
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { resolveMediaBinaries } from '../../server/src/media/binaries.js';
import { renderTalkingVideo, type TalkingVideoJob } from '../../server/src/media/compose/index.js';
import { renderTalkingVideoInThread } from '../../server/src/media/compose/render-video.js';
import { createFaceDetector } from '../../server/src/media/face/index.js';
import { makeFaceClip, makeVoicedSpeech } from './media.js';

const SECONDS = Number(process.env.BENCH_RENDER_SEC ?? 30);
const [W, H] = (process.env.BENCH_RENDER_SIZE ?? '720x1280').split('x').map(Number) as [number, number];

/** CPU time of this process's main thread in ms (Linux; 0 elsewhere). */
async function mainThreadCpuMs(): Promise<number> {
  const s = await readFile(`/proc/self/task/${process.pid}/schedstat`, 'utf8').catch(() => '0');
  return Number(s.split(' ')[0]) / 1e6;
}

async function watched(label: string, render: () => Promise<unknown>): Promise<void> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let stall = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 1);
  const cpu0 = await mainThreadCpuMs();
  histogram.enable();
  const t0 = performance.now();
  await render();
  const ms = performance.now() - t0;
  histogram.disable();
  clearInterval(timer);
  const cpu = (await mainThreadCpuMs()) - cpu0;
  const pct = (p: number) => (histogram.percentile(p) / 1e6).toFixed(1);
  console.log(
    `  ${label.padEnd(14)} ${(ms / 1000).toFixed(1)} s; loop delay p50 ${pct(50)} ms, p99 ${pct(99)} ms, ` +
      `max ${(histogram.max / 1e6).toFixed(1)} ms; longest timer stall ${stall.toFixed(1)} ms; ` +
      `main thread CPU ${(cpu / 1000).toFixed(2)} s (${loadavg()[0]!.toFixed(2)} load average)`,
  );
}

const bins = resolveMediaBinaries();
const work = await mkdtemp(join(tmpdir(), 'likeness-render-loop-'));
try {
  const clip = await makeFaceClip(bins, join(work, 'avatar.mp4'), 10, { width: W, height: H });
  const speech = await makeVoicedSpeech(bins, join(work, 'speech.wav'), SECONDS);
  const detector = await createFaceDetector();
  const track = await detector.trackVideo(bins.ffmpeg, clip, { durationSec: 10, width: W, height: H });
  await detector.close();
  const job = (out: string): TalkingVideoJob => ({
    avatar: { kind: 'video', path: clip, startSec: 0, face: track },
    speech: { path: speech },
    output: { path: join(work, out), width: W, height: H, fps: 25 },
    aigcLabel: { text: 'AI生成' },
  });
  console.log(`render-loop  ${SECONDS} s of talking video at ${W}x${H}`);
  await watched('main thread', () => renderTalkingVideoInThread(bins, job('a.mp4')));
  await watched('worker thread', () => renderTalkingVideo(bins, job('b.mp4')));
} finally {
  await rm(work, { recursive: true, force: true });
}
