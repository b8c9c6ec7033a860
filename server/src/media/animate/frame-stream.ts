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

/** Cuts a byte stream into frames of exactly `size` bytes; each frame is a new buffer the caller owns. */
export async function* readFrames(stream: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let frame = Buffer.allocUnsafe(size);
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
        frame = Buffer.allocUnsafe(size);
        filled = 0;
      }
    }
  }
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
): AsyncGenerator<Buffer> {
  if (source.kind === 'still') {
    for (let i = 0; i < count; i++) {
      const frame = Buffer.from(source.frame);
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
