import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { measureLoudness } from '../../src/media/compose/index.js';
import { probeMedia, type MediaInfo } from '../../src/media/probe.js';
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
