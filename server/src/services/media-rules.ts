import { ERRORS } from '../errors/app-error.js';
import { displaySize, type MediaInfo } from '../media/probe.js';

/**
 * The spec's limits on input media, as pure checks over probed facts. Each failure names the rule
 * and the value found, with the spec's code: 2011 size, 2012 type, 2013 audio, 2014 video, 2016 image.
 */
const MB = 1024 * 1024;
const fmt = (s: number) => `${s.toFixed(1)} s`;

const isMp4OrMov = (info: MediaInfo) => /mov|mp4/.test(info.formatName);

export function checkAvatarVideo(info: MediaInfo, bytes: number, maxBytes = 500 * MB): void {
  if (bytes > maxBytes) throw ERRORS.fileTooLarge('the avatar video', maxBytes, bytes);
  if (!info.video || info.video.attachedPic)
    throw ERRORS.video('the file has no video stream; send an MP4 or MOV video');
  if (!isMp4OrMov(info)) throw ERRORS.fileType(`the avatar video must be MP4 or MOV, got ${info.formatName}`);
  if (info.video.codec !== 'h264') {
    throw ERRORS.fileType(
      `the avatar video must be H.264 encoded, got ${info.video.codec}; re-encode it with H.264`,
    );
  }
  const { width, height } = displaySize(info.video);
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  if (short < 360 || short > 2160 || long > 4096) {
    throw ERRORS.video(`the avatar video's resolution must be from 360p to 4K, got ${width}x${height}`);
  }
  if (info.durationSec < 5 || info.durationSec > 30 * 60) {
    throw ERRORS.video(
      `the avatar video must last from 5 seconds to 30 minutes, got ${fmt(info.durationSec)}`,
    );
  }
}

const AUDIO_FORMATS = /mp3|mov|mp4|m4a|wav|aac|flac|ogg|matroska|webm/;

function checkAudio(
  info: MediaInfo,
  bytes: number,
  what: string,
  limits: { maxBytes: number; minSec: number; maxSec: number },
  formats: RegExp = AUDIO_FORMATS,
  formatHint = 'mp3, m4a or wav',
): void {
  if (bytes > limits.maxBytes) throw ERRORS.fileTooLarge(what, limits.maxBytes, bytes);
  if (!info.audio) throw ERRORS.audio(`${what} has no audio stream; send ${formatHint} audio`);
  if (!formats.test(info.formatName))
    throw ERRORS.fileType(`${what} must be ${formatHint}, got ${info.formatName}`);
  if (info.durationSec < limits.minSec || info.durationSec > limits.maxSec) {
    const range =
      limits.minSec > 0
        ? `from ${limits.minSec} seconds to ${limits.maxSec / 60} minutes`
        : `at most ${limits.maxSec} seconds`;
    throw ERRORS.audio(`${what} must last ${range}, got ${fmt(info.durationSec)}`);
  }
}

export function checkVoiceSample(info: MediaInfo, bytes: number): void {
  checkAudio(
    info,
    bytes,
    'the voice sample',
    { maxBytes: 20 * MB, minSec: 5, maxSec: 180 },
    /mp3|mov|mp4|m4a|wav/,
  );
}

export function checkDrivingAudio(info: MediaInfo, bytes: number, maxBytes = 100 * MB): void {
  checkAudio(
    info,
    bytes,
    'the audio',
    { maxBytes, minSec: 5, maxSec: 30 * 60 },
    AUDIO_FORMATS,
    'mp3, m4a, wav or similar',
  );
}

export function checkSong(info: MediaInfo, bytes: number, maxBytes = 100 * MB): void {
  checkAudio(
    info,
    bytes,
    'the song audio',
    { maxBytes, minSec: 0, maxSec: 60 },
    AUDIO_FORMATS,
    'mp3, m4a, wav or similar',
  );
}

export function checkTranslateVideo(info: MediaInfo, bytes: number, maxBytes = 500 * MB): void {
  if (bytes > maxBytes) throw ERRORS.fileTooLarge('the video', maxBytes, bytes);
  if (!info.video || info.video.attachedPic) throw ERRORS.video('the file has no video stream');
  if (info.durationSec > 10 * 60)
    throw ERRORS.video(`the video to translate must last at most 10 minutes, got ${fmt(info.durationSec)}`);
}

/** A video used as the face source of a work (video_file_id). */
export function checkSourceVideo(info: MediaInfo, bytes: number, maxBytes = 500 * MB): void {
  if (bytes > maxBytes) throw ERRORS.fileTooLarge('the video', maxBytes, bytes);
  if (!info.video || info.video.attachedPic)
    throw ERRORS.video('video_file_id has no video stream; upload an MP4 or MOV video');
  if (info.durationSec <= 0) throw ERRORS.video('the video has no frames');
}

export function checkImage(
  meta: { format?: string; width?: number; height?: number },
  bytes: number,
  maxBytes = 20 * MB,
): void {
  if (bytes > maxBytes) throw ERRORS.fileTooLarge('the image', maxBytes, bytes);
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) {
    throw ERRORS.fileType(`the image must be JPG, PNG or WebP${meta.format ? `, got ${meta.format}` : ''}`);
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (Math.min(w, h) < 256 || Math.max(w, h) > 8192) {
    throw ERRORS.image(`the image must be from 256 to 8192 pixels on each side, got ${w}x${h}`);
  }
}
