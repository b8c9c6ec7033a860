// Worker-thread entry of the spawn thread (spawn-thread.ts): starts media binaries for the main
// thread. Starting a child forks the process, which costs the starting thread 5-20 ms of CPU in a
// process holding a render's memory; here that time is not the HTTP thread's.
import { parentPort } from 'node:worker_threads';
import { runMediaBinaryHere } from './run-local.js';
import { serialiseSpawnError, type SpawnReply, type SpawnRequest, type SpawnRun } from './spawn-protocol.js';

if (!parentPort) throw new Error('spawn-worker runs as a worker thread');
const port = parentPort;
const running = new Map<number, AbortController>();
const reply = (r: SpawnReply) => port.postMessage(r);

function run(req: SpawnRun): void {
  const abort = new AbortController();
  running.set(req.id, abort);
  runMediaBinaryHere(req.bin, req.args, {
    signal: abort.signal,
    timeoutMs: req.timeoutMs,
    captureStdout: req.captureStdout,
    niceness: req.niceness,
    onProgress: req.progress ? (seconds) => reply({ type: 'progress', id: req.id, seconds }) : undefined,
  })
    .then(
      (r) => reply({ type: 'done', id: req.id, stdout: r.stdout, stderr: r.stderr }),
      (err: unknown) => reply({ type: 'failed', id: req.id, error: serialiseSpawnError(err) }),
    )
    .finally(() => running.delete(req.id));
}

port.on('message', (req: SpawnRequest) => {
  if (req.type === 'run') run(req);
  else running.get(req.id)?.abort(new Error('aborted by the caller'));
});
