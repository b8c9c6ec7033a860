import path from 'node:path';
import sharp from 'sharp';
import { videoDurationProbeArgs } from '../ffmpeg/media-output-args.js';
import { probeMedia, type MediaInfo } from '../probe.js';
import type { ClipTiming } from './concat-loop.js';
import { runMediaBinary } from '../run-ffmpeg.js';
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

/** A time base as ffprobe writes it ("1/15360"), or null. */
function parseTimeBase(s: string | undefined): ClipTiming['timeBase'] {
  const m = /^(\d+)\/(\d+)$/.exec(s ?? '');
  if (!m) return null;
  const num = Number(m[1]);
  const den = Number(m[2]);
  return num > 0 && den > 0 ? { num, den } : null;
}

export async function probeAvatarVideo(
  bins: MediaBins,
  file: string,
  signal?: AbortSignal,
): Promise<AvatarVideoInfo> {
  // Both probes at once (each is ~40 ms of a render's start); the first one's verdict on the file
  // comes first, so a file that cannot be read fails as it always did.
  const durations = runMediaBinary(bins.ffprobe, videoDurationProbeArgs(file), {
    captureStdout: true,
    signal,
    timeoutMs: 30_000,
  });
  durations.catch(() => undefined);
  const info = await probeOrFail(bins, file, 'avatar', signal);
  if (!info.video || info.video.attachedPic)
    throw new ComposeInputError('avatar video has no video stream', 'avatar');
  const { stdout } = await durations;
  const j = JSON.parse(stdout) as {
    streams?: { duration?: string; time_base?: string; start_time?: string }[];
    format?: { duration?: string };
  };
  const streamSec = Number.parseFloat(j.streams?.[0]?.duration ?? '');
  const sec = Number.isFinite(streamSec) && streamSec > 0 ? streamSec : info.durationSec;
  if (!(sec > 0)) throw new ComposeInputError('avatar video has no duration', 'avatar');
  const containerSec = Number.parseFloat(j.format?.duration ?? '');
  return {
    sec,
    timing: {
      containerSec: Number.isFinite(containerSec) ? Math.max(containerSec, sec) : sec,
      timeBase: parseTimeBase(j.streams?.[0]?.time_base),
      startSec: Number.parseFloat(j.streams?.[0]?.start_time ?? '') || 0,
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
