import type { WorkerReply } from '../worker-thread.js';

/** One SVG to rasterise, sent to an SVG thread (svg-worker.ts). */
export interface SvgThreadRequest {
  id: number;
  svg: string;
  /** Load the bundled font (false for text-free layers). */
  text: boolean;
}

/** The PNG's bytes, or (ok false) the error's message. */
export interface SvgThreadReply extends WorkerReply {
  png?: Uint8Array;
}
