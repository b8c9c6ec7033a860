import { AppError, ERRORS } from '../errors/app-error.js';
import { SvcCode } from '../errors/codes.js';
import type { ImageHeader } from '../media/image-input.js';
import type { MediaDefectError } from '../media/media-defect.js';
import { displaySize, type MediaInfo } from '../media/probe.js';
import type { FileCategory } from './file-types.js';

/**
 * The spec's limits on input media, as pure checks over probed facts. Each failure names the input
 * (`subject`: the parameter, e.g. "video_file_id"), the rule and the value found, and says what to do,
 * with the spec's code: 2011 size, 2012 type, 2013 audio, 2014 video, 2016 image. Messages never
 * carry paths, storage keys or a tool's output.
 */
const MB = 1024 * 1024;
const fmt = (s: number) => `${s.toFixed(1)} s`;

/** Readable names for ffprobe's container names ("mov,mp4,m4a,3gp,3g2,mj2" → "MP4/MOV"). Pure. */
export function formatLabel(formatName: string): string {
  const known: [RegExp, string][] = [
    [/mov|mp4/, 'MP4/MOV'],
    [/matroska|webm/, 'WebM/Matroska'],
    [/png/, 'a PNG picture'],
    [/jpeg|mjpeg|image2/, 'a JPEG picture'],
    [/webp/, 'a WebP picture'],
    [/gif/, 'a GIF picture'],
    [/^mp3$/, 'MP3'],
    [/wav/, 'WAV'],
    [/^aac$/, 'AAC'],
    [/ogg/, 'Ogg'],
    [/flac/, 'FLAC'],
    [/avi/, 'AVI'],
  ];
  return known.find(([re]) => re.test(formatName))?.[1] ?? formatName.split(',')[0]!.toUpperCase();
}

/** What a file turned out to be, for messages ("a JPEG picture", "MP4/MOV video", "MP3 audio"). Pure. */
export function describeContent(info: MediaInfo): string {
  const label = formatLabel(info.formatName);
  if (label.startsWith('a ')) return label;
  return `${label} ${info.video && !info.video.attachedPic ? 'video' : 'audio'}`;
}

/** Readable codec names ("hevc" → "H.265/HEVC"). Pure. */
export function codecLabel(codec: string): string {
  const known: Record<string, string> = {
    h264: 'H.264',
    hevc: 'H.265/HEVC',
    vp8: 'VP8',
    vp9: 'VP9',
    av1: 'AV1',
    mpeg4: 'MPEG-4 Part 2',
    prores: 'ProRes',
    gif: 'GIF',
    png: 'PNG',
    mjpeg: 'Motion JPEG',
  };
  return known[codec] ?? codec.toUpperCase();
}

const isMp4OrMov = (info: MediaInfo) => /mov|mp4/.test(info.formatName);

/**
 * A length of NaN means "not known yet": the header's claim is not trusted until the decode check
 * has measured what the file holds, so the length rule is applied once, to the measured length.
 */
const lengthKnown = (info: MediaInfo) => !Number.isNaN(info.durationSec);

/** The facts of a header with the length left for the decode check to measure. Pure. */
export const lengthUnknown = (info: MediaInfo): MediaInfo => ({ ...info, durationSec: NaN });

/** The limits of a video that plays the avatar's part (an avatar's source, or a work's video_file_id). */
function checkAvatarLikeVideo(info: MediaInfo, bytes: number, maxBytes: number, subject: string): void {
  if (bytes > maxBytes) throw ERRORS.fileTooLarge(subject, maxBytes, bytes);
  if (!info.video || info.video.attachedPic) {
    throw ERRORS.video(
      `${subject} has no video stream (it is ${describeContent(info)}); upload an MP4 or MOV video`,
    );
  }
  if (!isMp4OrMov(info)) {
    throw ERRORS.fileType(
      `${subject} must be an MP4 or MOV video, got ${formatLabel(info.formatName)}; convert it to MP4 with H.264`,
    );
  }
  if (info.video.codec !== 'h264') {
    throw ERRORS.fileType(
      `${subject} must be H.264 encoded, got ${codecLabel(info.video.codec)}; re-encode it with H.264`,
    );
  }
  const { width, height } = displaySize(info.video);
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  if (short < 360 || short > 2160 || long > 4096) {
    throw ERRORS.video(
      `${subject} must have a resolution from 360p to 4K, got ${width}x${height}; ${short < 360 ? 'record or export it at 360p or more' : 'scale it down to 4K or less'}`,
    );
  }
  if (lengthKnown(info) && (!(info.durationSec >= 5) || info.durationSec > 30 * 60)) {
    throw ERRORS.video(`${subject} must last from 5 seconds to 30 minutes, got ${fmt(info.durationSec)}`);
  }
}

