// bench/render: a 60-second talking video from a video avatar, at 720x1280 and 1080x1920, 25 fps.
// Baseline, measured in the same run: a bare ffmpeg encode of the same source frames (the avatar
// clip looped to 60 s and scaled to the output) with the same x264 and AAC settings and the same
// sound. Reports render time / baseline time, the real-time factor and the peak RSS of the render
// (this process and its ffmpeg children together).
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { resolveMediaBinaries } from '../../server/src/media/binaries.js';
import { renderTalkingVideo } from '../../server/src/media/compose/index.js';
import { aacArgs, DEFAULT_VIDEO_ENCODER, x264Args } from '../../server/src/media/ffmpeg/encode-args.js';
import { createFaceDetector } from '../../server/src/media/face/index.js';
import { trackFaceInVideo } from '../../server/src/media/face/tracker.js';
import { probeMedia } from '../../server/src/media/probe.js';
import { runMediaBinary } from '../../server/src/media/run-ffmpeg.js';

const SECONDS = Number(process.env.BENCH_RENDER_SEC ?? 60);
/** BENCH_RENDER_BASELINE=off skips the baseline (for long memory runs, e.g. BENCH_RENDER_SEC=1800). */
const WITH_BASELINE = process.env.BENCH_RENDER_BASELINE !== 'off';
const CLIP_SEC = 10;
const FPS = 25;
const SIZES = (process.env.BENCH_RENDER_SIZES ?? '720x1280,1080x1920').split(',').map((s) => {
  const [w, h] = s.split('x').map(Number) as [number, number];
  return { width: w, height: h };
});

const bins = resolveMediaBinaries();
const work = await mkdtemp(join(tmpdir(), 'likeness-render-bench-'));
const ff = (args: string[]) => runMediaBinary(bins.ffmpeg, ['-hide_banner', '-v', 'error', '-y', ...args]);

/** Resident memory in MB of this process plus the processes it started (ffmpeg), from /proc. */
async function treeRssMb(): Promise<number> {
  const rssKb = async (pid: string) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0; // exited between listing and reading
    }
  };
  const self = String(process.pid);
  const children = (await readFile(`/proc/${self}/task/${self}/children`, 'utf8').catch(() => ''))
    .split(' ')
    .filter(Boolean);
  const kb = await Promise.all([self, ...children].map(rssKb));
  return kb.reduce((a, b) => a + b, 0) / 1024;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; peakMb: number; value: T }> {
  let peak = await treeRssMb();
  const sampler = setInterval(() => void treeRssMb().then((v) => (peak = Math.max(peak, v))), 250);
  const t0 = performance.now();
  try {
    const value = await fn();
    return { ms: performance.now() - t0, peakMb: peak, value };
  } finally {
    clearInterval(sampler);
  }
}

try {
  // The avatar: a person (a sample portrait) swaying gently in a 9:16 frame, 10 s of H.264.
  const photo = join(work, 'person.png');
  const facePhoto = join(
    new URL('../../node_modules/@vladmandic/face-api/demo/sample1.jpg', import.meta.url).pathname,
  );
  await sharp(facePhoto).extract({ left: 148, top: 0, width: 720, height: 1280 }).png().toFile(photo);
  const clip = join(work, 'avatar.mp4');
  await ff([
    ...['-loop', '1', '-framerate', String(FPS), '-i', photo, '-t', String(CLIP_SEC)],
    ...['-vf', "scale=1080:1920,rotate=a='0.03*sin(2*PI*t/5)':c=black@0,format=yuv420p"],
    ...x264Args({ preset: 'veryfast', crf: 18 }),
    clip,
  ]);
  // The sound: 60 s of voiced syllables with pauses (the mouth is driven from the audio).
  const speech = join(work, 'speech.wav');
  const voice =
    '0.5*pow(0.55+0.45*sin(2*PI*3*t),2)*gt(sin(2*PI*t/7)+0.6,0)*' +
    '(sin(2*PI*150*t)+0.6*sin(2*PI*300*t)+0.4*sin(2*PI*450*t)+0.25*sin(2*PI*900*t))/2.25';
  await ff(['-f', 'lavfi', '-i', `aevalsrc='${voice}':s=22050:d=${SECONDS}`, '-ac', '1', speech]);

  const detector = await createFaceDetector();
  const info = await probeMedia(bins.ffprobe, clip);
  const t0 = performance.now();
  const track = await trackFaceInVideo(detector, bins.ffmpeg, clip, {
    durationSec: info.durationSec,
    width: 1080,
    height: 1920,
  });
  const trackMs = performance.now() - t0;
  await detector.close();
  console.log(
    `face track of the ${CLIP_SEC} s avatar (done once, at avatar creation): ${(trackMs / 1000).toFixed(1)} s, ` +
      `${track.samples.length} samples`,
  );

  const rows: string[] = [];
  for (const size of SIZES) {
    const label = `${size.width}x${size.height}`;
    const base = join(work, `baseline-${label}.mp4`);
    const baseline = await timed(async () => {
      if (!WITH_BASELINE) return;
      await ff([
        ...['-stream_loop', '-1', '-i', clip, '-i', speech],
        ...['-map', '0:v', '-map', '1:a', '-t', String(SECONDS)],
        ...['-vf', `scale=${size.width}:${size.height},fps=${FPS}`],
        ...x264Args(DEFAULT_VIDEO_ENCODER),
        ...aacArgs(),
        ...['-movflags', '+faststart', base],
      ]);
    });
    const out = join(work, `render-${label}.mp4`);
    const render = await timed(() =>
      renderTalkingVideo(bins, {
        avatar: { kind: 'video', path: clip, startSec: 0, face: track },
        speech: { path: speech },
        output: { path: out, ...size, fps: FPS },
        aigcLabel: { text: 'AI生成' },
      }),
    );
    const probe = await probeMedia(bins.ffprobe, out);
    const ratio = WITH_BASELINE ? (render.ms / baseline.ms).toFixed(2) : 'skipped';
    const baseSec = WITH_BASELINE ? `${(baseline.ms / 1000).toFixed(1)} s` : 'skipped';
    const rtf = SECONDS / (render.ms / 1000);
    rows.push(
      `| ${label} | ${(render.ms / 1000).toFixed(1)} s | ${baseSec} | ` +
        `**${ratio}** | ${rtf.toFixed(2)}× | ${render.peakMb.toFixed(0)} MB |`,
    );
    console.log(
      `${label}: render ${(render.ms / 1000).toFixed(1)} s (${render.value.animatedFrames} frames animated, ` +
        `duration ${probe.durationSec.toFixed(3)} s), baseline ${baseSec}, ` +
        `ratio ${ratio}, ${rtf.toFixed(2)}× real time, peak RSS ${render.peakMb.toFixed(0)} MB ` +
        `(baseline ${baseline.peakMb.toFixed(0)} MB)`,
    );
  }
  console.log(
    `\n| output (${SECONDS} s, 25 fps) | render | bare ffmpeg encode | ratio | real-time factor | peak RSS |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  await rm(work, { recursive: true, force: true });
}
