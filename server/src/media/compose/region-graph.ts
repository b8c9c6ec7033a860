import { formatNumber } from '../ffmpeg/filter-escape.js';
import { rawFramesInput } from '../ffmpeg/raw-frames-args.js';
import type { FfmpegInput } from '../ffmpeg/talking-video-args.js';
import { videoFit, type Size } from './avatar-filters.js';
import { concatPlaylist, passSelect } from './concat-loop.js';
import { regionFrameCount, regionPasses, revisitsMaterial, type RegionLoop } from './region-loop.js';
import type { Box } from './types.js';

/**
 * Pure filter graphs of the region-only pipeline. The final encode decodes the avatar itself,
 * plays and cross-fades its passes, and overlays the animated mouth region, which the renderer
 * pipes in; a second, small decode gives the renderer that region of the same frames.
 *
 * Every input is decoded from the loop's start (`-ss start`) and trimmed by frame number, so all
 * passes (and the seam's tail and head) share one frame grid and the region decoder's frames equal
 * the encoder's pixel for pixel: a seek of its own would put the tail on another grid whenever the
 * clip's rate is not a multiple of the output's. There is no `split` on the picture's main path: a
 * frame shared between two branches would be copied whole by the overlay (a held loop's frames are
 * shared with the loop anyway, and copied: heldLoop).
 *
 * How the passes are decoded, cheapest first: held (the material decoded once and replayed from
 * memory), concat (one decoder plays the clip once per pass), or one input per pass.
 */

export interface RegionSource {
  path: string;
  plan: RegionLoop;
  box: Size;
  fps: number;
  /**
   * A loop from the clip's start decoded by one concat input (concat-loop.ts): output frames per
   * entry, where the playlist goes, and where a seamless loop's entries stop being read
   * (seamlessOutpoint). Null or absent: one input per pass.
   */
  concat?: { entryFrames: number; playlistPath: string; outpointSec?: number | null } | null;
  /**
   * The loop's material decoded once and held in the encoder's memory, then replayed for every
   * pass (heldMaterialBytes says how much): no pass after the first decodes anything. Takes
   * precedence over `concat`.
   */
  held?: boolean;
}

/**
 * What a render may hold of its loop's material unless told otherwise (RenderOptions
 * .loopMemoryBytes): a 5 s loop at 1080x1920 (~390 MB) or 10 s at 720x1280 (~350 MB).
 */
export const DEFAULT_LOOP_MEMORY_BYTES = 512 * 1024 * 1024;

/**
 * Bytes the encoder holds for a loop whose material is held (RegionSource.held): the frames
 * replayed at every pass (m, or m−x after a cross-faded first pass) at the box size, in yuv420p.
 */
export function heldMaterialBytes(plan: RegionLoop, box: Size): number {
  return (plan.materialFrames - plan.fadeFrames) * box.width * box.height * 1.5;
}

export interface AvatarGraph {
  /** Inputs of the graph, in order; the graph refers to them from index 0. */
  inputs: FfmpegInput[];
  /** Fragments ending in `[avatar]`, at the box size and the output rate. */
  graph: string;
  /** Files the inputs read, to be written before ffmpeg starts (a concat playlist). */
  files?: { path: string; text: string }[];
}

/**
 * An avatar input from `sec`. Decoders keep their default threads: each input's decoder holds its
 * own frame buffers (measured at 1080x1920: ~40 MB per input, ~30 MB with one thread each), but one
 * thread each leaves ffmpeg's main loop decoding alone while the encoder waits (1.27× a bare encode
 * against 1.13×).
 */
const seek = (sec: number): FfmpegInput['options'] => ['-ss', formatNumber(sec)];

/** The fitted material from input `i`: frames [from, from + frames), restarting at time 0. */
function material(i: number, s: RegionSource, from: number, frames: number): string {
  const range = from > 0 ? `start_frame=${from}:end_frame=${from + frames}` : `end_frame=${frames}`;
  return `[${i}:v]${videoFit(s.box, s.fps)},trim=${range},setpts=PTS-STARTPTS,format=yuv420p`;
}

/**
 * The avatar for the final encode: passes and seams, and (with `region`) the animated region read
 * as raw frames from stdin (input 0) and laid over the frame at the region's place.
 *
 * Each pass plays on through its own tail (the first [0, m), later ones [x, m)), so the tail is
 * decoded in sequence with the pass and never by a decoder of its own (which, single-threaded in
 * ffmpeg's main loop, would stall the encoder while it caught up). The head's x frames, faded in
 * once, are repeated at every seam's place and overlaid there (`enable` on the seam's frames).
 */
