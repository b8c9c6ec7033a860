// Worker-thread entry of one render. The render (probes, mouth timeline, the frame pipeline
// decode → animate → encode) runs here, so the thread that asked for it only relays progress and
// builds the soundtrack (a few short ffmpeg passes): its event loop stays free for HTTP however heavy
// the frames are. The thread may start ahead of need and then waits for its 'start' message. It
// lowers its own scheduling priority first; the ffmpeg processes it starts inherit it (Linux), so
// on a busy machine the API's thread is served before the render. While it waits, a thread booted
// ahead of need runs the render's per-frame code on a made-up face (render-warm-up.ts), so that its
// render starts with that code compiled; it stops at once when the render arrives. After a good
// render the thread may be kept for the next one (renders in turn, never two at once).
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../thread-priority.js';
import {
  deserialiseError,
  serialiseError,
  type RenderAbortMessage,
  type RenderSoundtrackMessage,
  type RenderStartMessage,
  type RenderThreadInput,
  type RenderThreadMessage,
  type RenderWarmUpVideo,
} from './render-protocol.js';
import type { SoundtrackReport } from './soundtrack.js';
import { renderTalkingVideoInThread } from './render-video.js';
import { warmUpRender } from './render-warm-up.js';
import { renderWarmUpVideo } from './render-warm-up-video.js';

if (!parentPort) throw new Error('render-thread runs as a worker thread');
const port = parentPort;
const send = (m: RenderThreadMessage) => port.postMessage(m);

/**
 * Set by the thread that boots this one: the nice value to start at, whether to warm up (a thread
 * booted ahead of need does; one booted for a render already on its way does not), where to make
 * the warm-up's whole render (absent: none), and a flag to raise when the warm-up has ended.
 */
const boot = (workerData ?? {}) as {
  niceness?: number;
  warmUp?: boolean;
  warmUpVideo?: RenderWarmUpVideo;
  warmed?: Int32Array;
};
if (boot.niceness) lowerThreadPriority(boot.niceness);

/** Tells the booting thread, waiting with Atomics (renderThreadWarmed), that the warm-up is over. */
function warmUpEnded(): void {
  if (!boot.warmed) return;
  Atomics.store(boot.warmed, 0, 1);
  Atomics.notify(boot.warmed, 0);
}

let warming: Generator<void, number> | null = boot.warmUp ? warmUpRender() : null;
/** Stops the warm-up's whole render (render-warm-up-video.ts) when the real one arrives. */
const warmUpVideo = new AbortController();
/**
 * One slice of the warm-up per turn of the event loop, so that a message is never kept waiting;
 * then, when asked, a whole made-up render, stopped the moment a render arrives.
 */
function warmUpStep(): void {
  if (!warming) return;
  let done = false;
  try {
    done = warming.next().done === true;
  } catch {
    warming = null; // only ever a head start: a render does not depend on it
    warmUpEnded();
  }
  if (done) {
    warming = null;
    const video = boot.warmUpVideo;
    if (video) {
      renderWarmUpVideo(video.bins, video.tmpDir, warmUpVideo.signal)
        .catch(() => undefined)
        .finally(warmUpEnded);
    } else warmUpEnded();
  }
  if (warming) setImmediate(warmUpStep);
}
if (warming) setImmediate(warmUpStep);
else warmUpEnded();

/** The render under way: its abort switch and its soundtrack, which the asking thread sends. */
interface Current {
  stop: AbortController;
  soundtrackArrived: (report: SoundtrackReport) => void;
  soundtrackFailed: (err: Error) => void;
}
let current: Current | null = null;

/**
 * A thread that has rendered keeps its compiled per-frame code, which a short render (a draft, a
 * few seconds of speech) would otherwise spend a good part of its time compiling again. It offers
 * itself for another render while its heap is small; past this, it ends and its heap goes with it.
 */
const REUSE_HEAP_BYTES = 256 * 1024 * 1024;

function heapIsSmall(): boolean {
  const h = getHeapStatistics();
  return h.used_heap_size + h.external_memory < REUSE_HEAP_BYTES;
}

/** One render; the thread ends after a failed one, and is offered again after a good one. */
async function render(input: RenderThreadInput): Promise<void> {
  lowerThreadPriority(input.niceness);
  const stop = new AbortController();
  // The thread that asked builds the soundtrack and sends it (see renderTalkingVideo).
  const soundtrack = new Promise<SoundtrackReport>((resolve, reject) => {
    current = { stop, soundtrackArrived: resolve, soundtrackFailed: reject };
  });
  // A render that fails before it needs the soundtrack never awaits it.
  soundtrack.catch(() => undefined);
  try {
    const result = await renderTalkingVideoInThread(input.bins, input.job, {
      signal: stop.signal,
      tmpDir: input.tmpDir,
      fontDirs: input.fontDirs,
      regionCache: input.regionCache,
      loopMemoryBytes: input.loopMemoryBytes,
      onProgress: (fraction) => send({ type: 'progress', fraction }),
      soundtrack,
    });
    current = null;
    send({ type: 'done', result, reusable: heapIsSmall() });
  } catch (err) {
    send({ type: 'failed', error: serialiseError(err) });
    port.close();
  }
}

port.on('message', (m: RenderStartMessage | RenderAbortMessage | RenderSoundtrackMessage) => {
  if (m.type === 'start') {
    warming = null;
    warmUpVideo.abort();
    warmUpEnded();
    void render(m.input);
  } else if (m.type === 'abort') current?.stop.abort(new Error('render aborted'));
  else if (m.type === 'soundtrack') current?.soundtrackArrived(m.report);
  else current?.soundtrackFailed(deserialiseError(m.error));
});
