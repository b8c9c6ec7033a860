// Worker-thread entry of one render. The render (probes, mouth timeline, the frame pipeline
// decode → animate → encode) runs here, so the thread that asked for it only relays progress and
// builds the soundtrack (a few short ffmpeg passes): its event loop stays free for HTTP however heavy
// the frames are. The thread may start ahead of need and then waits for its 'start' message. It
// lowers its own scheduling priority first; the ffmpeg processes it starts inherit it (Linux), so
// on a busy machine the API's thread is served before the render.
import { parentPort } from 'node:worker_threads';
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

if (!parentPort) throw new Error('render-thread runs as a worker thread');
const port = parentPort;
const send = (m: RenderThreadMessage) => port.postMessage(m);

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
  if (m.type === 'start') void render(m.input);
  else if (m.type === 'abort') stop.abort(new Error('render aborted'));
  else if (m.type === 'soundtrack') soundtrackArrived(m.report);
  else soundtrackFailed(deserialiseError(m.error));
});
