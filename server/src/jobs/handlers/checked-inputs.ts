import { join } from 'node:path';
import type { Config } from '../../config.js';
import { decodeImageUpright, readImageHeader } from '../../media/image-input.js';
import { checkAudioStream, checkVideoStream } from '../../media/integrity.js';
import { isMediaDefect } from '../../media/media-defect.js';
import { probeMedia, type MediaInfo } from '../../media/probe.js';
import type { MediaToolkit } from '../../media/toolkit.js';
import type { FileCategory } from '../../services/file-types.js';
import type { InputRef, InputService } from '../../services/input.service.js';
import {
  checkAvatarVideo,
  checkBackgroundAudio,
  checkDrivingAudio,
  checkImage,
  checkSong,
  checkSourceVideo,
  checkTranslateVideo,
  checkVoiceSample,
  explainDefect,
  IMAGE_MAX_SIDE,
  lengthUnknown,
} from '../../services/media-rules.js';

/**
 * A task's media inputs, fetched and proven usable before any work is spent on them: the header
 * against the spec's limits on size, format, codec and resolution (cheap, first), then a decode
 * check that the file holds what its header declares, then the length rule on the length actually
 * present (a header may lie about it). Every refusal is an AppError with the spec's code and a
 * message naming the input (`subject`); the engine's details ride along as its cause, for the log.
 */

export interface CheckedMedia {
  path: string;
  bytes: number;
  /** Identifies the source (same video_url → same avatar). */
  origin: string;
  /** The file's SHA-256 when it is known already (an upload's). */
  sha256?: string;
  info: MediaInfo;
  /** Seconds actually present (decoded audio, or the video stream's packets). */
  presentSec: number;
}

export interface CheckedImage {
  /** The picture decoded, upright, as PNG. */
  path: string;
  bytes: number;
  origin: string;
  width: number;
  height: number;
}

export type VideoUse = 'avatar' | 'source' | 'translate';
export type AudioUse = 'voice-sample' | 'driving' | 'song' | 'background';

/** What fetching and checking inputs uses: the input fetcher, the probes, and the upload limits. */
export interface InputDeps {
  inputs: Pick<InputService, 'acquire'>;
  media: Pick<MediaToolkit, 'bins'>;
  uploadLimits: Config['uploads'];
}

/** Whose input it is, where its files go, and the job's signal. */
export interface InputContext {
  accountId: string;
  tmp: string;
  signal: AbortSignal;
}

/** Runs an engine read; a damaged file becomes the client's error for its category. */
async function explained<T>(category: FileCategory, subject: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (isMediaDefect(err)) throw explainDefect(err, category, subject);
    throw err;
  }
}

export async function acquireVideo(
  d: InputDeps,
  ctx: InputContext,
  ref: InputRef,
  use: VideoUse,
  subject: string,
): Promise<CheckedMedia> {
  const maxBytes = d.uploadLimits.maxVideoBytes;
  const got = await d.inputs.acquire(ctx.accountId, ref, 'video', maxBytes, ctx.tmp, ctx.signal);
  const rule =
    use === 'avatar' ? checkAvatarVideo : use === 'translate' ? checkTranslateVideo : checkSourceVideo;
  const { ffprobe } = d.media.bins;
  const info = await explained('video', subject, () => probeMedia(ffprobe, got.path, ctx.signal));
  rule(lengthUnknown(info), got.bytes, maxBytes, subject);
  const present = await explained('video', subject, () =>
    checkVideoStream(ffprobe, got.path, info, { signal: ctx.signal }),
  );
  rule(info, got.bytes, maxBytes, subject);
  return { ...got, info, presentSec: present.presentSec };
}

function audioRule(use: AudioUse) {
  switch (use) {
    case 'voice-sample':
      return (info: MediaInfo, bytes: number, _max: number, subject: string) =>
        checkVoiceSample(info, bytes, subject);
    case 'driving':
      return checkDrivingAudio;
    case 'song':
      return checkSong;
    case 'background':
      return checkBackgroundAudio;
  }
}

export async function acquireAudio(
  d: InputDeps,
  ctx: InputContext,
  ref: InputRef,
  use: AudioUse,
  subject: string,
): Promise<CheckedMedia> {
  const maxBytes =
    use === 'voice-sample'
      ? Math.min(20 * 1024 * 1024, d.uploadLimits.maxAudioBytes)
      : d.uploadLimits.maxAudioBytes;
  const got = await d.inputs.acquire(ctx.accountId, ref, 'audio', maxBytes, ctx.tmp, ctx.signal);
  const rule = audioRule(use);
  const { ffprobe, ffmpeg } = d.media.bins;
  const info = await explained('audio', subject, () => probeMedia(ffprobe, got.path, ctx.signal));
  rule(lengthUnknown(info), got.bytes, maxBytes, subject);
  const present = await explained('audio', subject, () =>
    checkAudioStream(ffmpeg, got.path, info, { signal: ctx.signal }),
  );
  // The length that counts is the one that decodes (a header may only estimate it).
  rule({ ...info, durationSec: present.presentSec }, got.bytes, maxBytes, subject);
  return { ...got, info, presentSec: present.presentSec };
}

/**
 * A picture: its header against the rules (format, bytes, pixels), then decoded whole and upright
 * into `<tmp>/<name>.png`; a picture too large to decode safely was refused by its header already.
 */
export async function acquireImage(
  d: InputDeps,
  ctx: InputContext,
  ref: InputRef,
  subject: string,
  name: string,
): Promise<CheckedImage> {
  const maxBytes = d.uploadLimits.maxImageBytes;
  const got = await d.inputs.acquire(ctx.accountId, ref, 'image', maxBytes, ctx.tmp, ctx.signal);
  const header = await explained('image', subject, () => readImageHeader(got.path));
  checkImage(header, got.bytes, maxBytes, subject);
  const upright = join(ctx.tmp, `${name}.png`);
  const out = await explained('image', subject, () =>
    decodeImageUpright(got.path, upright, IMAGE_MAX_SIDE * IMAGE_MAX_SIDE),
  );
  return { path: upright, bytes: got.bytes, origin: got.origin, ...out };
}
