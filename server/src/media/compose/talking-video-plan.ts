import { DEFAULT_VIDEO_ENCODER, type VideoEncoderSettings } from '../ffmpeg/encode-args.js';
import { formatNumber } from '../ffmpeg/filter-escape.js';
import type { FfmpegInput, TalkingVideoArgsSpec } from '../ffmpeg/talking-video-args.js';
import { aigcComment } from './aigc.js';
import { imageMotionFilter, loopedVideoFilter, videoFit, type VideoLoopPlan } from './avatar-filters.js';
import { composeGraph } from './video-filters.js';
import type { AigcLabel, Box, Corner, ImageMotion, TemplateLayout, VideoOutput } from './types.js';

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
  | { kind: 'image'; path: string; motion: ImageMotion }
  | { kind: 'video'; path: string; loop: VideoLoopPlan; unitPath: string | null };

export interface FinalPassFacts {
  output: VideoOutput;
  durationSec: number;
  avatar: PlannedAvatar;
  layout: TemplateLayout | null;
  posterPath: string | null;
  audioPath: string;
  subtitles: { assPath: string; fontsDir: string } | null;
  aigc: (AigcLabel & { fontFile: string }) | null;
}

export function encoderSettings(output: VideoOutput): VideoEncoderSettings {
  return {
    preset: output.preset ?? DEFAULT_VIDEO_ENCODER.preset,
    crf: output.crf ?? DEFAULT_VIDEO_ENCODER.crf,
  };
}

/** Inputs (in order: avatar source(s), background, poster, soundtrack), graph and encoder args. */
export function planFinalPass(f: FinalPassFacts): TalkingVideoArgsSpec {
  const { width, height } = evenSize(f.output.width, f.output.height);
  const fps = f.output.fps;
  const box = f.layout ? layoutBox(f.layout, width, height) : { x: 0, y: 0, width, height };
  const size = { width: box.width, height: box.height };
  const inputs: FfmpegInput[] = [];
  let avatarGraph: string;
  if (f.avatar.kind === 'image') {
    inputs.push({ path: f.avatar.path, options: [] });
    avatarGraph = `[0:v]${imageMotionFilter(f.avatar.motion, size, fps)}[avatar]`;
  } else {
    const loop = f.avatar.loop;
    const start = formatNumber(loop.startSec);
    if (loop.mode === 'once') {
      inputs.push({ path: f.avatar.path, options: ['-ss', start] });
      avatarGraph = `[0:v]${videoFit(size, fps)}[avatar]`;
    } else {
      if (!f.avatar.unitPath) throw new Error('a looping avatar needs its loop unit');
      if (loop.mode === 'crossfade') {
        inputs.push({
          path: f.avatar.path,
          options: ['-ss', start, '-t', formatNumber(loop.crossfadeSec + 1 / fps)],
        });
      }
      inputs.push({ path: f.avatar.unitPath, options: ['-stream_loop', '-1'] });
      const unit = inputs.length - 1;
      avatarGraph = loopedVideoFilter(loop, { source: 0, unit }, size, fps, 'avatar');
    }
  }
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
  const composed = composeGraph({
    canvas: { width, height, fps },
    avatarGraph,
    layout: f.layout ? { backgroundInput, avatarBox: box } : null,
    subtitles: f.subtitles,
    poster: f.posterPath ? { input: posterInput } : null,
    aigc: f.aigc ? { text: f.aigc.text, fontFile: f.aigc.fontFile, corner } : null,
  });
  return {
    inputs,
    filterGraph: composed.graph,
    videoLabel: composed.videoLabel,
    audioInput,
    coverLabel: composed.coverLabel,
    durationSec: f.durationSec,
    fps,
    encoder: encoderSettings(f.output),
    tags: f.aigc ? { comment: aigcComment(f.aigc.produceId) } : {},
    output: f.output.path,
  };
}
