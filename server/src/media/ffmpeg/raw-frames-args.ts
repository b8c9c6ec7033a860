import { formatNumber } from './filter-escape.js';
import { inputArgs, type FfmpegInput } from './talking-video-args.js';

/**
 * Raw yuv420p frames between likeness and ffmpeg: the avatar's decoder writes them to stdout, the
 * renderer animates them, and the final encode reads them from stdin.
 */

/** The `-i` options of a raw frame stream on stdin (the final encode's avatar input). */
export function rawFramesInput(width: number, height: number, fps: number): FfmpegInput {
  return {
    path: 'pipe:0',
    options: [
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      '-video_size',
      `${width}x${height}`,
      '-framerate',
      formatNumber(fps),
    ],
  };
}

/**
 * Decodes exactly `frames` frames of the avatar's picture stream (graph output `[label]`, already at
 * its box size and frame rate) into raw frames on stdout (yuv420p unless `pixFmt` says otherwise).
 * An exact count, so the decoder ends on its own just as the renderer has read the last frame it
 * needs; null: every frame the graph gives.
 */
export function avatarDecodeArgs(spec: {
  inputs: readonly FfmpegInput[];
  filterGraph: string;
  label: string;
  frames: number | null;
  fps: number;
  pixFmt?: 'yuv420p' | 'gray';
}): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    ...inputArgs(spec.inputs),
    '-filter_complex',
    spec.filterGraph,
    '-map',
    `[${spec.label}]`,
    '-an',
    '-sn',
    '-dn',
    ...(spec.frames === null ? [] : ['-frames:v', String(spec.frames)]),
    '-r',
    formatNumber(spec.fps),
    '-f',
    'rawvideo',
    '-pix_fmt',
    spec.pixFmt ?? 'yuv420p',
    'pipe:1',
  ];
}

/** One picture, fitted by `filter`, as a single raw yuv420p frame on stdout. */
export function stillFrameArgs(imagePath: string, filter: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-i',
    imagePath,
    '-vf',
    filter,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    'pipe:1',
  ];
}
