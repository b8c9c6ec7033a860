import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import { x264Args } from '../../src/media/ffmpeg/encode-args.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';

const require = createRequire(import.meta.url);
export const bins = resolveMediaBinaries();

/** Fast H.264 for test clips, from the engine's own encoder builder. */
export const FAST_H264 = x264Args({ preset: 'ultrafast', crf: 23 });

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

/** Speed of the red marker square in face videos: its x position is 40 px per second of footage. */
export const MARKER_PX_PER_SEC = 40;

/**
 * An H.264 MP4 of a still photo (a face), at a given size and length, with silent audio. A small red
 * square moves along the top edge at MARKER_PX_PER_SEC, so a frame tells which moment it shows.
 */
export async function makeFaceVideo(
  out: string,
  photo: string,
  seconds: number,
  size = '360x640',
): Promise<string> {
  const [w, h] = size.split('x');
  const graph =
    `[0]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h}[bg];` +
    `[bg][2]overlay=x='t*${MARKER_PX_PER_SEC}':y=24:shortest=1,format=yuv420p[v]`;
  await ff([
    ...['-loop', '1', '-i', photo],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'],
    ...['-f', 'lavfi', '-i', 'color=c=red:s=16x16'],
    ...['-t', String(seconds), '-filter_complex', graph, '-map', '[v]', '-map', '1', '-r', '25'],
    ...[...FAST_H264, '-c:a', 'aac', '-shortest', out],
  ]);
  return out;
}

/**
 * A filter graph source of a 360x640 slide at 25 fps (white bars on blue, no face), lasting `sec`
 * (endless without): what a webinar or an interview cuts away to.
 */
export function slideSource(sec?: number): string {
  return (
    `color=c=0x203a80:s=360x640:r=25${sec === undefined ? '' : `:d=${sec}`},` +
    'drawbox=x=30:y=80:w=300:h=40:color=white:t=fill,' +
    'drawbox=x=30:y=160:w=220:h=20:color=white:t=fill,setsar=1,format=yuv420p'
  );
}

/**
 * A webinar that cuts away: `photo` as a 360x640 clip for `faceSec`, then a cut to a slide
 * (slideSource) for `slideSec`, 25 fps, with silent sound.
 */
export async function makeCutAwayVideo(
  out: string,
  photo: string,
  faceSec: number,
  slideSec: number,
): Promise<string> {
  const graph =
    '[0]scale=360:640:force_original_aspect_ratio=increase,crop=360:640,fps=25,setsar=1,format=yuv420p[a];' +
    `${slideSource(slideSec)}[b];[a][b]concat=n=2:v=1:a=0[v]`;
  await ff([
    ...['-loop', '1', '-framerate', '25', '-t', String(faceSec), '-i', photo],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'],
    ...['-filter_complex', graph, '-map', '[v]', '-map', '1', '-t', String(faceSec + slideSec)],
    ...[...FAST_H264, '-c:a', 'aac', '-shortest', out],
  ]);
  return out;
}

/**
 * `photo` (9:16) as a person swaying back and forth with a period of `periodSec`, 360x640, 25 fps
 * (or `rate`): a clip that comes back to its start after every whole period.
 */
export async function makeSwayVideo(
  out: string,
  photo: string,
  seconds: number,
  periodSec: number,
  rate = 25,
): Promise<string> {
  await ff([
    ...['-loop', '1', '-framerate', String(rate), '-i', photo, '-t', String(seconds)],
    ...['-vf', `scale=360:640,rotate=a='0.04*sin(2*PI*t/${periodSec})':c=black,format=yuv420p`],
    ...FAST_H264,
    out,
  ]);
  return out;
}

/** x of the red marker in a frame (RGB raw), or -1: scans the marker's row. */
export function markerX(rgb: Uint8Array, width: number): number {
  const y = 32;
  for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 3;
    if (rgb[i]! > 180 && rgb[i + 1]! < 80 && rgb[i + 2]! < 80) return x;
  }
  return -1;
}

/** A video with no face in it (test pattern). */
export async function makePatternVideo(out: string, seconds: number, size = '360x640'): Promise<string> {
  await ff(['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`, ...FAST_H264, out]);
  return out;
}

/**
 * A portrait of one person (720x960 PNG) cut from a sample photo: the face is about 330 px wide,
 * turned slightly (~18° yaw), lips closed. Written to `out`.
 */
export async function portraitPhoto(out: string): Promise<string> {
  const { default: sharp } = await import('sharp');
  await sharp(facePhoto(1)).extract({ left: 148, top: 130, width: 720, height: 960 }).png().toFile(out);
  return out;
}

/**
 * A video of the portrait that drifts slowly right (8 px/s) and slightly zooms, like a person who
 * sways in front of a camera: landmarks move over time. 25 fps H.264 with silent audio.
 */
export async function makePortraitVideo(
  out: string,
  portrait: string,
  seconds: number,
  size = '360x480',
): Promise<string> {
  const [w, h] = size.split('x').map(Number) as [number, number];
  const graph = `[0]scale=${w + 80}:-2,crop=${w}:${h}:x='20+t*8':y=20,setsar=1,format=yuv420p[v]`;
  await ff([
    ...['-loop', '1', '-framerate', '25', '-i', portrait],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'],
    ...['-t', String(seconds), '-filter_complex', graph, '-map', '[v]', '-map', '1', '-r', '25'],
    ...[...FAST_H264, '-c:a', 'aac', '-shortest', out],
  ]);
  return out;
}

/**
 * The small-face clip the avatar issue was filed with: face-api's sample 1, its middle person cropped
 * 720x720 at (580, 200) and scaled into a 640x360 frame with black bars (her face ~90 px wide,
 * looking down, head rolled ~30°), 25 fps H.264 with silent audio. `vf` scales or turns it further
 * (an ffmpeg filter, applied last).
 */
export async function makeSmallFaceVideo(out: string, seconds: number, vf = 'null'): Promise<string> {
  await ff([
    ...['-loop', '1', '-framerate', '25', '-i', facePhoto(1)],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'],
    ...['-t', String(seconds), '-map', '0:v', '-map', '1:a', '-r', '25'],
    ...['-vf', `crop=720:720:580:200,scale=360:360,pad=640:360:140:0,${vf},format=yuv420p`],
    ...[...FAST_H264, '-c:a', 'aac', '-shortest', out],
  ]);
  return out;
}