export function checkAvatarVideo(
  info: MediaInfo,
  bytes: number,
  maxBytes = 500 * MB,
  subject = 'the avatar video',
): void {
  checkAvatarLikeVideo(info, bytes, maxBytes, subject);
}

/**
 * A video used as the face source of a work (video_file_id). It replaces the avatar, so it follows
 * the avatar video's rules: MP4 or MOV, H.264, 360p to 4K, 5 seconds to 30 minutes.
 */
export function checkSourceVideo(
  info: MediaInfo,
  bytes: number,
  maxBytes = 500 * MB,
  subject = 'video_file_id',
): void {
  checkAvatarLikeVideo(info, bytes, maxBytes, subject);
}

/** A video to translate (video/translate's video_file_id): any length up to the spec's 10 minutes. */
export function checkTranslateVideo(
  info: MediaInfo,
  bytes: number,
  maxBytes = 500 * MB,
  subject = 'the video',
): void {
  if (bytes > maxBytes) throw ERRORS.fileTooLarge(subject, maxBytes, bytes);
  if (!info.video || info.video.attachedPic) throw ERRORS.video(`${subject} has no video stream`);
  if (info.durationSec > MAX_TRANSLATE_SEC)
    throw ERRORS.video(`the video to translate must last at most 10 minutes, got ${fmt(info.durationSec)}`);
}

/** The spec's bound on a video to translate. */
export const MAX_TRANSLATE_SEC = 10 * 60;

const AUDIO_FORMATS = /mp3|mov|mp4|m4a|wav|aac|flac|ogg|matroska|webm/;

interface AudioLimits {
  maxBytes: number;
  minSec: number;
  maxSec: number;
  formats: RegExp;
  formatHint: string;
}

function checkAudio(info: MediaInfo, bytes: number, subject: string, limits: AudioLimits): void {
  if (bytes > limits.maxBytes) throw ERRORS.fileTooLarge(subject, limits.maxBytes, bytes);
  if (!info.audio) {
    throw ERRORS.audio(
      `${subject} has no audio stream (it is ${describeContent(info)}); upload ${limits.formatHint} audio`,
    );
  }
  if (!limits.formats.test(info.formatName))
    throw ERRORS.fileType(`${subject} must be ${limits.formatHint}, got ${formatLabel(info.formatName)}`);
  if (lengthKnown(info) && (!(info.durationSec >= limits.minSec) || info.durationSec > limits.maxSec)) {
    const upTo = limits.maxSec >= 120 ? `${limits.maxSec / 60} minutes` : `${limits.maxSec} seconds`;
    const range = limits.minSec > 0 ? `from ${limits.minSec} seconds to ${upTo}` : `at most ${upTo}`;
    throw ERRORS.audio(`${subject} must last ${range}, got ${fmt(info.durationSec)}`);
  }
}

export function checkVoiceSample(info: MediaInfo, bytes: number, subject = 'the voice sample'): void {
  checkAudio(info, bytes, subject, {
    maxBytes: 20 * MB,
    minSec: 5,
    maxSec: 180,
    formats: /mp3|mov|mp4|m4a|wav/,
    formatHint: 'mp3, m4a or wav',
  });
}

export function checkDrivingAudio(
  info: MediaInfo,
  bytes: number,
  maxBytes = 100 * MB,
  subject = 'the audio',
): void {
  checkAudio(info, bytes, subject, {
    maxBytes,
    minSec: 5,
    maxSec: 30 * 60,
    formats: AUDIO_FORMATS,
    formatHint: 'mp3, m4a, wav or similar',
  });
}

export function checkSong(
  info: MediaInfo,
  bytes: number,
  maxBytes = 100 * MB,
  subject = 'the song audio',
): void {
  checkAudio(info, bytes, subject, {
    maxBytes,
    minSec: 0,
    maxSec: 60,
    formats: AUDIO_FORMATS,
    formatHint: 'mp3, m4a, wav or similar',
  });
}

/** Background music and ambience of a template video: any length up to 30 minutes (they loop or stop). */
export function checkBackgroundAudio(
  info: MediaInfo,
  bytes: number,
  maxBytes: number,
  subject: string,
): void {
  checkAudio(info, bytes, subject, {
    maxBytes,
    minSec: 0,
    maxSec: 30 * 60,
    formats: AUDIO_FORMATS,
    formatHint: 'mp3, m4a, wav or similar',
  });
}