export function regionAvatarGraph(s: RegionSource, region: Box | null): AvatarGraph {
  const { plan } = s;
  const x = plan.fadeFrames;
  const inputs: FfmpegInput[] = [];
  const parts: string[] = [];
  if (region) inputs.push(rawFramesInput(region.width, region.height, s.fps));
  const start = plan.loop.startSec;
  const passes = regionPasses(plan);
  let files: AvatarGraph['files'];
  let cur: string;
  if (s.held && revisitsMaterial(plan)) {
    cur = heldLoop(inputs.push({ path: s.path, options: seek(start) }) - 1, s, passes.length, parts);
  } else if (s.concat && revisitsMaterial(plan)) {
    // One decoder plays the clip once per pass; `setpts=N` numbers the kept frames on the output's
    // time base (1/fps after `fps`) exactly, where N/fps/TB would be truncated a tick short.
    const { entryFrames, playlistPath } = s.concat;
    const i = inputs.push({ path: playlistPath, options: ['-f', 'concat', '-safe', '0'] }) - 1;
    const playlist = concatPlaylist(s.path, passes.length, entryFrames, s.fps, s.concat.outpointSec ?? null);
    files = [{ path: playlistPath, text: playlist }];
    // The last entry plays on past the render's end: cut there, as the last pass input is.
    cur =
      `[${i}:v]${videoFit(s.box, s.fps)},${passSelect(plan, entryFrames)},setpts=N,` +
      `trim=end_frame=${regionFrameCount(plan)},format=yuv420p`;
  } else {
    const labels = passes.map((p, n) => {
      const i = inputs.push({ path: s.path, options: seek(start) }) - 1;
      parts.push(`${material(i, s, p.from, p.frames)}[p${n}]`);
      return `[p${n}]`;
    });
    cur = labels.length > 1 ? `${labels.join('')}concat=n=${labels.length}:v=1:a=0` : `${labels[0]}null`;
  }
  const seams = plan.segments.filter((g) => g.kind === 'seam').length;
  if (seams > 0) {
    // Seams recur every m−x frames, from frame m−x on.
    const period = plan.materialFrames - x;
    const head = inputs.push({ path: s.path, options: seek(start) }) - 1;
    const at = `(${period}+floor(N/${x})*${period}+mod(N,${x}))/(${formatNumber(s.fps)}*TB)`;
    parts.push(
      `${material(head, s, 0, x)},format=yuva420p,fade=in:0:${x}:alpha=1,` +
        `loop=loop=${seams - 1}:size=${x}:start=0,setpts='${at}'[heads]`,
    );
    parts.push(`${cur}[passes]`);
    // The frame's number from its time: `n` is not the main input's frame count in ffmpeg 4's
    // overlay (measured: it stays below the first seam's frame).
    const f = `round(t*${formatNumber(s.fps)})`;
    const onSeams = `gte(${f},${period})*lt(mod(${f},${period}),${x})`;
    cur = `[passes][heads]overlay=format=yuv420:eof_action=pass:enable='${onSeams}'`;
  }
  if (region) {
    parts.push(`${cur}[looped]`);
    parts.push(`[looped][0:v]overlay=x=${region.x}:y=${region.y}:eof_action=pass,setsar=1[avatar]`);
  } else {
    parts.push(`${cur},setsar=1[avatar]`);
  }
  return { inputs, graph: parts.join(';'), ...(files ? { files } : {}) };
}

/**
 * The passes from one decode of the material held in memory: `loop` keeps the frames it replays
 * and plays them `passes − 1` more times. It always loops from its first frame: where a loop
 * starting later begins differs between ffmpeg versions (4.x keeps one frame before `start`). So
 * a cross-faded loop's first x frames, played once, are split off and its rest [x, m) is looped.
 * The held frames are shared with the loop, so the region's overlay copies each one it draws on
 * (~0.3 ms at 1080x1920, where a decode costs ~3 ms).
 */
function heldLoop(i: number, s: RegionSource, passes: number, parts: string[]): string {
  const { plan } = s;
  const m = plan.materialFrames;
  const x = plan.fadeFrames;
  const loop = `loop=loop=${passes - 1}:size=${m - x}:start=0`;
  // The frames numbered on the output's time base (1/fps after `fps`; `concat` leaves its own).
  const renumber = `setpts=N,trim=end_frame=${regionFrameCount(plan)}`;
  if (x === 0) return `${material(i, s, 0, m)},${loop},${renumber}`;
  parts.push(`${material(i, s, 0, m)},split[held0][held1]`);
  parts.push(`[held0]trim=end_frame=${x}[first]`);
  parts.push(`[held1]trim=start_frame=${x},setpts=PTS-STARTPTS,${loop}[rest]`);
  return `[first][rest]concat=n=2:v=1:a=0,settb=1/${formatNumber(s.fps)},${renumber}`;
}

/**
 * What decides the region decoder's pixels, its length and crop aside (a kept region source's name
 * comes from it, region-cache.ts): where it starts and how it fits the clip to the box.
 */
export function regionDecoding(s: RegionSource): string {
  return `ss=${formatNumber(s.plan.loop.startSec)};${videoFit(s.box, s.fps)};format=yuv420p`;
}

/**
 * The region decoder's graph: the material once (m frames; the whole render when played once), cut
 * to `region`, as the renderer's source.
 */
export function regionCropGraph(
  s: RegionSource,
  region: Box,
): { inputs: FfmpegInput[]; graph: string; frames: number } {
  const { plan } = s;
  const frames = revisitsMaterial(plan) ? plan.materialFrames : regionFrameCount(plan);
  const crop = `crop=${region.width}:${region.height}:${region.x}:${region.y}`;
  return {
    inputs: [{ path: s.path, options: seek(plan.loop.startSec) }],
    graph: `${material(0, s, 0, frames)},${crop}[region]`,
    frames,
  };
}
