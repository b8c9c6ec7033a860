// Worker-thread entry that keeps one video avatar's region source (region-keeper.ts): its rigs and
// the frames it reads stay off the calling thread's event loop. It lowers its own scheduling
// priority first, as a render thread does; the ffmpeg it starts inherits it (Linux).
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../thread-priority.js';
import { serialiseError } from './render-protocol.js';
import { keepAvatarRegionInThread } from './region-keeper.js';
import type { KeepRegionThreadInput, KeepRegionThreadMessage } from './region-keeper-client.js';

if (!parentPort) throw new Error('region-keeper-thread runs as a worker thread');
const port = parentPort;
const input = workerData as KeepRegionThreadInput;
lowerThreadPriority(input.niceness);

const stop = new AbortController();
port.on('message', (m: { type: 'abort' }) => {
  if (m.type === 'abort') stop.abort(new Error('keeping the region aborted'));
});

const send = (m: KeepRegionThreadMessage) => port.postMessage(m);
/** The one job, then the thread ends. */
async function keep(): Promise<void> {
  try {
    const kept = await keepAvatarRegionInThread(input.bins, input.job, {
      cache: input.cache,
      tmpDir: input.tmpDir,
      signal: stop.signal,
    });
    send({ type: 'done', kept });
  } catch (err) {
    send({ type: 'failed', error: serialiseError(err) });
  }
  port.close();
}

void keep();
