import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';

const require = createRequire(import.meta.url);
export const bins = resolveMediaBinaries();

/** A real face photo shipped by a dev dependency (face-api's sample images). */
export function facePhoto(n = 1): string {
  return join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`);
}

const ff = (args: string[]) =>
  runMediaBinary(bins.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** A tone-and-noise "speech-like" WAV (no speech content; for driving-audio and loudness tests). */
export async function makeTone(out: string, seconds: number): Promise<string> {
  await ff([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=220:duration=${seconds}:sample_rate=22050`,
    '-af',
    'volume=0.5,tremolo=f=4:d=0.9',
    '-ac',
    '1',
    out,
  ]);
  return out;
}

/** An H.264 MP4 of a still photo (a face), at a given size and length, with silent audio. */
export async function makeFaceVideo(
  out: string,
  photo: string,
  seconds: number,
  size = '360x640',
): Promise<string> {
  const [w, h] = size.split('x');
  await ff([
    '-loop',
    '1',
    '-i',
    photo,
    '-f',
    'lavfi',
    '-i',
    `anullsrc=r=44100:cl=mono`,
    '-t',
    String(seconds),
    '-vf',
    `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},format=yuv420p`,
    '-r',
    '25',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-x264-params',
    'trellis=0',
    '-c:a',
    'aac',
    '-shortest',
    out,
  ]);
  return out;
}

/** A video with no face in it (test pattern). */
export async function makePatternVideo(out: string, seconds: number, size = '360x640'): Promise<string> {
  await ff([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=25:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-x264-params',
    'trellis=0',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}
