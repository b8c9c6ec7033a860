import { open } from 'node:fs/promises';
import path from 'node:path';
import { AvatarStreamEndedError, type FramePool } from '../animate/frame-stream.js';
import { frameBytes } from '../animate/frame.js';
import { avatarDecodeArgs } from '../ffmpeg/raw-frames-args.js';
import type { AvatarFrames } from './avatar-frames.js';
import { startFrameDecoder, type FrameDecoder } from './frame-decoder.js';
import { regionCropGraph, type RegionSource } from './region-graph.js';
import { regionSteps, seamAlpha, seamBlend } from './region-loop.js';
import type { Box, MediaBins } from './types.js';

/**
 * The source of the region-only pipeline's patch: the region of every output frame, as the final
 * encode shows it before the patch covers it. The material is decoded once; a loop's passes read
 * it back from memory, or for material over MEMORY_CACHE_BYTES from a scratch file in the render's
 * working folder (the page cache keeps it warm, the process's memory stays flat however long the
 * clip), and its seams are blended with ffmpeg's own arithmetic (seamBlend), so the patch's edge
 * matches the frame around it exactly.
 */
const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;

export function openRegionFrames(
  bins: MediaBins,
  source: RegionSource,
  region: Box,
  pool: FramePool,
  workDir: string,
  signal?: AbortSignal,
): AvatarFrames {
  const crop = regionCropGraph(source, region);
  const args = avatarDecodeArgs({
    inputs: crop.inputs,
    filterGraph: crop.graph,
    label: 'region',
    frames: crop.frames,
    fps: source.fps,
  });
  const bytes = frameBytes(region.width, region.height);
  const decoder = startFrameDecoder(bins, args, bytes, pool, signal);
  // Its failure is reported where its frames stop coming (regionFrames), never as unhandled.
  decoder.done.catch(() => undefined);
  return {
    source: {
      kind: 'stream',
      frames: regionFrames(decoder, source, crop.frames, bytes, pool, path.join(workDir, 'region.yuv')),
    },
    close: () => decoder.close(),
  };
}

async function* regionFrames(
  decoder: FrameDecoder,
  source: RegionSource,
  expected: number,
  bytes: number,
  pool: FramePool,
  cachePath: string,
): AsyncGenerator<Buffer> {
  const { materialFrames: m, fadeFrames: x } = source.plan;
  const frames = decoder.frames[Symbol.asyncIterator]();
  // Only a loop revisits its material.
  const kept: Buffer[] | null = x > 0 && m * bytes <= MEMORY_CACHE_BYTES ? [] : null;
  const cache = x > 0 && !kept ? await open(cachePath, 'w+') : null;
  let decoded = 0;
  const material = async (index: number): Promise<Buffer> => {
    if (index < decoded) {
      const frame = pool.take();
      if (kept) frame.set(kept[index]!);
      else if (cache) await cache.read(frame, 0, bytes, index * bytes);
      else throw new Error(`material frame ${index} asked again`);
      return frame;
    }
    if (index !== decoded) throw new Error(`material frame ${index} asked before frame ${decoded}`);
    const next = await frames.next();
    if (next.done) {
      await decoder.done; // a decoder that failed says why
      throw new AvatarStreamEndedError(decoded, expected);
    }
    decoded++;
    if (kept) kept.push(Buffer.from(next.value));
    else if (cache) await cache.write(next.value, 0, bytes, index * bytes);
    return next.value;
  };
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
    await frames.return?.();
    await cache?.close();
  }
}
