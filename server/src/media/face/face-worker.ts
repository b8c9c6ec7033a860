// Worker-thread entry of the face engine: the model and its WebAssembly memory live here, off the
// main thread and out of its garbage collector. Engine calls run one at a time, in arrival order;
// a video's track is worked out here too (decoding, frame signatures, smoothing), so the thread
// serving HTTP only receives the finished track.
import { parentPort } from 'node:worker_threads';
import { serialiseSpawnError } from '../spawn-protocol.js';
import { findFaces, measureFace } from './detect-core.js';
import type { FaceFinder } from './detector.js';
import type { FaceWorkerReply, FaceWorkerRequest } from './face-worker-protocol.js';
import { loadFaceEngine, type FaceEngine } from './human-engine.js';
import type { FaceTrack } from './track.js';
import { trackFaceInVideo } from './tracker.js';

/** A track's progress is posted at most this often (a stalled track is judged over 90 s). */
const PROGRESS_EVERY_MS = 250;

let engine: Promise<FaceEngine> | null = null;
let turn: Promise<unknown> = Promise.resolve();

/** Runs `work` on the engine after every call before it: the WebAssembly backend is single-threaded. */
function withEngine<T>(work: (e: FaceEngine) => Promise<T>): Promise<T> {
  const run = turn.then(async () => {
    engine ??= loadFaceEngine();
    try {
      return await work(await engine);
    } catch (err) {
      if (!(err instanceof RangeError)) engine = null; // let a later call reload a failed engine
      throw err;
    }
  });
  turn = run.catch(() => undefined);
  return run;
}

/** The engine as the tracker sees it; requests from the main thread share its turns. */
const finder: FaceFinder = {
  find: (image, opts = {}) => withEngine((e) => findFaces(e, image, opts.minFacePx)),
  measure: (image, windows) =>
    withEngine(async (e) => {
      const out = [];
      for (const w of windows) out.push(await measureFace(e, image, w));
      return out;
    }),
};

/** Tracks running, by request id, to stop on a 'cancel'. */
const tracking = new Map<number, AbortController>();

const post = (reply: FaceWorkerReply, transfer: ArrayBuffer[] = []) =>
  parentPort?.postMessage(reply, transfer);

const failure = (id: number, err: unknown): FaceWorkerReply => ({
  id,
  ok: false,
  message: err instanceof Error ? err.message : String(err),
  error: serialiseSpawnError(err),
});

/** The sample points' buffers, each once: moved to the main thread rather than copied. */
function buffersOf(track: FaceTrack): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const s of track.samples) if (s.points.byteLength > 0) out.add(s.points.buffer as ArrayBuffer);
  return [...out];
}

async function track(req: Extract<FaceWorkerRequest, { op: 'track' }>): Promise<void> {
  const stop = new AbortController();
  tracking.set(req.id, stop);
  let postedAt = 0;
  try {
    const result = await trackFaceInVideo(finder, req.ffmpeg, req.videoPath, req.info, {
      ...req.range,
      signal: stop.signal,
      onProgress: (fraction) => {
        const now = Date.now();
        if (now - postedAt < PROGRESS_EVERY_MS) return;
        postedAt = now;
        post({ id: req.id, ok: true, progress: fraction });
      },
    });
    post({ id: req.id, ok: true, track: result }, buffersOf(result));
  } catch (err) {
    post(failure(req.id, err));
  } finally {
    tracking.delete(req.id);
  }
}

async function answer(req: Exclude<FaceWorkerRequest, { op: 'track' | 'cancel' }>): Promise<void> {
  const image = { data: req.data, width: req.width, height: req.height };
  try {
    if (req.op === 'find') {
      const { boxes, faces } = await finder.find(image, { minFacePx: req.minFacePx });
      post(
        { id: req.id, ok: true, boxes, faces },
        faces.map((f) => f.points.buffer as ArrayBuffer),
      );
    } else {
      const measured = await finder.measure(image, req.windows);
      post(
        { id: req.id, ok: true, measured },
        measured.flatMap((f) => (f ? [f.points.buffer as ArrayBuffer] : [])),
      );
    }
  } catch (err) {
    post({ id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
}

parentPort?.on('message', (req: FaceWorkerRequest) => {
  if (req.op === 'cancel') tracking.get(req.id)?.abort(new Error('face tracking was cancelled'));
  else if (req.op === 'track') void track(req);
  else void answer(req);
});
