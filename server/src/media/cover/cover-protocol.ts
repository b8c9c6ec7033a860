import type { WorkerReply } from '../worker-thread.js';
import type { RenderCoverOptions } from './render-cover.js';

/** One cover to draw, sent to a cover thread (cover-worker.ts). */
export interface CoverThreadRequest {
  id: number;
  options: RenderCoverOptions;
}

/** The drawn cover's size, or (ok false) the error's message. */
export interface CoverThreadReply extends WorkerReply {
  width?: number;
  height?: number;
}
