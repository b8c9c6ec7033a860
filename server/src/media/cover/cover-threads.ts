import { COVER_THREAD_NICENESS } from '../thread-priority.js';
import { workerEntry } from '../worker-thread.js';
import { WorkerThreadPool } from '../worker-pool.js';
import type { CoverThreadReply, CoverThreadRequest } from './cover-protocol.js';
import type { RenderCoverOptions } from './render-cover.js';

/** Draws covers (what CoverService needs of the engine). */
export interface CoverRenderer {
  render(options: RenderCoverOptions): Promise<{ width: number; height: number }>;
  close(): Promise<void>;
}

/**
 * Covers drawn by a bounded pool of worker threads: at most `threads` at once, the others wait their
 * turn, and the thread serving HTTP only hands over the options and waits. A cover is made while its
 * client waits for the answer, so the threads run only a little below the API's thread
 * (COVER_THREAD_NICENESS; talking-video renders, which nobody waits on, run lower).
 */
export class CoverThreads implements CoverRenderer {
  private readonly pool: WorkerThreadPool<CoverThreadRequest, CoverThreadReply>;

  constructor(threads: number) {
    this.pool = new WorkerThreadPool(
      () => workerEntry(import.meta.url, 'cover-worker'),
      'cover renderer',
      threads,
      { niceness: COVER_THREAD_NICENESS },
    );
  }

  async render(options: RenderCoverOptions): Promise<{ width: number; height: number }> {
    const r = await this.pool.request({ options });
    if (r.width === undefined || r.height === undefined)
      throw new Error('cover renderer answered without a size');
    return { width: r.width, height: r.height };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
