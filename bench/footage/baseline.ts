// The baseline of each rendered video: what ffmpeg alone does with the same picture and sound. The
// avatar's source (the clip looped, or the photo held) at the output's size and frame rate, with the
// video's driving sound, encoded with the service's own x264 and AAC settings for the sound's length:
// bench/render/inputs.ts bareEncode, for a photo too and at the rate the service renders at.
import type { MediaBinaries } from '../../server/src/media/binaries.js';
import { aacArgs, DEFAULT_VIDEO_ENCODER, x264Args } from '../../server/src/media/ffmpeg/encode-args.js';
import { probeMedia } from '../../server/src/media/probe.js';
import { runMediaBinary } from '../../server/src/media/run-ffmpeg.js';

const ff = (bins: MediaBinaries, args: string[]) =>
  runMediaBinary(bins.ffmpeg, ['-hide_banner', '-v', 'error', '-y', ...args]);

/** What the rendered video is: the bare encode makes the same size, rate and length. */
export interface OutputShape {
  width: number;
  height: number;
  fps: number;
}

/** Encodes the baseline to `out` and returns how long it took, ms. */
export async function timedBareEncode(
  bins: MediaBinaries,
  picture: { kind: 'image' | 'video'; path: string },
  sound: { path: string; seconds: number },
  shape: OutputShape,
  out: string,
): Promise<number> {
  const input =
    picture.kind === 'video'
      ? ['-stream_loop', '-1', '-i', picture.path]
      : ['-loop', '1', '-framerate', String(shape.fps), '-i', picture.path];
  const t0 = performance.now();
  await ff(bins, [
    ...input,
    ...['-i', sound.path, '-map', '0:v', '-map', '1:a', '-t', sound.seconds.toFixed(3)],
    ...['-vf', `scale=${shape.width}:${shape.height},fps=${shape.fps}`],
    ...x264Args(DEFAULT_VIDEO_ENCODER),
    ...aacArgs(),
    ...['-movflags', '+faststart', out],
  ]);
  return performance.now() - t0;
}

/**
 * The sound of a text-driven video as a file of its own, with its length: the service made that
 * speech, so the baseline takes it from the video (not timed).
 */
export async function soundOf(
  bins: MediaBinaries,
  video: string,
  out: string,
): Promise<{ path: string; seconds: number }> {
  await ff(bins, ['-i', video, '-map', '0:a:0', '-vn', out]);
  return { path: out, seconds: (await probeMedia(bins.ffprobe, out)).durationSec };
}

/** The length of a sound file, for a baseline as long as the sound. */
export async function soundFile(
  bins: MediaBinaries,
  path: string,
): Promise<{ path: string; seconds: number }> {
  return { path, seconds: (await probeMedia(bins.ffprobe, path)).durationSec };
}
