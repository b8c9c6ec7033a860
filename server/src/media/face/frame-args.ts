/** Pure helpers for sampling still frames out of a video as raw RGB. */

/** Largest width a sampled frame is decoded at; faces in an avatar video are large, so this is plenty. */
export const SAMPLE_MAX_WIDTH = 640;

/** Even frame size no wider than `maxWidth`, keeping the aspect ratio (rgb24 needs no even size,
 * but the same frames may be fed to yuv420 encoders elsewhere). */
export function sampleFrameSize(
  width: number,
  height: number,
  maxWidth = SAMPLE_MAX_WIDTH,
): { width: number; height: number } {
  if (!(width > 0 && height > 0)) throw new RangeError(`invalid video size ${width}x${height}`);
  const w = Math.min(width, maxWidth);
  const even = (v: number) => Math.max(2, Math.floor(v / 2) * 2);
  return { width: even(w), height: even((height * w) / width) };
}

/** `count` evenly spaced times, each in the middle of its slice, so neither the first black
 * frame nor the (possibly undecodable) very end is picked. */
export function sampleTimes(durationSec: number, count: number): number[] {
  if (!(durationSec > 0) || count < 1) return [];
  const n = Math.floor(count);
  return Array.from({ length: n }, (_, i) => Math.round(((durationSec * (i + 0.5)) / n) * 1000) / 1000);
}

/** One frame at `atSec`, scaled to exactly width x height, as raw rgb24 on stdout. Seeking before
 * -i is fast (keyframe jump) and still frame-accurate because ffmpeg decodes up to the time. */
export function frameGrabArgs(videoPath: string, atSec: number, width: number, height: number): string[] {
  return [
    '-v',
    'error',
    '-ss',
    atSec.toFixed(3),
    '-i',
    videoPath,
    '-an',
    '-sn',
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:${height}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ];
}

/**
 * Frames for face tracking: `durationSec` of the video from `fromSec`, resampled to `fps`, cut to
 * `crop` (display pixels: ffmpeg turns a rotated video upright before the filters run) and scaled
 * to exactly width x height, as a stream of raw rgb24 frames on stdout. The frame at index k shows
 * time fromSec + k / fps.
 */
export function trackFramesArgs(
  videoPath: string,
  fromSec: number,
  durationSec: number,
  fps: number,
  width: number,
  height: number,
  crop?: { x: number; y: number; width: number; height: number },
): string[] {
  const cut = crop ? `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y},` : '';
  return [
    '-v',
    'error',
    '-ss',
    fromSec.toFixed(3),
    '-t',
    durationSec.toFixed(3),
    '-i',
    videoPath,
    '-an',
    '-sn',
    '-dn',
    '-vf',
    `fps=${fps},${cut}scale=${width}:${height}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ];
}
