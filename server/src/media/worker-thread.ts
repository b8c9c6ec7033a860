import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { deserialiseSpawnError, type SpawnError } from './spawn-protocol.js';

/**
 * A worker thread that answers requests one message at a time, for engines that are CPU-heavy or
 * keep large WebAssembly memories: running them in their own isolate keeps the event loop free and
 * keeps their memory out of the main isolate's garbage collector (a face engine's wasm heap in the
 * main isolate made V8 collect ten times a second while frames streamed through).
 */

export interface WorkerReply {
  id: number;
  ok: boolean;
  message?: string;
  /** A failure of the class callers tell apart (a media binary's); rethrown as that class. */
  error?: SpawnError;
  /**
   * Present on an interim message of a long request: the share (0..1) of its work done so far.
   * The request stays open; its final reply comes later.
   */
  progress?: number;
}

/** How one request is sent and followed. */
export interface RequestOptions {
  /** Buffers moved to the worker instead of copied. */
  transfer?: ArrayBuffer[];
  /** Aborting drops the answer (and, where the worker takes cancellations, stops its work). */
  signal?: AbortSignal;
  /** Called with each interim progress message the worker sends for this request. */
  onProgress?: (fraction: number) => void;
}

/**
 * How to start the worker script `name` (without extension) that sits next to `moduleUrl`: the
 * compiled `.js` in dist/, or the `.ts` source when likeness runs through tsx (tests, dev). Node 20
 * does not apply `--import tsx` to a worker's own entry file, so a `.ts` entry is started through a
 * tiny bootstrap that registers tsx inside the worker first and then imports the source.
 */
export function workerEntry(moduleUrl: string, name: string): { script: URL | string; eval: boolean } {
  const js = new URL(`./${name}.js`, moduleUrl);
  if (existsSync(fileURLToPath(js))) return { script: js, eval: false };
  const ts = new URL(`./${name}.ts`, moduleUrl).href;
  let api = 'tsx/esm/api';
  try {
    api = import.meta.resolve(api);
  } catch {
    // Left bare: resolved from the working directory.
  }
  const code = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(ts)}); });`;
  return { script: code, eval: true };
}

/**
 * The same entry, started after the worker has lowered its own thread's scheduling priority to
 * `niceness` (see thread-priority.ts: on Linux only that thread and the processes it spawns are
 * affected). Unchanged for 0 or elsewhere than Linux. Pure.
 */
export function entryWithNiceness(
  entry: { script: URL | string; eval: boolean },
  niceness: number,
  platform: NodeJS.Platform = process.platform,
): { script: string | URL; eval: boolean } {
  if (niceness <= 0 || platform !== 'linux') return entry;
  const lower = `import('node:os').then((os) => { try { os.setPriority(${Math.min(19, Math.round(niceness))}); } catch {} })`;
  const start = entry.eval
    ? `() => { ${entry.script as string} }`
    : `() => import(${JSON.stringify(entry.script.toString())})`;
  return { script: `${lower}.then(${start});`, eval: true };
}

/** A request without its id (assigned by the client); distributes over unions of request kinds. */
export type RequestBody<Req> = Req extends unknown ? Omit<Req, 'id'> : never;

interface Pending<R> {
  resolve: (out: R) => void;
  reject: (err: unknown) => void;
  onProgress?: (fraction: number) => void;
}

/**
 * One worker thread, started on first use and reused. A crashed worker fails its pending requests
 * and is replaced on the next request; `close()` terminates it. An idle worker does not keep the
 * process alive.
 */
export class WorkerThreadClient<Req extends { id: number }, Res extends WorkerReply> {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending<Res>>();
  private nextId = 1;
  private closed = false;

  /**
   * `niceness` > 0 runs the worker at a lower scheduling priority (entryWithNiceness).
   * `cancelMessage`, for workers that can stop a request midway, is posted when a request is aborted.
   */
  constructor(
    private readonly entry: () => { script: URL | string; eval: boolean },
    private readonly label: string,
    private readonly opts: { niceness?: number; cancelMessage?: (id: number) => unknown } = {},
  ) {}

  request(req: RequestBody<Req>, o: RequestOptions = {}): Promise<Res> {
    const { transfer = [], signal, onProgress } = o;
    if (this.closed) return Promise.reject(new Error(`${this.label} is closed`));
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<Res>((resolve, reject) => {
      // Without a cancelMessage a running request is not interrupted; its result is dropped.
      const onAbort = () => {
        this.pending.delete(id);
        if (this.opts.cancelMessage) this.worker?.postMessage(this.opts.cancelMessage(id));
        if (this.pending.size === 0) this.worker?.unref();
        reject(signal?.reason ?? new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (out) => {
          settle();
          resolve(out);
        },
        reject: (err) => {
          settle();
          reject(err);
        },
        onProgress,
      });
      worker.ref();
      worker.postMessage({ ...req, id }, transfer);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error(`${this.label} is closed`));
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const entry = entryWithNiceness(this.entry(), this.opts.niceness ?? 0);
    const worker = new Worker(entry.script, { eval: entry.eval });
    worker.unref();
    worker.on('message', (msg: Res) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      if (msg.progress !== undefined) {
        p.onProgress?.(msg.progress);
        return;
      }
      this.pending.delete(msg.id);
      if (this.pending.size === 0) worker.unref();
      if (msg.ok) p.resolve(msg);
      else if (msg.error) p.reject(deserialiseSpawnError(msg.error));
      else p.reject(new Error(`${this.label} failed: ${msg.message ?? 'unknown error'}`));
    });
    const onDeath = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(err);
    };
    worker.on('error', onDeath);
    worker.on('exit', (code) => {
      if (!this.closed) onDeath(new Error(`${this.label} exited with code ${code}`));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(err);
  }
}
