import { Worker } from 'node:worker_threads';
import { workerEntry } from '../worker-thread.js';
import { deserialiseError, type RenderThreadInput, type RenderThreadMessage } from './render-protocol.js';
import type { TalkingVideoResult } from './render-video.js';
import type { MediaBins, RenderOptions, TalkingVideoJob } from './types.js';

/**
 * Nice value of a render's thread and its ffmpeg processes unless RenderOptions.niceness says
 * otherwise: low enough that the API's thread (nice 0) gets the CPU first when both want it, which
 * on a small machine is what keeps polled queries fast while videos render.
 */
export const RENDER_NICENESS = 10;

/**
 * Renders a talking video (see renderTalkingVideoInThread for what it makes) in a worker thread of
 * its own, started for this render and ended after it: frames never touch the calling thread's
 * event loop or heap. Progress, abort and errors (with their classes and causes: ComposeInputError,
 * FfmpegError, MediaTimeoutError, MediaDefectError, AvatarStreamEndedError; see render-protocol.ts)
 * behave as if the render ran here. An aborted render
 * settles only once the worker has killed its ffmpeg and removed its working folder, and rejects
 * with the signal's reason.
 */
export function renderTalkingVideo(
  bins: MediaBins,
  job: TalkingVideoJob,
  opts: RenderOptions = {},
): Promise<TalkingVideoResult> {
  const { signal } = opts;
  if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
  const input: RenderThreadInput = {
    bins: { ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe },
    job,
    tmpDir: opts.tmpDir,
    fontDirs: opts.fontDirs,
    niceness: opts.niceness ?? RENDER_NICENESS,
  };
  return new Promise<TalkingVideoResult>((resolve, reject) => {
    const entry = workerEntry(import.meta.url, 'render-thread');
    // Throws (and so rejects) if the job holds something that cannot be cloned to another thread.
    const worker = new Worker(entry.script, { eval: entry.eval, workerData: input });
    let settled = false;
    const onAbort = () => worker.postMessage({ type: 'abort' });
    signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (err: unknown, result?: TalkingVideoResult) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (result && !err) resolve(result);
      else reject(signal?.aborted ? (signal.reason ?? err) : err);
    };
    worker.on('message', (m: RenderThreadMessage) => {
      if (m.type === 'progress') opts.onProgress?.(m.fraction);
      else if (m.type === 'done') finish(null, m.result);
      else finish(deserialiseError(m.error));
    });
    worker.on('error', (err) => finish(err));
    worker.on('exit', (code) =>
      finish(new Error(`the render thread ended (code ${code}) before the render`)),
    );
  });
}
