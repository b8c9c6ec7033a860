// The footage the bench submits: every photo and video clip of the real-media corpus
// ($LIKENESS_CORPUS, by default ../shared/corpus beside the repository) and of the repository's own
// server/test/fixtures/footage/ where it exists, each probed with the service's own probe so the
// table says what the file is before the service says what it makes of it.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import type { MediaBinaries } from '../../server/src/media/binaries.js';
import { displaySize, probeMedia } from '../../server/src/media/probe.js';
import { repoRoot } from '../lib/spawn.js';

/** The service refuses avatar clips shorter than this (its rule, checked here to say what to expect). */
export const MIN_CLIP_SEC = 5;

const PHOTO_EXT = new Set(['jpg', 'jpeg', 'png', 'webp']);
const VIDEO_EXT = new Set(['mp4', 'mov']);

export interface Item {
  /** The file name, which says what the footage shows (the corpus names its files that way). */
  name: string;
  path: string;
  /** Which create_by_* makes its avatar. */
  kind: 'image' | 'video';
  /** Lower-case extension, as create_upload_url takes it. */
  ext: string;
  /** Display size (after rotation); 0 when the probe could not read the file. */
  width: number;
  height: number;
  /** Length of a clip (null for a photo). */
  durationSec: number | null;
  /** Why the probe failed, when it did (the file is still submitted: the service has its say). */
  probeError?: string;
}

/** A clip the service must refuse for its length (under 5 s). */
export const tooShort = (item: Item): boolean =>
  item.kind === 'video' && item.durationSec !== null && item.durationSec < MIN_CLIP_SEC;

export function corpusRoot(): string {
  return process.env.LIKENESS_CORPUS ?? resolve(repoRoot, '..', 'shared', 'corpus');
}

/** The folders that hold footage, in the order they are listed: the corpus, then the repository's. */
export function footageRoots(): string[] {
  return [corpusRoot(), join(repoRoot, 'server', 'test', 'fixtures', 'footage')].filter((d) => existsSync(d));
}

/** Every photo and clip under the roots whose name contains one of `only` (all when empty), probed. */
export async function findItems(bins: MediaBinaries, only: string[]): Promise<Item[]> {
  const items: Item[] = [];
  for (const root of footageRoots()) {
    for (const [folder, kind, exts] of [
      ['photos', 'image', PHOTO_EXT],
      ['videos', 'video', VIDEO_EXT],
    ] as const) {
      const dir = join(root, folder);
      // Either folder may be missing (the repository's footage folder may hold only some).
      const names = existsSync(dir) ? (await readdir(dir)).sort() : [];
      for (const name of names) {
        const ext = extname(name).slice(1).toLowerCase();
        if (!exts.has(ext)) continue;
        if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
        // The repository's footage is copied from the corpus: a file already listed is not run twice.
        if (items.some((i) => i.name === name)) continue;
        items.push(await probeItem(bins, join(dir, name), kind, ext));
      }
    }
  }
  return items;
}

async function probeItem(bins: MediaBinaries, path: string, kind: Item['kind'], ext: string): Promise<Item> {
  const base = { name: basename(path), path, kind, ext };
  try {
    const info = await probeMedia(bins.ffprobe, path);
    if (!info.video)
      return { ...base, width: 0, height: 0, durationSec: null, probeError: 'no picture in it' };
    return { ...base, ...displaySize(info.video), durationSec: kind === 'video' ? info.durationSec : null };
  } catch (e) {
    return { ...base, width: 0, height: 0, durationSec: null, probeError: String(e) };
  }
}

/** The speech that drives the "speech" videos: BENCH_FOOTAGE_SPEECH (a path, or a name in the corpus's speech/). */
export function speechPath(): string {
  const chosen = process.env.BENCH_FOOTAGE_SPEECH ?? 'en-speech-jfk-11s.flac';
  return existsSync(chosen) ? resolve(chosen) : join(corpusRoot(), 'speech', chosen);
}
