import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, utimes, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { frameBytes } from '../animate/frame.js';
import type { Size } from './avatar-filters.js';
import type { Box } from './types.js';

/**
 * Region sources kept between renders. The region-only pipeline's second decoder (region-frames.ts)
 * decodes the avatar clip once per render only to cut out the region around the mouth: 0.5-1.3
 * CPU-seconds for a 10 s clip on the 2 cores the encoder is using. An avatar is made once and speaks
 * in many videos, so the first render keeps what it decoded (raw frames of a box a little larger than
 * its region, on local disk, where the page cache keeps it warm) and the next renders of that avatar,
 * at that size, read it back instead.
 *
 * Entries are named by what decides their pixels (the clip's content and the decoder's graph) and
 * by the box and frame count they hold, and are written under a temporary name and renamed, so
 * processes sharing the folder never see a partial entry and can remove entries others still read.
 * The least recently used entries go once the folder holds more than its bound.
 */

export interface RegionCacheOptions {
  /** The folder (made when needed); processes on one machine may share it. */
  dir: string;
  /** Bound on the folder's size; one entry may take at most a quarter of it. */
  maxBytes: number;
}

/**
 * Pixels added on each side of a render's region when its source is kept: renders of other speech
 * move the mouth a little more or less, so their regions differ by a few pixels.
 */
export const CACHE_MARGIN = 24;

const MAX_ENTRY_SHARE = 0.25;

export interface CachedRegionEntry {
  key: string;
  box: Box;
  frames: number;
}

const NAME = /^([0-9a-f]{32})_(\d+)_(\d+)_(\d+)_(\d+)_(\d+)\.yuv$/;

export function cachedRegionName(e: CachedRegionEntry): string {
  return `${e.key}_${e.box.x}_${e.box.y}_${e.box.width}_${e.box.height}_${e.frames}.yuv`;
}

/** The entry a file name holds, or null for other files (temporary ones included). */
export function parseCachedRegionName(name: string): CachedRegionEntry | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [x, y, width, height, frames] = m.slice(2).map(Number) as [number, number, number, number, number];
  return { key: m[1]!, box: { x, y, width, height }, frames };
}

export function boxContains(outer: Box, inner: Box): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/**
 * The box to keep for `region` of a `size` frame: the region grown by CACHE_MARGIN, joined with the
 * boxes already kept for the same source (so renders whose regions wander converge on one entry),
 * on even pixels (4:2:0 chroma) and within the frame.
 */
export function cacheBox(region: Box, size: Size, kept: readonly Box[] = []): Box {
  let x0 = region.x - CACHE_MARGIN;
  let y0 = region.y - CACHE_MARGIN;
  let x1 = region.x + region.width + CACHE_MARGIN;
  let y1 = region.y + region.height + CACHE_MARGIN;
  for (const b of kept) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width);
    y1 = Math.max(y1, b.y + b.height);
  }
  x0 = Math.max(0, Math.floor(x0 / 2) * 2);
  y0 = Math.max(0, Math.floor(y0 / 2) * 2);
  x1 = Math.min(Math.floor(size.width / 2) * 2, Math.ceil(x1 / 2) * 2);
  y1 = Math.min(Math.floor(size.height / 2) * 2, Math.ceil(y1 / 2) * 2);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Entries to remove, least recently used first, until the rest fit in `maxBytes`; `keep` stays. */
export function evictionOrder(
  entries: readonly { name: string; bytes: number; usedMs: number }[],
  maxBytes: number,
  keep?: string,
): string[] {
  let total = entries.reduce((sum, e) => sum + e.bytes, 0);
  const out: string[] = [];
  for (const e of [...entries].sort((a, b) => a.usedMs - b.usedMs || a.name.localeCompare(b.name))) {
    if (total <= maxBytes) break;
    if (e.name === keep) continue;
    out.push(e.name);
    total -= e.bytes;
  }
  return out;
}

/** SHA-256 of a file's content, hex. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A clip's content hash: the one its caller took already (an avatar's, when it was made), or hashFile's. */
export function clipHash(clip: { path: string; contentHash?: string }): Promise<string> {
  return clip.contentHash ? Promise.resolve(clip.contentHash) : hashFile(clip.path);
}

