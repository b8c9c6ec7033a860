import { formatNumber } from '../ffmpeg/filter-escape.js';
import { rawFramesInput } from '../ffmpeg/raw-frames-args.js';
import type { FfmpegInput } from '../ffmpeg/talking-video-args.js';
import { videoFit, type Size } from './avatar-filters.js';
import type { RegionLoop } from './region-loop.js';
import type { Box } from './types.js';

/**
 * Pure filter graphs of the region-only pipeline. The final encode decodes the avatar itself,
 * plays and cross-fades its passes, and overlays the animated mouth region, which the renderer
 * pipes in; a second, small decode gives the renderer that region of the same frames.
 *
 * Every input is decoded from the loop's start (`-ss start`) and trimmed by frame number, so all
 * passes share one frame grid and the region decoder's frames equal the encoder's pixel for pixel;
 * only the seam's tail is read from a seek of its own (once, in both). There is no `split` on the
 * picture's main path: a frame shared between two branches would be copied whole by the overlay.
 */

export interface RegionSource {
  path: string;
  plan: RegionLoop;
  box: Size;
  fps: number;
}

export interface AvatarGraph {
  /** Inputs of the graph, in order; the graph refers to them from index 0. */
  inputs: FfmpegInput[];
  /** Fragments ending in `[avatar]`, at the box size and the output rate. */
  graph: string;
}

const seek = (sec: number): FfmpegInput['options'] => ['-ss', formatNumber(sec)];

/** The fitted material from input `i`: frames [from, from + frames), restarting at time 0. */
function material(i: number, s: RegionSource, from: number, frames: number): string {
  const range = from > 0 ? `start_frame=${from}:end_frame=${from + frames}` : `end_frame=${frames}`;
  return `[${i}:v]${videoFit(s.box, s.fps)},trim=${range},setpts=PTS-STARTPTS,format=yuv420p`;
}

/** The seam's tail: the last x material frames, from a seek of their own. */
function tailStart(s: RegionSource): number {
  const { materialFrames: m, fadeFrames: x } = s.plan;
  return s.plan.loop.startSec + (m - x) / s.fps;
}

/**
 * The avatar for the final encode: passes, seams and (with `region`) the animated region read as
 * raw frames from stdin (input 0) and laid over the frame at the region's place.
 */
export function regionAvatarGraph(s: RegionSource, region: Box | null): AvatarGraph {
  const { plan } = s;
  const x = plan.fadeFrames;
  const inputs: FfmpegInput[] = [];
  const parts: string[] = [];
  if (region) inputs.push(rawFramesInput(region.width, region.height, s.fps));
  const start = plan.loop.startSec;
  const labels: string[] = [];
  const seams = plan.segments.filter((g) => g.kind === 'seam');
  plan.segments.forEach((g, n) => {
    if (g.kind !== 'body') return;
    const i = inputs.push({ path: s.path, options: seek(start) }) - 1;
    parts.push(`${material(i, s, g.from, g.frames)}[p${n}]`);
  });
  if (seams.length > 0) {
    const tail = inputs.push({ path: s.path, options: seek(tailStart(s)) }) - 1;
    const head = inputs.push({ path: s.path, options: seek(start) }) - 1;
    parts.push(`${material(tail, s, 0, x)}[tail]`);
    parts.push(`${material(head, s, 0, x)},format=yuva420p,fade=in:0:${x}:alpha=1[head]`);
    const outs = seams.map((_, k) => `[seam${k}]`).join('');
    parts.push(`[tail][head]overlay=format=yuv420,split=${seams.length}${outs}`);
  }
  let seam = 0;
  plan.segments.forEach((g, n) => {
    if (g.kind === 'body') {
      labels.push(`[p${n}]`);
      return;
    }
    const k = seam++;
    if (g.frames < x) {
      parts.push(`[seam${k}]trim=end_frame=${g.frames}[seamcut${k}]`);
      labels.push(`[seamcut${k}]`);
    } else labels.push(`[seam${k}]`);
  });
  const joined = labels.length > 1 ? `${labels.join('')}concat=n=${labels.length}:v=1:a=0` : null;
  const body = joined ?? `${labels[0]}null`;
  if (region) {
    parts.push(`${body}[looped]`);
    parts.push(`[looped][0:v]overlay=x=${region.x}:y=${region.y}:eof_action=pass,setsar=1[avatar]`);
  } else {
    parts.push(`${body},setsar=1[avatar]`);
  }
  return { inputs, graph: parts.join(';') };
}

/**
 * The region decoder's graph: the material once (m frames; the whole render when played once),
 * cut to `region`, as the renderer's source. Frames [0, m−x) come from the loop's start, the
 * tail's x frames from the tail's own seek, as in the final encode.
 */
export function regionCropGraph(
  s: RegionSource,
  region: Box,
): { inputs: FfmpegInput[]; graph: string; frames: number } {
  const { plan } = s;
  const { materialFrames: m, fadeFrames: x } = plan;
  const crop = `crop=${region.width}:${region.height}:${region.x}:${region.y}`;
  const start = plan.loop.startSec;
  if (x === 0) {
    const frames = plan.segments.reduce((n, g) => n + g.frames, 0);
    return {
      inputs: [{ path: s.path, options: seek(start) }],
      graph: `${material(0, s, 0, frames)},${crop}[region]`,
      frames,
    };
  }
  return {
    inputs: [
      { path: s.path, options: seek(start) },
      { path: s.path, options: seek(tailStart(s)) },
    ],
    graph:
      `${material(0, s, 0, m - x)}[body];${material(1, s, 0, x)}[tail];` +
      `[body][tail]concat=n=2:v=1:a=0,${crop}[region]`,
    frames: m,
  };
}
