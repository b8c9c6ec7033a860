import { Worker } from 'node:worker_threads';
import { workerEntry } from '../worker-thread.js';
import { RENDER_NICENESS } from './render-client.js';
import { deserialiseError, type SerialisedError } from './render-protocol.js';
import type { RegionCacheOptions } from './region-cache.js';
import type { KeepRegionJob, KeptRegion } from './region-keeper.js';
import type { MediaBins } from './types.js';

/** What the keeper thread starts with (its `workerData`). */
export interface KeepRegionThreadInput {
  bins: MediaBins;
  job: KeepRegionJob;
  cache: RegionCacheOptions;
  tmpDir?: string;
  niceness: number;
}

export type KeepRegionThreadMessage =
  { type: 'done'; kept: KeptRegion | null } | { type: 'failed'; error: SerialisedError };

/**
 * Keeps a video avatar's region source in the region cache (region-keeper.ts explains what and
 * why), in a worker thread of its own at a render's priority. Resolves with what was kept, or null
 * when there was nothing to keep. An aborted call settles once the thread has stopped its ffmpeg
 * and removed its working folder, and rejects with the signal's reason.
 */
export function keepAvatarRegion(
  bins: MediaBins,
  job: KeepRegionJob,
  opts: { cache: RegionCacheOptions; tmpDir?: string; signal?: AbortSignal },
): Promise<KeptRegion | null> {
  const { signal } = opts;
  if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
  const input: KeepRegionThreadInput = {
    bins: { ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe },
    job,
    cache: opts.cache,
    tmpDir: opts.tmpDir,
    niceness: RENDER_NICENESS,
  };
  return new Promise<KeptRegion | null>((resolve, reject) => {
    const entry = workerEntry(import.meta.url, 'region-keeper-thread');
    const worker = new Worker(entry.script, { eval: entry.eval, workerData: input });
    let settled = false;
    const onAbort = () => worker.postMessage({ type: 'abort' });
    signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (err: unknown, kept?: KeptRegion | null) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (!err) resolve(kept ?? null);
      else reject(signal?.aborted ? (signal.reason ?? err) : err);
    };
    worker.on('message', (m: KeepRegionThreadMessage) => {
      if (m.type === 'done') finish(null, m.kept);
      else finish(deserialiseError(m.error));
    });
    worker.on('error', (err) => finish(err));
    worker.on('exit', (code) =>
      finish(new Error(`the region keeper thread ended (code ${code}) before its work`)),
    );
  });
}
