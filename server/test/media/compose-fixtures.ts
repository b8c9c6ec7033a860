import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { FAST_H264 } from '../helpers/media-fixtures.js';

/** Inputs for the composition media tests, generated with lavfi and sharp in a temp folder. */

export const bins = resolveMediaBinaries();
export const testOutputDir = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  '..',
  '..',
  'test-output',
);

/** MD5 of a video file's decoded picture (ffmpeg's md5 muxer): equal for pixel-identical videos. */
export async function videoMd5(file: string): Promise<string> {
  let out = '';
  await runMediaBinary(
    bins.ffmpeg,
    ['-hide_banner', '-v', 'error', '-i', file, '-map', '0:v', '-f', 'md5', 'pipe:1'],
    {
      onStdout: (s) => s.on('data', (c: Buffer) => (out += c.toString())),
    },
  );
  return out.trim();
}

/**
 * A drawn portrait (head, eyes, mouth, shoulders) on a striped backdrop: neutral, and detailed
 * enough that camera motion changes many pixels.
 */
export async function makePortrait(file: string, width = 600, height = 800): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 600 800">
  <defs><pattern id="s" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="rotate(30)">
    <rect width="40" height="40" fill="#e8dcc8"/><rect width="20" height="40" fill="#cbb99d"/></pattern></defs>
  <rect width="600" height="800" fill="url(#s)"/>
  <path d="M60 800 C80 600 200 560 300 560 C400 560 520 600 540 800 Z" fill="#3b5b8c"/>
  <rect x="255" y="470" width="90" height="110" fill="#e0b08c"/>
  <ellipse cx="300" cy="360" rx="150" ry="190" fill="#f0c29e"/>
  <path d="M150 330 C150 160 450 160 450 330 C430 230 170 230 150 330 Z" fill="#3a2a1e"/>
  <ellipse cx="245" cy="350" rx="22" ry="14" fill="#fff"/><circle cx="245" cy="350" r="9" fill="#2b3a4a"/>
  <ellipse cx="355" cy="350" rx="22" ry="14" fill="#fff"/><circle cx="355" cy="350" r="9" fill="#2b3a4a"/>
  <path d="M300 370 L288 430 L312 430 Z" fill="#d9a07e"/>
  <path d="M255 470 Q300 500 345 470 Q300 485 255 470 Z" fill="#b5524f"/>
</svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toFile(file);
  return file;
}

/**
 * A JPEG stored upside down (red over blue) with EXIF orientation 3, as phones write them:
 * shown upright it is blue over red.
 */
export async function makeRotatedPhoto(file: string): Promise<string> {
  const half = (rgb: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: rgb } })
      .png()
      .toBuffer();
  await sharp({ create: { width: 400, height: 600, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { input: await half({ r: 220, g: 30, b: 30 }), top: 0, left: 0 },
      { input: await half({ r: 30, g: 30, b: 220 }), top: 300, left: 0 },
    ])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 3 })
    .toFile(file);
  return file;
}

export async function makeTempDir(prefix: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs ffmpeg quietly (errors only, no stdin, overwriting): the media tests' fixture maker. */
export async function ffmpeg(args: string[]): Promise<void> {
  await runMediaBinary(bins.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args]);
}

/**
 * Speech-like audio: a 180 Hz tone plus pink noise, pulsing 2-3 times a second like syllables,
 * mono 22.05 kHz (what the TTS engine produces).
 */
export async function makeSpeech(file: string, seconds: number): Promise<string> {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=f=180:sample_rate=22050:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=c=pink:a=0.25:r=22050:d=${seconds}:seed=7`, // seeded: the same noise every run
    '-filter_complex',
    "[0][1]amix=inputs=2,volume='0.15+0.85*abs(sin(2*PI*2.6*t))':eval=frame",
    '-ac',
    '1',
    file,
  ]);
  return file;
}

/** A short music-like bed (two tones with tremolo), deliberately shorter than the speech. */
export async function makeMusic(file: string, seconds: number): Promise<string> {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=f=330:sample_rate=44100:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=f=495:sample_rate=44100:d=${seconds}`,
    '-filter_complex',
    "[0][1]amix=inputs=2,volume='0.6+0.4*sin(2*PI*1.5*t)':eval=frame",
    '-ac',
    '2',
    file,
  ]);
  return file;
}

export async function makeNoise(file: string, seconds: number): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', `anoisesrc=c=brown:a=0.3:r=48000:d=${seconds}`, '-ac', '2', file]);
  return file;
}

/** A moving test pattern as an avatar video (H.264, 30 fps). */
export async function makeAvatarVideo(file: string, seconds: number, size = '480x640'): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', `testsrc2=s=${size}:r=30:d=${seconds}`, ...FAST_H264, file]);
  return file;
}

/** Seconds of material in makeDriftingPerson's clip: a 4 s video loops it with a cross-fade. */
export const DRIFT_SEC = 2.4;

/**
 * `portrait` as a person drifting slowly to the right: scaled to `scaledHeight`, then a
 * `width`x`height` window from (`x`, `y`) moving `pxPerSec` a second, DRIFT_SEC long (H.264, 25 fps).
 */
