import type { SubtitleStyle, TalkingVideoJob, VideoOutput } from './types.js';

/**
 * Draft renders: small, few frames a second, the fastest encoder settings, for when a video only
 * has to show that the work went through (a test token's works). Everything a render sizes in
 * output pixels (a template's canvas, subtitles) shrinks by the same factor.
 */
export const DRAFT = {
  /** The shorter side at most, px. */
  shortSide: 360,
  /** Enough to see the mouth move; each frame is encoder and animation work. */
  fps: 8,
  preset: 'ultrafast',
  /** Visibly soft, and small: nobody mistakes a draft for the real render. */
  crf: 32,
  /** Speech needs no stereo: mono AAC encodes in under half the time. */
  audio: { channels: 1, bitrateK: 64 },
} as const;

// The epsilon keeps 700 × (360 / 700) at 360, not 358.
const even = (v: number) => Math.max(2, Math.floor((v + 1e-6) / 2) * 2);

/** The factor (≤ 1) that brings a frame's shorter side down to DRAFT.shortSide. Pure. */
export function draftScale(size: { width: number; height: number }): number {
  return Math.min(1, DRAFT.shortSide / Math.min(size.width, size.height));
}

/** `size` times `k`, rounded down to even pixels (H.264 4:2:0). Pure. */
export function scaledSize(
  size: { width: number; height: number },
  k: number,
): { width: number; height: number } {
  return k === 1 ? { ...size } : { width: even(size.width * k), height: even(size.height * k) };
}

/** The draft of an output: at most DRAFT.shortSide on its shorter side, DRAFT.fps, the fastest encode. Pure. */
export function draftOutput(output: VideoOutput): VideoOutput {
  return {
    ...output,
    ...scaledSize(output, draftScale(output)),
    fps: Math.min(output.fps, DRAFT.fps),
    preset: DRAFT.preset,
    crf: DRAFT.crf,
    audio: DRAFT.audio,
  };
}

/** Subtitles laid out for a frame `k` times the size. Pure. */
export function scaleSubtitleStyle(style: SubtitleStyle, k: number): SubtitleStyle {
  const r = (v: number) => Math.round(v * k);
  return {
    ...style,
    fontSize: Math.max(8, r(style.fontSize)),
    x: r(style.x),
    y: r(style.y),
    width: Math.max(1, r(style.width)),
    height: Math.max(1, r(style.height)),
  };
}

/**
 * A talking video's job as a draft, marked with `mark`: the draft output (draftOutput); a picture
 * keeps its head and eyes still (its whole frame would otherwise be warped for every frame) while
 * its mouth speaks; the sound is not levelled (a draft's voice is not either: SynthesizeOptions).
 * Beds keep their own targets. Pure.
 */
export function draftJob(job: TalkingVideoJob, mark: string): TalkingVideoJob {
  const { targetLufs: _unlevelled, ...speech } = job.speech;
  const { mixLufs: _unmixed, ...rest } = job;
  return {
    ...rest,
    avatar: job.avatar.kind === 'image' ? { ...job.avatar, motion: 'still' } : job.avatar,
    speech,
    output: draftOutput(job.output),
    draftMark: mark,
  };
}
