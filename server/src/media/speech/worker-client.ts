import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SpeechStats } from './analysis.js';
import type { EspeakEvent } from './timing.js';
import type { SynthRequest, WorkerRequest, WorkerResponse } from './worker-protocol.js';

export interface SynthOutput {
  sampleRate: number;
  samples: Int16Array;
  events: EspeakEvent[];
  /** Present when measureSec > 0. */
  stats?: SpeechStats;
}

type Ok = Extract<WorkerResponse, { ok: true }>;

interface Pending {
  resolve: (out: Ok) => void;
  reject: (err: unknown) => void;
}

/**
 * How to start the worker that sits next to this module: the compiled `.js` in dist/, or the `.ts`
 * source when likeness runs through tsx (tests, dev). Node 20 does not apply `--import tsx` from
 * `execArgv` to a worker's own entry file, so a `.ts` entry is started through a tiny bootstrap that
 * registers tsx inside the worker first and then imports the source.
 */
export function workerEntry(moduleUrl: string = import.meta.url): { script: URL | string; eval: boolean } {
  const js = new URL('./speech-worker.js', moduleUrl);
  if (existsSync(fileURLToPath(js))) return { script: js, eval: false };
  const ts = new URL('./speech-worker.ts', moduleUrl).href;
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
 * One speech worker thread, started on first use and reused. Requests queue in the worker and run
 * one at a time. A crashed worker fails its pending requests and is replaced on the next request;
 * `close()` terminates it. An idle worker does not keep the process alive.
 */
export class SpeechWorkerClient {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  async synthesize(req: Omit<SynthRequest, 'id' | 'kind'>, signal?: AbortSignal): Promise<SynthOutput> {
    const r = await this.request({ ...req, kind: 'synth', id: 0 }, [], signal);
    if (!r.samples || !r.events || r.sampleRate === undefined) throw new Error('speech worker sent no audio');
    return { sampleRate: r.sampleRate, samples: r.samples, events: r.events, stats: r.stats };
  }

  /** Analyses samples off the main thread. The samples' buffer is transferred (unusable afterwards). */
  async analyse(samples: Float32Array, sampleRate: number, signal?: AbortSignal): Promise<SpeechStats> {
    const r = await this.request(
      { kind: 'analyse', id: 0, samples, sampleRate },
      [samples.buffer as ArrayBuffer],
      signal,
    );
    if (!r.stats) throw new Error('speech worker sent no analysis');
    return r.stats;
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('speech engine is closed'));
    if (worker) await worker.terminate();
  }

  private request(req: WorkerRequest, transfer: ArrayBuffer[], signal?: AbortSignal): Promise<Ok> {
    if (this.closed) return Promise.reject(new Error('speech engine is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<Ok>((resolve, reject) => {
      // A running request cannot be interrupted inside eSpeak; an aborted one's result is dropped.
      const onAbort = () => {
        this.pending.delete(id);
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
      });
      worker.ref();
      worker.postMessage({ ...req, id }, transfer);
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const entry = workerEntry();
    const worker = new Worker(entry.script, { eval: entry.eval });
    worker.unref();
    worker.on('message', (msg: WorkerResponse) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (this.pending.size === 0) worker.unref();
      if (msg.ok) p.resolve(msg);
      else p.reject(new Error(`speech worker failed: ${msg.message}`));
    });
    const onDeath = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(err);
    };
    worker.on('error', onDeath);
    worker.on('exit', (code) => {
      if (!this.closed) onDeath(new Error(`speech worker exited with code ${code}`));
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
