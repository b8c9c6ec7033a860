// Worker-thread entry of the cover pool (cover-threads.ts): draws one cover per request, one at a
// time, so that the layout, the SVG rasterising and the encoding never run on the HTTP thread.
import { parentPort } from 'node:worker_threads';
import type { CoverThreadReply, CoverThreadRequest } from './cover-protocol.js';
import { renderCover } from './render-cover.js';

if (!parentPort) throw new Error('cover-worker runs as a worker thread');
const port = parentPort;
let queue: Promise<void> = Promise.resolve();

async function handle(req: CoverThreadRequest): Promise<void> {
  let reply: CoverThreadReply;
  try {
    reply = { id: req.id, ok: true, ...(await renderCover(req.options)) };
  } catch (err) {
    reply = { id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
}

port.on('message', (req: CoverThreadRequest) => {
  queue = queue.then(() => handle(req));
});
