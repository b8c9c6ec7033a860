import { open, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { AvatarStreamEndedError, FramePool } from '../animate/frame-stream.js';
import { cropFrame, frameBytes } from '../animate/frame.js';
import { avatarDecodeArgs } from '../ffmpeg/raw-frames-args.js';
import type { AvatarFrames } from './avatar-frames.js';
import { startFrameDecoder, type FrameDecoder } from './frame-decoder.js';
import {
  findCachedRegion,
  regionSourceKey,
  startCachedRegion,
  type CachedRegionWriter,
  type RegionCacheOptions,
} from './region-cache.js';
import { regionCropGraph, regionDecoding, type RegionSource } from './region-graph.js';
import { regionSteps, revisitsMaterial, seamAlpha, seamBlend } from './region-loop.js';
import type { Box, MediaBins } from './types.js';

/**
 * The source of the region-only pipeline's patch: the region of every output frame, as the final
 * encode shows it before the patch covers it. The material is decoded once; a loop's passes read
 * it back from memory, or for material over MEMORY_CACHE_BYTES from a scratch file in the render's
 * working folder (the page cache keeps it warm, the process's memory stays flat however long the
 * clip), and its seams are blended with ffmpeg's own arithmetic (seamBlend), so the patch's edge
 * matches the frame around it exactly. With a region cache (region-cache.ts) the material comes
 * from an earlier render of the same clip when one kept it (and a loop's later passes copy it from
 * memory, under the same bound), and is otherwise kept for the next.
 */
const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;

/** The region cache and the hash of the avatar clip's content, which names its entries. */
export interface RegionCacheUse {
  options: RegionCacheOptions;
  contentHash: Promise<string>;
}

export interface RegionFrames extends AvatarFrames {
  /** Where the material came from: decoded by this render, or read from the region cache. */
  origin: 'decoded' | 'cache';
}

/** The ffmpeg that decodes, by path, size and time: another build may scale to other pixels. */
async function binaryIdentity(file: string): Promise<string> {
  const s = await stat(file).catch(() => null); // a bare name, found on the PATH
  return s ? `${file}:${s.size}:${Math.round(s.mtimeMs)}` : file;
}

/** Material frame `index` of the region, as a frame of the region's pool the caller owns. */
type Material = (index: number) => Promise<Buffer>;

export async function openRegionFrames(
  bins: MediaBins,
  source: RegionSource,
  region: Box,
  pool: FramePool,
  workDir: string,
  signal?: AbortSignal,
  cache?: RegionCacheUse | null,
): Promise<RegionFrames> {
  const { frames } = regionCropGraph(source, region);
  const key = cache
    ? regionSourceKey(
        await cache.contentHash,
        `${await binaryIdentity(bins.ffmpeg)}\n${regionDecoding(source)}`,
      )
    : null;
  if (cache && key) {
    const hit = await findCachedRegion(cache.options.dir, key, region, frames);
    if (hit) {
      const file = await open(hit.path, 'r');
      const read = stored(fileStore(file, frameBytes(hit.box.width, hit.box.height)), hit.box, region, pool);
      const material = keptInMemory(source, region) ? remembered(read, pool) : read;
      const finish = once(() => file.close());
      return {
        origin: 'cache',
        source: { kind: 'stream', frames: regionFrames(material, source, pool, finish) },
        close: finish,
      };
    }
  }
  const writer =
    cache && key ? await startCachedRegion(cache.options, key, region, source.box, frames) : null;
  const box = writer?.box ?? region;
  const crop = regionCropGraph(source, box);
  const args = avatarDecodeArgs({
    inputs: crop.inputs,
    filterGraph: crop.graph,
    label: 'region',
    frames: crop.frames,
    fps: source.fps,
  });
  const bytes = frameBytes(box.width, box.height);
  const boxPool = writer ? new FramePool(bytes, 2) : pool;
  const decoder = startFrameDecoder(bins, args, bytes, boxPool, signal);
  // Its failure is reported where its frames stop coming (regionFrames), never as unhandled.
  decoder.done.catch(() => undefined);
  const store = await materialStore(writer, revisitsMaterial(source.plan), bytes, frames, workDir);
  const material = decoded(decoder, frames, store, writer, box, region, pool, boxPool);
  const finish = once(async () => {
    await decoder.close();
    await store?.close();
    await writer?.discard(); // nothing once committed
  });
  return {
    origin: 'decoded',
    source: { kind: 'stream', frames: regionFrames(material, source, pool, finish) },
    close: finish,
  };
}

/**
 * Where decoded material is kept: the entry being written for the region cache; else, since only a
 * loop revisits its material, memory or (over MEMORY_CACHE_BYTES) a scratch file for a loop, and
 * nowhere for a clip played once.
 */
async function materialStore(
  writer: CachedRegionWriter | null,
  loops: boolean,
  bytes: number,
  frames: number,
  workDir: string,
): Promise<FrameStore | null> {
  if (writer) return fileStore(writer.file, bytes);
  if (!loops) return null;
  if (bytes * frames <= MEMORY_CACHE_BYTES) return memoryStore();
  return fileStore(await open(path.join(workDir, 'region.yuv'), 'w+'), bytes);
}

/** Material frames by index: kept in memory or in a file of whole frames. */
interface FrameStore {
  write(index: number, frame: Buffer): Promise<void>;
  read(index: number, into: Buffer): Promise<void>;
  close(): Promise<void>;
}

function memoryStore(): FrameStore {
  const kept: Buffer[] = [];
  return {
    write: async (index, frame) => {
      kept[index] = Buffer.from(frame);
    },
    read: async (index, into) => {
      into.set(kept[index]!);
    },
    close: async () => {
      kept.length = 0;
    },
  };
}

function fileStore(file: FileHandle, bytes: number): FrameStore {
  return {
    write: async (index, frame) => {
      await file.write(frame, 0, bytes, index * bytes);
    },
    read: async (index, into) => {
      const { bytesRead } = await file.read(into, 0, bytes, index * bytes);
      if (bytesRead !== bytes)
        throw new Error(`region frame ${index} is short (${bytesRead} of ${bytes} bytes)`);
    },
    close: () => file.close(),
  };
}

/**
 * Whether a loop's material, cut to `region`, is small enough to keep in memory once read from the
 * region cache (remembered): a loop reads every frame again at each pass.
 */
function keptInMemory(source: RegionSource, region: Box): boolean {
  return (
    revisitsMaterial(source.plan) &&
    frameBytes(region.width, region.height) * source.plan.materialFrames <= MEMORY_CACHE_BYTES
  );
}

/**
 * `material` with each frame kept in memory as first read: later passes copy it from there instead
 * of reading the kept entry's frame again and cutting the region out of it (a read and a crop per
 * output frame: in a 60 s render at 1080x1920 with 125 frames of material, ~0.15 s of the render
 * thread's system time and more of its own).
 */
function remembered(material: Material, pool: FramePool): Material {
  const kept: Buffer[] = [];
  return async (index) => {
    const known = kept[index];
    if (known) {
      const frame = pool.take();
      frame.set(known);
      return frame;
    }
    const frame = await material(index);
    kept[index] = Buffer.from(frame);
    return frame;
  };
}

/** Material read back from `store`, whose frames hold `box`, cut to `region`. */
function stored(store: FrameStore, box: Box, region: Box, pool: FramePool): Material {
  const same = sameBox(box, region);
  const scratch = same ? null : Buffer.allocUnsafe(frameBytes(box.width, box.height));
  const at = { x: region.x - box.x, y: region.y - box.y, width: region.width, height: region.height };
  return async (index) => {
    const frame = pool.take();
    if (!scratch) {
      await store.read(index, frame);
      return frame;
    }
    await store.read(index, scratch);
    cropFrame(scratch, box.width, box.height, at, frame);
    return frame;
  };
}

/**
 * Material decoded in order (frames of `box`), each written to `store` when there is one (read back
 * from there when asked again) and cut to `region`. The kept source is published once complete.
 */
function decoded(
  decoder: FrameDecoder,
  expected: number,
  store: FrameStore | null,
  writer: CachedRegionWriter | null,
  box: Box,
  region: Box,
  pool: FramePool,
  boxPool: FramePool,
): Material {
  const frames = decoder.frames[Symbol.asyncIterator]();
  const again = store ? stored(store, box, region, pool) : null;
  const at = { x: region.x - box.x, y: region.y - box.y, width: region.width, height: region.height };
  let count = 0;
  return async (index) => {
    if (index < count) {
      if (!again) throw new Error(`material frame ${index} asked again`);
      return again(index);
    }
    if (index !== count) throw new Error(`material frame ${index} asked before frame ${count}`);
    const next = await frames.next();
    if (next.done) {
      await decoder.done; // a decoder that failed says why
      throw new AvatarStreamEndedError(count, expected);
    }
    count++;
    await store?.write(index, next.value);
    // A cache that cannot take it leaves the next render to decode; this one goes on.
    if (count === expected) await writer?.commit().catch(() => undefined);
    if (boxPool === pool) return next.value;
    const frame = pool.take();
    cropFrame(next.value, box.width, box.height, at, frame);
    boxPool.give(next.value);
    return frame;
  };
}

/** `fn` run at most once; later calls share its promise (the frames' end and `close` both finish). */
function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => (running ??= fn());
}

function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

async function* regionFrames(
  material: Material,
  source: RegionSource,
  pool: FramePool,
  finish: () => Promise<void>,
): AsyncGenerator<Buffer> {
  const { materialFrames: m, fadeFrames: x } = source.plan;
  try {
    for (const step of regionSteps(source.plan)) {
      if (step.kind === 'material') {
        yield await material(step.index);
        continue;
      }
      const tail = await material(m - x + step.k);
      const head = await material(step.k);
      seamBlend(tail, head, seamAlpha(step.k, x), tail);
      pool.give(head);
      yield tail;
    }
  } finally {
    await finish();
  }
}
