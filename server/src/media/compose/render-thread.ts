// Worker-thread entry of one render. The render (probes, mouth timeline, the frame pipeline
// decode → animate → encode) runs here, so the thread that asked for it only relays progress and
// builds the soundtrack (a few short ffmpeg passes): its event loop stays free for HTTP however heavy
// the frames are. The thread may start ahead of need and then waits for its 'start' message. It
// lowers its own scheduling priority first; the ffmpeg processes it starts inherit it (Linux), so
// on a busy machine the API's thread is served before the render. While it waits, a thread booted
// ahead of need runs the render's per-frame code on a made-up face (render-warm-up.ts), so that its
// render starts with that code compiled; it stops at once when the render arrives.
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
} from './render-protocol.js';
import type { SoundtrackReport } from './soundtrack.js';
import { renderTalkingVideoInThread } from './render-video.js';
import { warmUpRender } from './render-warm-up.js';

if (!parentPort) throw new Error('render-thread runs as a worker thread');
const port = parentPort;
const send = (m: RenderThreadMessage) => port.postMessage(m);

/**
 * Set by the thread that boots this one: the nice value to start at, and whether to warm up (a
 * thread booted ahead of need does; one booted for a render already on its way does not).
 */
const boot = (workerData ?? {}) as { niceness?: number; warmUp?: boolean };
if (boot.niceness) lowerThreadPriority(boot.niceness);

let warming: Generator<void, number> | null = boot.warmUp ? warmUpRender() : null;
/** One slice of the warm-up per turn of the event loop, so that a message is never kept waiting. */
function warmUpStep(): void {
  if (!warming) return;
  try {
    if (warming.next().done) warming = null;
  } catch {
    warming = null; // only ever a head start: a render does not depend on it
  }
  if (warming) setImmediate(warmUpStep);
}
if (warming) setImmediate(warmUpStep);

const stop = new AbortController();
let soundtrackArrived: (report: SoundtrackReport) => void = () => undefined;
let soundtrackFailed: (err: Error) => void = () => undefined;
// The thread that asked builds the soundtrack and sends it (see renderTalkingVideo).
const soundtrack = new Promise<SoundtrackReport>((resolve, reject) => {
  soundtrackArrived = resolve;
  soundtrackFailed = reject;
});
// A render that fails before it needs the soundtrack never awaits it.
soundtrack.catch(() => undefined);

/** One render, then the thread ends (a thread is never reused: its heap goes with it). */
async function render(input: RenderThreadInput): Promise<void> {
  lowerThreadPriority(input.niceness);
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
    send({ type: 'done', result });
  } catch (err) {
    send({ type: 'failed', error: serialiseError(err) });
  }
  port.close();
}

port.on('message', (m: RenderStartMessage | RenderAbortMessage | RenderSoundtrackMessage) => {
  if (m.type === 'start') {
    warming = null;
    void render(m.input);
  } else if (m.type === 'abort') stop.abort(new Error('render aborted'));
  else if (m.type === 'soundtrack') soundtrackArrived(m.report);
  else soundtrackFailed(deserialiseError(m.error));
});
