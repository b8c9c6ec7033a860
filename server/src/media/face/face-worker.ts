// Worker-thread entry of the face engine: the model and its WebAssembly memory live here, off the
// main thread and out of its garbage collector. Requests run one at a time, in arrival order.
import { parentPort } from 'node:worker_threads';
import { findFaces, measureFace } from './detect-core.js';
import { loadFaceEngine, type FaceEngine } from './human-engine.js';
import type { FaceWorkerReply, FaceWorkerRequest } from './face-worker-protocol.js';

let engine: Promise<FaceEngine> | null = null;
let queue: Promise<void> = Promise.resolve();

async function handle(req: FaceWorkerRequest): Promise<void> {
  let reply: FaceWorkerReply;
  const transfer: ArrayBuffer[] = [];
  try {
    engine ??= loadFaceEngine();
    const loaded = await engine;
    const image = { data: req.data, width: req.width, height: req.height };
    if (req.op === 'find') {
      const { boxes, faces } = await findFaces(loaded, image, req.minFacePx);
      for (const f of faces) transfer.push(f.points.buffer as ArrayBuffer);
      reply = { id: req.id, ok: true, boxes, faces };
    } else {
      const measured = [];
      for (const w of req.windows) measured.push(await measureFace(loaded, image, w));
      for (const f of measured) if (f) transfer.push(f.points.buffer as ArrayBuffer);
      reply = { id: req.id, ok: true, measured };
    }
  } catch (err) {
    if (!(err instanceof RangeError)) engine = null; // let a later request reload a failed engine
    reply = { id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply, transfer);
}

parentPort?.on('message', (req: FaceWorkerRequest) => {
  queue = queue.then(() => handle(req));
});
