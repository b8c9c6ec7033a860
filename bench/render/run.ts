// bench/render: a 60-second talking video from a video avatar, at 720x1280 and 1080x1920, 25 fps.
// Baseline, measured in the same run: a bare ffmpeg encode of the same source frames (the avatar
// clip looped to 60 s and scaled to the output) with the same x264 and AAC settings and the same
// sound. As the service does when it makes an avatar, the region around the mouth is kept (region
// cache) before the renders; its time is reported apart. Reports render time / baseline time (for
// the avatar's first render at a size and the median of the later ones), the real-time factor and
// the peak RSS of the render (this process and its ffmpeg children together), and (diagnostic) the
// ratio against a second baseline that decodes the clip's loop once and replays it from memory, as
// the render does when the loop fits in its memory (LIKENESS_LOOP_MEMORY_MB). Then the last render's
// picture and the last baseline's are re-encoded in turn with the same settings: how much longer
// the render's takes is the encoder's own extra work on what the render shows, a share of the ratio
// that no pipeline can remove.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveMediaBinaries } from '../../server/src/media/binaries.js';
import { createFaceDetector } from '../../server/src/media/face/index.js';
import { probeMedia } from '../../server/src/media/probe.js';
import { medianAndRange } from '../lib/stats.js';
import { timedWithPeak } from '../lib/tree-rss.js';
import {
  bareEncode,
  CLIP_SEC,
  heldLoopEncode,
  FPS,
  makeAvatarClip,
  makeVoice,
  reencodePicture,
  type ClipKind,
} from './inputs.js';

const SECONDS = Number(process.env.BENCH_RENDER_SEC ?? 60);
/** BENCH_RENDER_BASELINE=off skips the baseline (for long memory runs, e.g. BENCH_RENDER_SEC=1800). */
const WITH_BASELINE = process.env.BENCH_RENDER_BASELINE !== 'off';
/** Baseline/render pairs per size (BENCH_RENDER_RUNS; default 4): the first render, then the later ones. */
const RUNS = Math.max(1, Number(process.env.BENCH_RENDER_RUNS ?? 4));
/**
 * Re-encode pairs per size (BENCH_RENDER_CONTENT_PAIRS; default 2, 0 skips): the last render's
 * picture and the last baseline's, re-encoded in turn with the same settings (reencodePicture).
 */
const CONTENT_PAIRS = WITH_BASELINE ? Math.max(0, Number(process.env.BENCH_RENDER_CONTENT_PAIRS ?? 2)) : 0;
/**
 * BENCH_RENDER_HELD_BASELINE=off skips the second baseline of each run: the clip's loop decoded
 * once and replayed from memory (heldLoopEncode), as the render holds it when it fits.
 */
const WITH_HELD_BASELINE = WITH_BASELINE && process.env.BENCH_RENDER_HELD_BASELINE !== 'off';
/** BENCH_RENDER_CLIP: `loops` (default; seamless cut) or `drifts` (cross-faded seams): inputs.ts. */
const CLIP_KIND: ClipKind = process.env.BENCH_RENDER_CLIP === 'drifts' ? 'drifts' : 'loops';
const SIZES = (process.env.BENCH_RENDER_SIZES ?? '720x1280,1080x1920').split(',').map((s) => {
  const [w, h] = s.split('x').map(Number) as [number, number];
  return { width: w, height: h };
});

const bins = resolveMediaBinaries();
// The render runs from the compiled build (`npm run bench:render` builds first), as the service runs
// it: from the sources, its worker thread would compile every module through tsx at each render.
const compiled = new URL('../../server/dist/media/compose/index.js', import.meta.url).href;
const { findLoopCut, keepAvatarRegion, renderTalkingVideo, warmRenderThread } = (await import(
  compiled
)) as typeof import('../../server/src/media/compose/index.js');
const work = await mkdtemp(join(tmpdir(), 'likeness-render-bench-'));

