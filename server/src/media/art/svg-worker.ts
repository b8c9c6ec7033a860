// Worker-thread entry of the SVG rasteriser (svg-render.ts): resvg parses the document and loads
// the bundled font on the calling thread before it renders on the libuv pool; with the CJK font that
// is 50-150 ms of CPU a drawing, which must not run on the thread serving HTTP.
import { parentPort } from 'node:worker_threads';
import { rasterise } from './svg-render.js';
import type { SvgThreadReply, SvgThreadRequest } from './svg-protocol.js';

if (!parentPort) throw new Error('svg-worker runs as a worker thread');
const port = parentPort;

port.on('message', (req: SvgThreadRequest) => {
  rasterise(req.svg, req.text).then(
    (png) => {
      const bytes = new Uint8Array(png); // a copy the thread owns, so it can be transferred
      const reply: SvgThreadReply = { id: req.id, ok: true, png: bytes };
      port.postMessage(reply, [bytes.buffer]);
    },
    (err: unknown) => {
      const reply: SvgThreadReply = {
        id: req.id,
        ok: false,
        message: err instanceof Error ? err.message : String(err),
      };
      port.postMessage(reply);
    },
  );
});
