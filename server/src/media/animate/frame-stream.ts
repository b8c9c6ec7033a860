import { once } from 'node:events';
import type { Writable } from 'node:stream';
/** Changes frames in place: `frame` holds the picture of frame `index` and receives the result; with
 * `base` (a still picture reused for every frame) `frame` is a fresh copy of it. */
export interface FrameAnimator {
  render(index: number, frame: Uint8Array, base?: Uint8Array): void;
  readonly stats: { animated: number; passed: number };
}

/**
 * Frame plumbing between the avatar's decoder, the face animator and the encoder. Generators pull
 * one frame at a time, so with a bounded stream buffer in front of the encoder a render holds a
 * handful of frames in memory, however long the video.
 */

/**
 * Recycles frame buffers. A render moves thousands of megabyte-sized frames; allocating each anew
 * made the garbage collector the largest cost after the warp. Frames come back once the encoder's
 * pipe has taken them.
 */
export class FramePool {
  private readonly free: Buffer[] = [];

  constructor(
    readonly size: number,
    private readonly keep = 8,
  ) {}

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafe(this.size);
  }

  give(frame: Buffer): void {
    if (frame.length === this.size && this.free.length < this.keep) this.free.push(frame);
  }
}

/**
 * Cuts a byte stream into frames of exactly `size` bytes; each frame is a buffer the caller owns
 * (taken from `pool` when given, to be given back when done with).
 */
export async function* readFrames(
  stream: AsyncIterable<Buffer>,
  size: number,
  pool: FramePool = new FramePool(size, 0),
): AsyncGenerator<Buffer> {
  let frame = pool.take();
  let filled = 0;
  for await (const chunk of stream) {
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(size - filled, chunk.length - at);
      chunk.copy(frame, filled, at, at + n);
      filled += n;
      at += n;
      if (filled === size) {
        yield frame;
        frame = pool.take();
        filled = 0;
      }
    }
  }
}

/**
 * Exactly `count` frames of `frames`. A source that ends at most `maxHeld` frames early has its last
 * picture repeated (copies from `pool`) up to the count, so a decoder that rounds a clip's length
 * down by a frame still fills its place; one that ends earlier is passed on as it is (the caller
 * reports it).
 * Frames are passed on one step late, so the last one is still untouched when the source ends.
 */
export async function* exactlyFrames(
  frames: AsyncIterable<Buffer>,
  count: number,
  pool: FramePool,
  maxHeld: number,
): AsyncGenerator<Buffer> {
  if (count <= 0) return;
  let held: Buffer | null = null;
  let sent = 0;
  for await (const frame of frames) {
    if (held) {
      yield held;
      sent++;
    }
    held = frame;
    if (sent === count - 1) break;
  }
  if (!held) return;
  // Frames still missing after `held`; more than maxHeld is a source that really ended early.
  const missing = count - 1 - sent;
  for (let k = 0; missing <= maxHeld && k < missing; k++) {
    const copy = pool.take();
    copy.set(held);
    yield copy;
  }
  yield held;
}

/** Where the avatar's pictures come from: a decoder's frames, or one still picture for every frame. */
export type FrameSource =
  { kind: 'stream'; frames: AsyncIterable<Buffer> } | { kind: 'still'; frame: Uint8Array };

export class AvatarStreamEndedError extends Error {
  constructor(
    readonly produced: number,
    readonly expected: number,
  ) {
    super(`the avatar's picture stream ended after ${produced} of ${expected} frames`);
    this.name = 'AvatarStreamEndedError';
  }
}

/**
 * Exactly `count` animated frames. A decoder that stops early is an error (the encoder would
 * otherwise write a video shorter than its sound).
 */
export async function* animateFrames(
  source: FrameSource,
  count: number,
  animator: FrameAnimator | null,
  pool?: FramePool,
): AsyncGenerator<Buffer> {
  if (source.kind === 'still') {
    for (let i = 0; i < count; i++) {
      const frame = pool ? pool.take() : Buffer.allocUnsafe(source.frame.length);
      frame.set(source.frame);
      animator?.render(i, frame, source.frame);
      yield frame;
    }
    return;
  }
  let i = 0;
  for await (const frame of source.frames) {
    if (i >= count) break;
    animator?.render(i, frame);
    yield frame;
    i++;
  }
  if (i < count) throw new AvatarStreamEndedError(i, count);
}

/**
 * Writes frames into a pipe (the encoder's stdin) with backpressure, giving each frame back to the
 * pool once the pipe has taken it, then ends the pipe. Stops quietly when `stop` fires (the encoder
 * has finished or failed); a failing frame source rejects.
 */
export async function pumpFrames(
  frames: AsyncIterable<Buffer>,
  pipe: Writable,
  pool: FramePool,
  stop: AbortSignal,
): Promise<void> {
  const iterator = frames[Symbol.asyncIterator]();
  try {
    for (;;) {
      if (stop.aborted) return;
      const next = await iterator.next();
      if (next.done) break;
      const frame = next.value;
      if (!pipe.write(frame, () => pool.give(frame))) {
        try {
          await once(pipe, 'drain', { signal: stop });
        } catch {
          return; // stopped while the pipe was full
        }
      }
    }
    pipe.end();
  } finally {
    await iterator.return?.();
  }
}
