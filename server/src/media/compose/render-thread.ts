// Worker-thread entry of one render. The whole render (probes, soundtrack, mouth timeline, the frame
// pipeline decode → animate → encode) runs here, so the thread that asked for it only relays
// progress: its event loop stays free for HTTP however heavy the frames are. The thread lowers its
// own scheduling priority first; the ffmpeg processes it starts inherit it (Linux), so on a busy
// machine the API's thread is served before the render.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../thread-priority.js';
import {
  serialiseError,
  type RenderAbortMessage,
  type RenderThreadInput,
  type RenderThreadMessage,
} from './render-protocol.js';
import { renderTalkingVideoInThread } from './render-video.js';

if (!parentPort) throw new Error('render-thread runs as a worker thread');
const port = parentPort;
const input = workerData as RenderThreadInput;
const send = (m: RenderThreadMessage) => port.postMessage(m);

const stop = new AbortController();
port.on('message', (m: RenderAbortMessage) => {
  if (m.type === 'abort') stop.abort(new Error('render aborted'));
});

lowerThreadPriority(input.niceness);
try {
  const result = await renderTalkingVideoInThread(input.bins, input.job, {
    signal: stop.signal,
    tmpDir: input.tmpDir,
    fontDirs: input.fontDirs,
    onProgress: (fraction) => send({ type: 'progress', fraction }),
  });
  send({ type: 'done', result });
} catch (err) {
  send({ type: 'failed', error: serialiseError(err) });
}
port.close();
