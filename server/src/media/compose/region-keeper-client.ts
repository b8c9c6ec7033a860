import { runJobThread } from './job-thread.js';
import { RENDER_NICENESS } from './render-client.js';
import type { RegionCacheOptions } from './region-cache.js';
import type { KeepRegionJob, KeptRegion } from './region-keeper.js';
import type { MediaBins } from './types.js';

/** What the keeper thread works on. */
export interface KeepRegionThreadInput {
  bins: MediaBins;
  job: KeepRegionJob;
  cache: RegionCacheOptions;
  tmpDir?: string;
}

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
  const input: KeepRegionThreadInput = {
    bins: { ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe },
    job,
    cache: opts.cache,
    tmpDir: opts.tmpDir,
  };
  return runJobThread(import.meta.url, 'region-keeper-thread', input, {
    niceness: RENDER_NICENESS,
    signal: opts.signal,
  });
}
