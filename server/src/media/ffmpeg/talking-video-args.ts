import {
  aacArgs,
  metadataArgs,
  x264Args,
  type AudioEncoderSettings,
  type VideoEncoderSettings,
} from './encode-args.js';
import { formatNumber } from './filter-escape.js';

/** One `-i` with the input options that precede it. */
export interface FfmpegInput {
  path: string;
  options: readonly string[];
}

export function inputArgs(inputs: readonly FfmpegInput[]): string[] {
  return inputs.flatMap((i) => [...i.options, '-i', i.path]);
}

export interface TalkingVideoArgsSpec {
  inputs: readonly FfmpegInput[];
  filterGraph: string;
  /** Graph output label of the picture, without brackets. */
  videoLabel: string;
  /** Input index of the prepared soundtrack. */
  audioInput: number;
  /** A chain the soundtrack passes through first (a folded gain); none: encoded as it is. */
  audioFilter?: string | null;
  /** Graph output label of the cover picture (attached_pic), if any. */
  coverLabel: string | null;
  durationSec: number;
  fps: number;
  encoder: VideoEncoderSettings;
  /** Default: stereo, 128 kbit/s. */
  audio?: AudioEncoderSettings;
  tags: Record<string, string>;
  output: string;
  /** A second output: one frame of graph label `label` as a JPEG at `path`. */
  still?: { label: string; path: string } | null;
}

/**
 * The final encode. Duration is set with `-t` (the speech duration), never `-shortest` or
 * `-frames:v`: the sources are endless (looped avatar, held background) and `-frames:v` cut the
 * audio short on the npm build. The source files' metadata is dropped so nothing leaks from
 * uploads into works; only our own tags are written. `+faststart` moves the index to the front.
 * A still (the work's poster) comes out of the same run as a second output, instead of a decode of
 * the finished file afterwards.
 */
export function talkingVideoArgs(s: TalkingVideoArgsSpec): string[] {
  const cover = s.coverLabel ? ['-c:v:1', 'mjpeg', '-q:v:1', '3', '-disposition:v:1', 'attached_pic'] : [];
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    ...inputArgs(s.inputs),
    '-filter_complex',
    s.audioFilter ? `${s.filterGraph};[${s.audioInput}:a:0]${s.audioFilter}[aout]` : s.filterGraph,
    '-map',
    `[${s.videoLabel}]`,
    '-map',
    s.audioFilter ? '[aout]' : `${s.audioInput}:a:0`,
    ...(s.coverLabel ? ['-map', `[${s.coverLabel}]`] : []),
    '-t',
    formatNumber(s.durationSec),
    '-r:v:0',
    formatNumber(s.fps),
    ...x264Args(s.encoder),
    ...aacArgs(s.audio),
    ...cover,
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    ...metadataArgs(s.tags),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    s.output,
    ...(s.still
      ? [
          '-map',
          `[${s.still.label}]`,
          '-frames:v',
          '1',
          '-c:v',
          'mjpeg',
          '-q:v',
          '3',
          '-f',
          'image2',
          '-update',
          '1',
          s.still.path,
        ]
      : []),
  ];
}
