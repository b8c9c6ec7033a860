import { formatNumber } from './filter-escape.js';
import { aacArgs, metadataArgs, x264Args, type VideoEncoderSettings } from './encode-args.js';

/** Final MP3 for audio-only works: stereo 44.1 kHz libmp3lame, cut to the speech duration. */
export function mp3Args(
  input: string,
  output: string,
  opts: { durationSec: number; bitrateK?: number; tags?: Record<string, string> },
): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-vn',
    '-sn',
    '-dn',
    '-t',
    formatNumber(opts.durationSec),
    '-c:a',
    'libmp3lame',
    '-b:a',
    `${opts.bitrateK ?? 128}k`,
    '-ar',
    '44100',
    '-ac',
    '2',
    '-map_metadata',
    '-1',
    ...metadataArgs(opts.tags ?? {}),
    '-id3v2_version',
    '3',
    '-f',
    'mp3',
    output,
  ];
}

/**
 * One frame as PNG. `-ss` before `-i` seeks accurately (decodes from the previous keyframe);
 * `0:V:0` is the first real video stream, never an attached cover picture.
 */
export function extractFrameArgs(video: string, atSec: number, outPng: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    formatNumber(Math.max(0, atSec)),
    '-i',
    video,
    '-map',
    '0:V:0',
    '-frames:v',
    '1',
    '-update',
    '1',
    '-f',
    'image2',
    '-c:v',
    'png',
    outPng,
  ];
}

/** Mixes already prepared float WAV stems with a given graph whose output label is `[mix]`. */
export function audioMixArgs(inputs: readonly string[], graph: string, output: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    ...inputs.flatMap((p) => ['-i', p]),
    '-filter_complex',
    graph,
    '-map',
    '[mix]',
    '-ar',
    '48000',
    '-c:a',
    'pcm_f32le',
    '-f',
    'wav',
    output,
  ];
}

/** How a stretch of an avatar's clip is kept: near-transparent, since every render decodes it again. */
export const CLIP_STRETCH_ENCODER: VideoEncoderSettings = { preset: 'veryfast', crf: 17 };

/**
 * A stretch of a video as a new MP4: `-ss` before `-i` seeks accurately, and re-encoding starts the
 * copy on exactly the first frame of the stretch (a stream copy could only start on a keyframe).
 * The picture is turned upright (display matrix applied) and padded by a pixel to even sides where
 * needed (H.264 4:2:0), so the face's coordinates stay as tracked; the sound, where there is one,
 * is kept.
 */
export function clipStretchArgs(
  input: string,
  output: string,
  opts: { fromSec: number; durationSec: number; video?: VideoEncoderSettings },
): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    formatNumber(Math.max(0, opts.fromSec)),
    '-i',
    input,
    '-t',
    formatNumber(opts.durationSec),
    '-map',
    '0:V:0',
    '-map',
    '0:a:0?',
    '-vf',
    'pad=ceil(iw/2)*2:ceil(ih/2)*2',
    ...x264Args(opts.video ?? CLIP_STRETCH_ENCODER),
    ...aacArgs(),
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}
