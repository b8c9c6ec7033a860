import path from 'node:path';
import sharp from 'sharp';
import { probeMedia, type MediaInfo } from '../probe.js';
import type { ClipTiming } from './concat-loop.js';
import { ComposeInputError, type MediaBins } from './types.js';

/** Probing and light preparation of input files; failures become ComposeInputError. */

type InputKind = ConstructorParameters<typeof ComposeInputError>[1];

async function probeOrFail(
  bins: MediaBins,
  file: string,
  kind: InputKind,
  signal?: AbortSignal,
): Promise<MediaInfo> {
  try {
    return await probeMedia(bins.ffprobe, file, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ComposeInputError(
      `${kind} ${path.basename(file)} cannot be read: ${(err as Error).message}`,
      kind,
    );
  }
}

/** The speech's duration, which is the duration of the work. */
export async function probeSpeech(bins: MediaBins, file: string, signal?: AbortSignal): Promise<number> {
  const info = await probeOrFail(bins, file, 'speech', signal);
  if (!info.audio) throw new ComposeInputError('speech has no audio stream', 'speech');
  if (!(info.durationSec > 0)) throw new ComposeInputError('speech has no duration', 'speech');
  return info.durationSec;
}

/** The avatar video's picture length and what the one-decoder loop needs to know of its timing. */
export interface AvatarVideoInfo {
  /** Length of the picture (the container may carry longer audio). */
  sec: number;
  timing: ClipTiming;
}

export async function probeAvatarVideo(
  bins: MediaBins,
  file: string,
  signal?: AbortSignal,
): Promise<AvatarVideoInfo> {
  // One probe: a render's start runs it, and every process a render spawns costs tens of
  // milliseconds of its thread (fork of a process holding the face models).
  const info = await probeOrFail(bins, file, 'avatar', signal);
  const video = info.video;
  if (!video || video.attachedPic) throw new ComposeInputError('avatar video has no video stream', 'avatar');
  const sec = video.durationSec > 0 ? video.durationSec : info.durationSec;
  if (!(sec > 0)) throw new ComposeInputError('avatar video has no duration', 'avatar');
  return {
    sec,
    timing: {
      // The container's length (or its longest stream's when it gives none), never under the picture's.
      containerSec: Math.max(info.durationSec, sec),
      timeBase: video.timeBase,
      startSec: video.startSec,
    },
  };
}

/** Checks a still picture (avatar, background, poster) can be decoded. */
export async function probeImage(bins: MediaBins, file: string, kind: InputKind, signal?: AbortSignal) {
  const info = await probeOrFail(bins, file, kind, signal);
  if (!info.video) throw new ComposeInputError(`${kind} is not a picture`, kind);
  return info.video;
}

/**
 * ffmpeg 4.1 ignores EXIF orientation in still images, so phone photos would come out sideways.
 * Such a picture is rotated upright into workDir; any other file is returned as is.
 */
export async function uprightImage(file: string, workDir: string, name: string): Promise<string> {
  let orientation: number | undefined;
  try {
    orientation = (await sharp(file).metadata()).orientation;
  } catch {
    return file; // not something sharp reads (ffmpeg may still): leave it to ffmpeg
  }
  if (!orientation || orientation === 1) return file;
  const out = path.join(workDir, `${name}.png`);
  await sharp(file).rotate().png({ compressionLevel: 1 }).toFile(out);
  return out;
}
