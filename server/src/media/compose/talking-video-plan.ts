import { DEFAULT_VIDEO_ENCODER, type VideoEncoderSettings } from '../ffmpeg/encode-args.js';
import type { FfmpegInput, TalkingVideoArgsSpec } from '../ffmpeg/talking-video-args.js';
import { aigcComment } from './aigc.js';
import type { VideoLoopPlan } from './avatar-filters.js';
import { rawFramesInput } from '../ffmpeg/raw-frames-args.js';
import type { AvatarGraph } from './region-graph.js';
import { composeGraph } from './video-filters.js';
import type { AigcLabel, Box, Corner, TemplateLayout, VideoOutput } from './types.js';

/** Pure planning of the final encode from facts gathered by render-video.ts. */

const even = (v: number) => Math.max(2, Math.floor(v / 2) * 2);

/** Output size rounded down to even numbers (H.264 4:2:0). */
export function evenSize(w: number, h: number): { width: number; height: number } {
  return { width: even(w), height: even(h) };
}

/**
 * The template's avatar box in output pixels: scaled when the template was drawn for another
 * size, and rounded to even numbers so a 4:2:0 overlay lands on chroma boundaries.
 */
export function layoutBox(layout: TemplateLayout, width: number, height: number): Box {
  const sx = width / layout.width;
  const sy = height / layout.height;
  const b = layout.avatarBox;
  const evenRound = (v: number) => Math.round(v / 2) * 2;
  return {
    x: evenRound(b.x * sx),
    y: evenRound(b.y * sy),
    width: Math.max(2, evenRound(b.width * sx)),
    height: Math.max(2, evenRound(b.height * sy)),
  };
}

export type PlannedAvatar =
  { kind: 'image'; path: string } | { kind: 'video'; path: string; loop: VideoLoopPlan };

export interface FinalPassFacts {
  output: VideoOutput;
  /** The avatar's inputs and graph (ending in `[avatar]`, at the box size); they come first. */
  avatar: AvatarGraph;
  durationSec: number;
  layout: TemplateLayout | null;
  posterPath: string | null;
  audioPath: string;
  /** The soundtrack's chain to apply in the encode (SoundtrackReport.filter). */
  audioFilter?: string | null;
  subtitles: { assPath: string; fontsDir: string } | null;
  aigc: (AigcLabel & { fontFile: string }) | null;
  /** A draft's mark and its font (TalkingVideoJob.draftMark). */
  draftMark?: { text: string; fontFile: string } | null;
  /** A JPEG still of the output at `atSec` (its nearest frame), written by the same run. */
  still?: { path: string; atSec: number } | null;
}

/** The corner across the top or bottom edge from `c`: where a second mark does not cover the first. */
const acrossFrom = (c: Corner): Corner =>
  c.endsWith('left') ? (c.replace('left', 'right') as Corner) : (c.replace('right', 'left') as Corner);

/** Where the avatar's picture sits: the template's box, or the whole frame. */
export function avatarBox(output: VideoOutput, layout: TemplateLayout | null): Box {
  const { width, height } = evenSize(output.width, output.height);
  return layout ? layoutBox(layout, width, height) : { x: 0, y: 0, width, height };
}

export function encoderSettings(output: VideoOutput): VideoEncoderSettings {
  return {
    preset: output.preset ?? DEFAULT_VIDEO_ENCODER.preset,
    crf: output.crf ?? DEFAULT_VIDEO_ENCODER.crf,
  };
}

/**
 * The avatar as whole animated frames on stdin (the full-frame pipeline: likeness decodes, loops
 * and animates every frame).
 */
export function framesOnStdin(box: { width: number; height: number }, fps: number): AvatarGraph {
  return { inputs: [rawFramesInput(box.width, box.height, fps)], graph: '[0:v]setsar=1[avatar]' };
}

/**
 * Inputs (in order: the avatar's, background, poster, soundtrack), graph and encoder args.
 */
export function planFinalPass(f: FinalPassFacts): TalkingVideoArgsSpec {
  const { width, height } = evenSize(f.output.width, f.output.height);
  const fps = f.output.fps;
  const box = avatarBox(f.output, f.layout);
  const inputs: FfmpegInput[] = [...f.avatar.inputs];
  const avatarGraph = f.avatar.graph;
  let backgroundInput = -1;
  if (f.layout) {
    backgroundInput = inputs.length;
    inputs.push({ path: f.layout.backgroundPath, options: [] });
  }
  let posterInput = -1;
  if (f.posterPath) {
    posterInput = inputs.length;
    inputs.push({ path: f.posterPath, options: [] });
  }
  const audioInput = inputs.length;
  inputs.push({ path: f.audioPath, options: [] });

  const corner: Corner = f.aigc?.corner ?? 'top-right';
  // The frame nearest atSec, and never past the last one (the output has ceil(d × fps) frames).
  const lastFrame = Math.max(0, Math.ceil(f.durationSec * fps) - 1);
  const stillFrame = f.still ? Math.min(lastFrame, Math.max(0, Math.round(f.still.atSec * fps))) : 0;
  const composed = composeGraph({
    canvas: { width, height, fps },
    avatarGraph,
    layout: f.layout ? { backgroundInput, avatarBox: box } : null,
    subtitles: f.subtitles,
    poster: f.posterPath ? { input: posterInput } : null,
    aigc: f.aigc ? { text: f.aigc.text, fontFile: f.aigc.fontFile, corner } : null,
    draftMark: f.draftMark ? { ...f.draftMark, corner: acrossFrom(corner) } : null,
    still: f.still ? { frame: stillFrame } : null,
  });
  return {
    inputs,
    filterGraph: composed.graph,
    videoLabel: composed.videoLabel,
    audioInput,
    audioFilter: f.audioFilter ?? null,
    coverLabel: composed.coverLabel,
    durationSec: f.durationSec,
    fps,
    encoder: encoderSettings(f.output),
    ...(f.output.audio ? { audio: f.output.audio } : {}),
    tags: f.aigc ? { comment: aigcComment(f.aigc.produceId) } : {},
    output: f.output.path,
    still: f.still && composed.stillLabel ? { label: composed.stillLabel, path: f.still.path } : null,
  };
}