try {
  const clip = await makeAvatarClip(bins, work, { width: 1080, height: 1920 }, false, CLIP_KIND);
  const speech = await makeVoice(bins, work, SECONDS);

  const detector = await createFaceDetector();
  const info = await probeMedia(bins.ffprobe, clip);
  const t0 = performance.now();
  const track = await detector.trackVideo(bins.ffmpeg, clip, {
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
  // Also at avatar creation: where the clip comes back to its start, if it does.
  const c0 = performance.now();
  const cut = await findLoopCut(bins, { path: clip, durationSec: info.durationSec }, FPS);
  console.log(
    `${CLIP_KIND} clip: seamless loop cut ${cut === null ? 'none (cross-faded seams)' : `after ${cut} frames`}, ` +
      `looked for in ${((performance.now() - c0) / 1000).toFixed(1)} s (at avatar creation)`,
  );

  const rows: string[] = [];
  for (const size of SIZES) {
    const label = `${size.width}x${size.height}`;
    const base = join(work, `baseline-${label}.mp4`);
    const out = join(work, `render-${label}.mp4`);
    // Baseline and render alternate RUNS times: this machine's speed drifts by 10-20% from minute to
    // minute, so one pair says little; the median ratio of the pairs is reported with its range.
    const ratios: number[] = [];
    const heldRatios: number[] = [];
    let firstRatio: number | null = null;
    const regionCache = { dir: join(work, 'region-cache'), maxBytes: 2 * 1024 ** 3 };
    // As the service does when it makes the avatar: keep the region's source ahead of the renders.
    const k0 = performance.now();
    const kept = await keepAvatarRegion(
      bins,
      { avatar: { path: clip, startSec: 0, face: track }, output: { ...size, fps: FPS } },
      { cache: regionCache },
    );
    console.log(
      `${label}: region ${kept ? `${kept.region.width}x${kept.region.height}, ${kept.frames} frames` : 'none'} ` +
        `kept at avatar creation in ${((performance.now() - k0) / 1000).toFixed(1)} s`,
    );
    for (let run = 1; run <= RUNS; run++) {
      const baseline = await timedWithPeak(async () => {
        if (!WITH_BASELINE) return;
        await bareEncode(bins, clip, speech, SECONDS, size, base);
      });
      const held = await timedWithPeak(async () => {
        if (!WITH_HELD_BASELINE) return;
        const frames = cut ?? CLIP_SEC * FPS;
        await heldLoopEncode(bins, clip, speech, SECONDS, size, frames, join(work, `held-${label}.mp4`));
      });
      // The service renders on a thread it booted ahead of need (after its last render, or while a
      // task's inputs arrive), which warms up while it waits (~0.6-0.8 s here); so does the bench,
      // before its timer starts.
      warmRenderThread();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const render = await timedWithPeak(() =>
        renderTalkingVideo(
          bins,
          {
            avatar: {
              kind: 'video',
              path: clip,
              startSec: 0,
              face: track,
              seamlessCut: cut === null ? null : { frames: cut, fps: FPS },
            },
            speech: { path: speech },
            output: { path: out, ...size, fps: FPS },
            aigcLabel: { text: 'AI生成' },
          },
          { regionCache },
        ),
      );
      const probe = await probeMedia(bins.ffprobe, out);
      const ratio = render.ms / baseline.ms;
      if (WITH_BASELINE && run === 1) firstRatio = ratio;
      else if (WITH_BASELINE) ratios.push(ratio);
      if (WITH_HELD_BASELINE && run > 1) heldRatios.push(render.ms / held.ms);
      const heldNote = WITH_HELD_BASELINE
        ? `; held-loop encode ${(held.ms / 1000).toFixed(1)} s (ratio ${(render.ms / held.ms).toFixed(2)}, peak RSS ${held.peakMb.toFixed(0)} MB)`
        : '';
      const baseSec = WITH_BASELINE ? `${(baseline.ms / 1000).toFixed(1)} s` : 'skipped';
      console.log(
        `${label} run ${run}: render ${(render.ms / 1000).toFixed(1)} s (${render.value.pipeline} pipeline, ` +
          `${render.value.loopMode} loop${render.value.loopDecoding ? ` ${render.value.loopDecoding}` : ''}` +
          `${render.value.region ? `, region ${render.value.region.width}x${render.value.region.height} ${render.value.regionSource}` : ''}, ` +
          `${render.value.animatedFrames} frames animated, ` +
          `duration ${probe.durationSec.toFixed(3)} s), baseline ${baseSec}, ` +
          `ratio ${WITH_BASELINE ? ratio.toFixed(2) : 'skipped'}, ${(SECONDS / (render.ms / 1000)).toFixed(2)}× real time, ` +
          `peak RSS ${render.peakMb.toFixed(0)} MB (first quarter ${render.firstQuarterMb.toFixed(0)} MB, ` +
          `last quarter ${render.lastQuarterMb.toFixed(0)} MB; baseline ${baseline.peakMb.toFixed(0)} MB)${heldNote}`,
      );
      if (run === RUNS) {
        const m = medianAndRange(ratios);
        const range = m ? `${m.low.toFixed(2)}–${m.high.toFixed(2)}` : '';
        const h = medianAndRange(heldRatios);
        const heldCell = h ? `${h.median.toFixed(2)} (${h.low.toFixed(2)}–${h.high.toFixed(2)})` : 'skipped';
        rows.push(
          `| ${label} | ${(render.ms / 1000).toFixed(1)} s | ${baseSec} | ${firstRatio?.toFixed(2) ?? 'skipped'} | ` +
            `**${m?.median.toFixed(2) ?? 'skipped'}** (${range}) | ${heldCell} | ${(SECONDS / (render.ms / 1000)).toFixed(2)}× | ${render.peakMb.toFixed(0)} MB |`,
        );
      }
    }
    if (CONTENT_PAIRS > 0) console.log(await contentCost(label, base, out));
  }
  console.log(
    `\n| output (${SECONDS} s, 25 fps) | render (last run) | bare ffmpeg encode (last run) | first render's ratio | later renders' median ratio (range) | against the held-loop encode | real-time factor | peak RSS |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** How much longer the render's picture takes to encode than the baseline's (reencodePicture). */
async function contentCost(label: string, baseline: string, render: string): Promise<string> {
  const ratios: number[] = [];
  for (let k = 0; k < CONTENT_PAIRS; k++) {
    const t0 = performance.now();
    await reencodePicture(bins, baseline, join(work, 'reencoded-baseline.mp4'));
    const t1 = performance.now();
    await reencodePicture(bins, render, join(work, 'reencoded-render.mp4'));
    ratios.push((performance.now() - t1) / (t1 - t0));
  }
  const m = medianAndRange(ratios)!; // CONTENT_PAIRS > 0
  return (
    `${label}: re-encoding the render's picture took ${m.median.toFixed(3)}× the baseline's ` +
    `(${m.low.toFixed(3)}–${m.high.toFixed(3)}, ${CONTENT_PAIRS} pairs, same x264 settings): ` +
    `the encoder's own extra work on what the render shows, part of the ratio above`
  );
}
