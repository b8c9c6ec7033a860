import type { Readable } from 'node:stream';
import { readFrames, type FramePool } from '../animate/frame-stream.js';
import { runMediaBinary } from '../run-ffmpeg.js';
import type { MediaBins } from './types.js';

/** A running ffmpeg that writes raw frames to stdout, read as whole frames. */
export interface FrameDecoder {
  frames: AsyncIterable<Buffer>;
  /** Stops the decoder (if still running) and waits for it; errors of a decoder we stopped are ignored. */
  close(): Promise<void>;
  /** Settles when the decoder exits; rejects if it failed on its own. */
  done: Promise<void>;
}

/**
 * Starts ffmpeg with `args` (which write raw frames of `frameBytes` bytes to pipe:1), at `niceness`
 * when given (runMediaBinary), else at the caller's priority.
 */
export function startFrameDecoder(
  bins: MediaBins,
  args: string[],
  frameBytes: number,
  pool: FramePool,
  signal?: AbortSignal,
  niceness?: number,
): FrameDecoder {
  const stop = new AbortController();
  const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  let stdout: Readable | undefined;
  const running = runMediaBinary(bins.ffmpeg, args, {
    signal: combined,
    niceness,
    onStdout: (out: Readable) => {
      // Node resumes a child's unread stdout when the child exits, dropping what it wrote: a
      // prefetched decoder of a short pass can finish before its frames are read. A 'readable'
      // listener keeps the stream paused (resume() then does not make it flow) until it is read.
      out.on('readable', () => undefined);
      stdout = out;
    },
  });
  const done = running.then(
    () => undefined,
    (err: unknown) => {
      if (stop.signal.aborted) return;
      throw err;
    },
  );
  if (!stdout) throw new Error('the frame decoder has no output');
  return {
    frames: readFrames(stdout as AsyncIterable<Buffer>, frameBytes, pool),
    done,
    async close() {
      stop.abort();
      await done.catch(() => undefined);
    },
  };
}
