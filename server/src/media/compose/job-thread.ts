import { parentPort, Worker, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../thread-priority.js';
import { workerEntry } from '../worker-thread.js';
import { deserialiseError, serialiseError, type SerialisedError } from './render-protocol.js';

/**
 * One piece of an avatar job's media work in a worker thread of its own, started for it and ended
 * after it: decoding a clip and reading its frames keeps the thread serving HTTP busy otherwise
 * (its pipe, its per-frame arithmetic, its fork). The thread lowers its own priority first, as a
 * render thread does, and the ffmpeg it starts inherits it (Linux).
 */

/** What the thread starts with (its `workerData`). */
interface JobThreadData<In> {
  input: In;
  niceness: number;
}

type JobThreadMessage<Out> = { type: 'done'; out: Out } | { type: 'failed'; error: SerialisedError };

/**
 * Runs the worker script `name` (next to `moduleUrl`, serving with `serveJobThread`) on `input`.
 * An aborted call settles once the thread has stopped its work (its ffmpeg killed, its files
 * removed) and rejects with the signal's reason.
 */
export function runJobThread<In, Out>(
  moduleUrl: string,
  name: string,
  input: In,
  opts: { niceness: number; signal?: AbortSignal },
): Promise<Out> {
  const { signal } = opts;
  if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
  const entry = workerEntry(moduleUrl, name);
  const data: JobThreadData<In> = { input, niceness: opts.niceness };
  return new Promise<Out>((resolve, reject) => {
    const worker = new Worker(entry.script, { eval: entry.eval, workerData: data });
    let settled = false;
    const onAbort = () => worker.postMessage({ type: 'abort' });
    signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (err: unknown, out?: Out) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (!err) resolve(out as Out);
      else reject(signal?.aborted ? (signal.reason ?? err) : err);
    };
    worker.on('message', (m: JobThreadMessage<Out>) => {
      if (m.type === 'done') finish(null, m.out);
      else finish(deserialiseError(m.error));
    });
    worker.on('error', (err) => finish(err));
    worker.on('exit', (code) => finish(new Error(`the ${name} thread ended (code ${code}) before its work`)));
  });
}

/** The thread's side: does `work` once on the input it was started with, answers, and ends. */
export function serveJobThread<In, Out>(
  work: (input: In, signal: AbortSignal) => Promise<Out>,
  what: string,
): void {
  if (!parentPort) throw new Error(`${what} runs as a worker thread`);
  const port = parentPort;
  const data = workerData as JobThreadData<In>;
  lowerThreadPriority(data.niceness);
  const stop = new AbortController();
  port.on('message', (m: { type: 'abort' }) => {
    if (m.type === 'abort') stop.abort(new Error(`${what} aborted`));
  });
  const send = (m: JobThreadMessage<Out>) => port.postMessage(m);
  void work(data.input, stop.signal)
    .then((out) => send({ type: 'done', out }))
    .catch((err: unknown) => send({ type: 'failed', error: serialiseError(err) }))
    .finally(() => port.close());
}
