import { formatNumber } from './filter-escape.js';

/** x264 presets accepted by likeness, fastest first. */
export const X264_PRESETS = [
  'ultrafast',
  'superfast',
  'veryfast',
  'faster',
  'fast',
  'medium',
  'slow',
  'slower',
  'veryslow',
] as const;
export type X264Preset = (typeof X264_PRESETS)[number];

export interface VideoEncoderSettings {
  preset: X264Preset;
  /** Constant rate factor, 0 (lossless) to 51. */
  crf: number;
}

export const DEFAULT_VIDEO_ENCODER: VideoEncoderSettings = { preset: 'veryfast', crf: 23 };

/**
 * H.264 for one output stream (default the first video stream). The npm ffmpeg (2018) switches
 * trellis on under `ultrafast`, which makes it about 4x slower than other builds; turning it off
 * restores normal ultrafast behaviour and is a no-op elsewhere.
 */
export function x264Args(s: VideoEncoderSettings, stream = 'v:0'): string[] {
  if (!X264_PRESETS.includes(s.preset)) throw new RangeError(`unknown x264 preset ${String(s.preset)}`);
  if (!(s.crf >= 0 && s.crf <= 51)) throw new RangeError(`crf ${s.crf} is outside 0..51`);
  return [
    `-c:${stream}`,
    'libx264',
    `-preset:${stream}`,
    s.preset,
    `-crf:${stream}`,
    formatNumber(s.crf),
    ...(s.preset === 'ultrafast' ? [`-x264-params:${stream}`, 'trellis=0'] : []),
    `-pix_fmt:${stream}`,
    'yuv420p',
  ];
}

/** How the MP4's sound is encoded: AAC at 48 kHz. */
export interface AudioEncoderSettings {
  channels: 1 | 2;
  bitrateK: number;
}

/** Stereo at 128 kbit/s: what every work is encoded with but drafts. */
export const DEFAULT_AUDIO_ENCODER: AudioEncoderSettings = { channels: 2, bitrateK: 128 };

/** AAC at 48 kHz for the MP4 output (stereo 128 kbit/s unless told). */
export function aacArgs(s: AudioEncoderSettings = DEFAULT_AUDIO_ENCODER): string[] {
  return ['-c:a', 'aac', '-b:a', `${s.bitrateK}k`, '-ar', '48000', '-ac', String(s.channels)];
}

/** `-metadata key=value` pairs in a stable order. */
export function metadataArgs(tags: Record<string, string>): string[] {
  return Object.keys(tags)
    .sort()
    .flatMap((k) => ['-metadata', `${k}=${tags[k]}`]);
}
