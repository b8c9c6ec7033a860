// Worker-thread entry that keeps one video avatar's region source (region-keeper.ts): its rigs and
// the frames it reads stay off the calling thread's event loop (job-thread.ts).
import { serveJobThread } from './job-thread.js';
import { keepAvatarRegionInThread } from './region-keeper.js';
import type { KeepRegionThreadInput } from './region-keeper-client.js';

serveJobThread(
  (input: KeepRegionThreadInput, signal) =>
    keepAvatarRegionInThread(input.bins, input.job, { cache: input.cache, tmpDir: input.tmpDir, signal }),
  'keeping the region',
);