export async function makeDriftingPerson(
  file: string,
  portrait: string,
  o: { width: number; height: number; scaledHeight: number; x: number; y: number; pxPerSec: number },
): Promise<string> {
  await ffmpeg([
    ...['-loop', '1', '-framerate', '25', '-i', portrait, '-t', String(DRIFT_SEC)],
    ...[
      '-vf',
      `scale=-2:${o.scaledHeight},crop=${o.width}:${o.height}:x='${o.x}+t*${o.pxPerSec}':y=${o.y},setsar=1,format=yuv420p`,
    ],
    ...FAST_H264,
    file,
  ]);
  return file;
}

/**
 * A grey clip that brightens steadily (luma 40 + 70 per second): any jump back to the start of
 * the clip shows up as one large frame-to-frame change, which a cross-fade spreads out.
 */
export async function makeRampVideo(file: string, seconds: number): Promise<string> {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=gray:s=240x320:r=30:d=${seconds},format=yuv420p,geq=lum='40+70*T':cb=128:cr=128`,
    ...FAST_H264,
    file,
  ]);
  return file;
}

/** A flat-coloured PNG with a lighter band at the top (a "title"), as template backgrounds are. */
export async function makeBackground(file: string, width: number, height: number): Promise<string> {
  const band = await sharp({
    create: { width, height: Math.round(height * 0.12), channels: 3, background: { r: 240, g: 240, b: 240 } },
  })
    .png()
    .toBuffer();
  await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 110 } } })
    .composite([{ input: band, top: Math.round(height * 0.04), left: 0 }])
    .png()
    .toFile(file);
  return file;
}

export async function makeSolidPng(
  file: string,
  width: number,
  height: number,
  rgb: [number, number, number],
) {
  await sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toFile(file);
  return file;
}

/** Raw RGB pixels of a PNG. */
export async function readPixels(file: string) {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

type Pixels = Awaited<ReturnType<typeof readPixels>>;

/** Mean absolute difference per channel between two same-sized images inside a rectangle. */
export function meanDiff(
  a: Pixels,
  b: Pixels,
  r: { x: number; y: number; width: number; height: number },
): number {
  let sum = 0;
  let n = 0;
  for (let y = r.y; y < r.y + r.height; y++) {
    for (let x = r.x; x < r.x + r.width; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * a.width + x) * 3 + c;
        sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
        n++;
      }
    }
  }
  return n ? sum / n : 0;
}

/** Mean colour of a rectangle. */
export function meanColour(
  p: Pixels,
  r: { x: number; y: number; width: number; height: number },
): [number, number, number] {
  const s = [0, 0, 0];
  let n = 0;
  for (let y = r.y; y < r.y + r.height; y++) {
    for (let x = r.x; x < r.x + r.width; x++) {
      for (let c = 0; c < 3; c++) s[c] = (s[c] ?? 0) + (p.data[(y * p.width + x) * 3 + c] ?? 0);
      n++;
    }
  }
  return [(s[0] ?? 0) / n, (s[1] ?? 0) / n, (s[2] ?? 0) / n];
}

export interface StreamFacts {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  disposition?: Record<string, number>;
}

/** All streams and format tags (MediaInfo only exposes the main ones). */
export async function probeStreams(
  file: string,
): Promise<{ streams: StreamFacts[]; tags: Record<string, string> }> {
  const { stdout } = await runMediaBinary(
    bins.ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { captureStdout: true },
  );
  const j = JSON.parse(stdout) as { streams?: StreamFacts[]; format?: { tags?: Record<string, string> } };
  return { streams: j.streams ?? [], tags: j.format?.tags ?? {} };
}

/** Every frame of a video as 8-bit luma. */
export async function lumaFrames(file: string, w: number, h: number): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  await runMediaBinary(
    bins.ffmpeg,
    ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
    {
      onStdout: (out) => out.on('data', (c: Buffer) => chunks.push(c)),
    },
  );
  const all = Buffer.concat(chunks);
  return Array.from({ length: Math.floor(all.length / (w * h)) }, (_, i) =>
    all.subarray(i * w * h, (i + 1) * w * h),
  );
}

/**
 * Waits (up to `timeoutMs`) until no ffmpeg started by this process (any of its threads) runs any
 * more, or none whose command line holds `reading` when given; returns how many still run then.
 */
export async function ffmpegsLeft(timeoutMs = 20_000, reading?: string): Promise<number> {
  return (await ffmpegsRunning(timeoutMs, reading)).length;
}

/** As ffmpegsLeft, but the command lines of those still running (for a failure's message). */
export async function ffmpegsRunning(timeoutMs = 20_000, reading?: string): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const tasks = await readdir('/proc/self/task');
    const lists = await Promise.all(
      tasks.map((t) => readFile(`/proc/self/task/${t}/children`, 'utf8').catch(() => '')),
    );
    const pids = lists.join(' ').split(' ').filter(Boolean);
    const procs = await Promise.all(
      pids.map(async (p) => ({
        name: (await readFile(`/proc/${p}/comm`, 'utf8').catch(() => '')).trim(),
        cmdline: (await readFile(`/proc/${p}/cmdline`, 'utf8').catch(() => '')).split('\0').join(' '),
      })),
    );
    const running = procs
      .filter((p) => p.name === 'ffmpeg' && (!reading || p.cmdline.includes(reading)))
      .map((p) => p.cmdline);
    if (running.length === 0 || Date.now() > deadline) return running;
    await new Promise((r) => setTimeout(r, 20));
  }
}
