import { writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import { measureLoudness } from '../../src/media/compose/index.js';
import { probeMedia, type MediaInfo } from '../../src/media/probe.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { bins } from './media-fixtures.js';

/** Downloads a result URL (as a client would, query parameters and all) and probes it. */
export async function download(
  url: string,
  dir: string,
  name: string,
): Promise<{ path: string; info: MediaInfo }> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`download ${url}: HTTP ${res.status}`);
  const path = join(dir, name);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return { path, info: await probeMedia(bins.ffprobe, path) };
}

export async function lufs(path: string): Promise<number> {
  return (await measureLoudness(bins, path)).integratedLufs;
}

/** A file's first audio stream as mono float samples at `rate` Hz. */
export async function monoPcm(ffmpeg: string, file: string, rate: number): Promise<Float32Array> {
  const chunks: Buffer[] = [];
  await runMediaBinary(
    ffmpeg,
    ['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', String(rate), '-f', 'f32le', 'pipe:1'],
    { onStdout: (out: Readable) => out.on('data', (c: Buffer) => chunks.push(c)) },
  );
  const all = Buffer.concat(chunks);
  return new Float32Array(all.buffer.slice(all.byteOffset, all.byteOffset + all.length - (all.length % 4)));
}
