import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { probeMedia, type MediaInfo } from '../../src/media/probe.js';
import { bins } from './media-fixtures.js';

/**
 * Fetches a catalogue asset (template cover or demo, cover-style preview, public voice demo). One not
 * rendered yet is answered 503 with Retry-After while the catalogue.render job makes it (decision
 * S15): this asks again, more often than Retry-After says (tests are impatient), until it is there.
 */
export async function fetchCatalogue(url: string, timeoutMs = 180_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url);
    if (res.status !== 503) return res;
    await res.arrayBuffer();
    if (!res.headers.get('retry-after')) throw new Error(`${url}: 503 without Retry-After`);
    if (Date.now() > deadline) throw new Error(`${url}: still being prepared after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Downloads a catalogue asset once it is ready and probes it. */
export async function downloadCatalogue(
  url: string,
  dir: string,
  name: string,
): Promise<{ path: string; info: MediaInfo }> {
  const res = await fetchCatalogue(url);
  if (res.status !== 200) throw new Error(`download ${url}: HTTP ${res.status}`);
  const path = join(dir, name);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return { path, info: await probeMedia(bins.ffprobe, path) };
}