/** The key of a region source: the clip's content hash and what the decoder does with it. */
export function regionSourceKey(contentHash: string, decoding: string): string {
  return createHash('sha256').update(contentHash).update('\n').update(decoding).digest('hex').slice(0, 32);
}

async function entriesOf(dir: string): Promise<{ name: string; entry: CachedRegionEntry }[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  return names.flatMap((name) => {
    const entry = parseCachedRegionName(name);
    return entry ? [{ name, entry }] : [];
  });
}

/**
 * A kept source of `key` that holds `region` for at least `frames` frames (the smallest such), or
 * null. A file of the wrong size (a disk that filled up) is not used. Marks the entry as used.
 */
export async function findCachedRegion(
  dir: string,
  key: string,
  region: Box,
  frames: number,
): Promise<(CachedRegionEntry & { path: string }) | null> {
  const fits = (await entriesOf(dir))
    .filter(({ entry: e }) => e.key === key && e.frames >= frames && boxContains(e.box, region))
    .sort((a, b) => a.entry.box.width * a.entry.box.height - b.entry.box.width * b.entry.box.height);
  for (const { name, entry } of fits) {
    const file = path.join(dir, name);
    const s = await stat(file).catch(() => null);
    if (!s || s.size !== frameBytes(entry.box.width, entry.box.height) * entry.frames) continue;
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return { ...entry, path: file };
  }
  return null;
}

/** Whether `frames` frames of `box` may be kept: one entry takes at most a share of the cache. */
export function entryFits(opts: RegionCacheOptions, box: Box, frames: number): boolean {
  return frameBytes(box.width, box.height) * frames <= opts.maxBytes * MAX_ENTRY_SHARE;
}

/** A region source being written: frames go to `file` at their index; `commit` publishes it. */
export interface CachedRegionWriter {
  box: Box;
  file: FileHandle;
  /** Names the complete entry (replacing the kept boxes it contains) and trims the folder to its bound. */
  commit(): Promise<void>;
  /** Removes the unfinished entry (a render that stopped early). */
  discard(): Promise<void>;
}

/**
 * Starts keeping the source of `region` (of a `size` frame, `frames` frames), or returns null when
 * the entry would take more than its share of the cache.
 */
export async function startCachedRegion(
  opts: RegionCacheOptions,
  key: string,
  region: Box,
  size: Size,
  frames: number,
): Promise<CachedRegionWriter | null> {
  const kept = (await entriesOf(opts.dir)).filter(({ entry }) => entry.key === key);
  const box = cacheBox(
    region,
    size,
    kept.map(({ entry }) => entry.box),
  );
  if (!entryFits(opts, box, frames)) return null;
  await mkdir(opts.dir, { recursive: true });
  const name = cachedRegionName({ key, box, frames });
  const tmp = path.join(opts.dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const file = await open(tmp, 'w+');
  let settled = false;
  return {
    box,
    file,
    async commit() {
      if (settled) return;
      await rename(tmp, path.join(opts.dir, name));
      settled = true; // a rename that failed leaves the temporary file to discard()
      for (const { name: old, entry } of kept) {
        if (old !== name && boxContains(box, entry.box) && entry.frames <= frames) {
          await rm(path.join(opts.dir, old), { force: true });
        }
      }
      await trimCache(opts, name);
    },
    async discard() {
      if (settled) return;
      settled = true;
      await rm(tmp, { force: true });
    },
  };
}

/** A temporary entry this old was left by a process that died while writing it. */
const STALE_TMP_MS = 60 * 60 * 1000;

async function trimCache(opts: RegionCacheOptions, keep: string): Promise<void> {
  const names = await readdir(opts.dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith('.') && n.endsWith('.tmp'))) {
    const s = await stat(path.join(opts.dir, name)).catch(() => null);
    if (s && Date.now() - s.mtimeMs > STALE_TMP_MS) await rm(path.join(opts.dir, name), { force: true });
  }
  const sized = await Promise.all(
    (await entriesOf(opts.dir)).map(async ({ name }) => {
      const s = await stat(path.join(opts.dir, name)).catch(() => null);
      return s ? { name, bytes: s.size, usedMs: s.mtimeMs } : null;
    }),
  );
  const present = sized.filter((e) => e !== null);
  for (const name of evictionOrder(present, opts.maxBytes, keep)) {
    await rm(path.join(opts.dir, name), { force: true });
  }
}