/**
 * Pictures: JPG, PNG or WebP, 64 to 8192 pixels a side (decision 17). Below 64 no picture holds a
 * face of the 40 px a mouth is animated at with room around it; above, the face decides (T4).
 */
export const IMAGE_MIN_SIDE = 64;
export const IMAGE_MAX_SIDE = 8192;

const IMAGE_FORMATS: Record<string, string> = { jpeg: 'JPG', png: 'PNG', webp: 'WebP' };

/**
 * A picture's header against the rules. Over the limit in bytes or in pixels is a size error (2011):
 * a small file can hold a picture of gigapixels.
 */
export function checkImage(
  header: Partial<ImageHeader>,
  bytes: number,
  maxBytes = 20 * MB,
  subject = 'the image',
): void {
  if (bytes > maxBytes) throw ERRORS.fileTooLarge(subject, maxBytes, bytes);
  if (!header.format || !IMAGE_FORMATS[header.format]) {
    throw ERRORS.fileType(
      `${subject} must be a JPG, PNG or WebP picture${header.format ? `, got ${header.format.toUpperCase()}` : ''}; convert it to JPG or PNG`,
    );
  }
  const w = header.width ?? 0;
  const h = header.height ?? 0;
  if (Math.max(w, h) > IMAGE_MAX_SIDE) {
    throw ERRORS.imageTooLarge(subject, w, h, IMAGE_MAX_SIDE);
  }
  if (Math.min(w, h) < IMAGE_MIN_SIDE) {
    throw ERRORS.image(
      `${subject} is ${w}x${h} pixels; pictures need at least ${IMAGE_MIN_SIDE} pixels a side: upload a larger one`,
    );
  }
}

const NOUN: Record<FileCategory, { noun: string; data: string; upload: string }> = {
  video: { noun: 'video', data: 'pictures', upload: 'an MP4 or MOV video' },
  audio: { noun: 'audio', data: 'sound', upload: 'an MP3, M4A or WAV file' },
  image: { noun: 'picture', data: 'pixels', upload: 'a JPG, PNG or WebP picture' },
};

const RESOURCE_CODE: Record<FileCategory, SvcCode> = {
  video: SvcCode.VideoResourceFailed,
  audio: SvcCode.AudioResourceFailed,
  image: SvcCode.ImageResourceFailed,
};

/** The message for a damaged input of a category. Pure. */
function defectMessage(err: MediaDefectError, category: FileCategory, subject: string): string {
  const n = NOUN[category];
  switch (err.defect) {
    case 'truncated': {
      const { declaredSec = 0, presentSec = 0 } = err.facts;
      return `${subject} is incomplete: its header declares ${fmt(declaredSec)} but the file holds only ${fmt(presentSec)} of ${n.data}; it was probably cut off while downloading, copying or uploading: upload the complete file`;
    }
    case 'undecodable':
      return `${subject} is damaged: its ${n.noun} data does not decode; export it again and upload the new file as ${n.upload}`;
    case 'timeout':
      return `${subject} could not be read in time; the file may be damaged: export it again as ${n.upload}`;
    case 'unreadable':
    default:
      return `${subject} is not a readable ${n.noun} file (damaged, empty or another kind of file); upload ${n.upload}`;
  }
}

/**
 * What to tell the client about a damaged input (found by the decode checks), with the resource code
 * of its category: 2014 video, 2013 audio, 2016 image. The defect, with the tool's output, stays
 * attached as the cause, for the log; only the message is shown.
 */
export function explainDefect(err: MediaDefectError, category: FileCategory, subject: string): AppError {
  return new AppError(RESOURCE_CODE[category], defectMessage(err, category, subject), {}, { cause: err });
}

/**
 * Text that a voice can speak: at least one letter or digit once tags are taken out (the spec does
 * not support HTML tags). Text of spaces, punctuation, emoji or tags alone is refused at submission
 * with 11: it used to be taken, tried three times over about 40 s, and fail with 99.
 */
export function checkSpeakableText(text: string): void {
  if (/[\p{L}\p{N}]/u.test(text.replace(/<[^>]*>/g, ' '))) return;
  throw ERRORS.invalid(
    text.trim() === ''
      ? 'text is empty: give the words to speak'
      : 'text has nothing to speak (no letter or digit, only spaces, punctuation, symbols, emoji or tags): give the words to speak',
  );
}
