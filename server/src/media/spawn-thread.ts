import { Worker } from 'node:worker_threads';
import type { RunOptions, RunResult } from './run-local.js';
import { deserialiseSpawnError, type SpawnReply, type SpawnRequest } from './spawn-protocol.js';
import { JOB_THREAD_NICENESS } from './thread-priority.js';
import { entryWithNiceness, workerEntry } from './worker-thread.js';

interface Pending {
  resolve: (r: RunResult) => void;
  reject: (e: unknown) => void;
  onProgress?: (seconds: number) => void;
  /** Set when the caller aborted: the run then rejects with it, whatever the thread answers. */
  abortReason: unknown;
  done: () => void;
}

/**
 * Runs media binaries from a worker thread of their own (spawn-worker.ts), for the main thread:
 * starting a child forks the process, and in a process that holds a render's memory that costs the
 * starting thread 5-20 ms, during which the thread serving HTTP would answer nothing. Only runs
 * without streams come here (their stdout is collected, their stdin unused); streaming ones are
 * started where their streams are read. The thread starts on first use and, idle, does not keep the
 * process alive; a thread that died fails the runs it held and is started again by the next one.
 */
export class SpawnThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  run(bin: string, args: readonly string[], opts: RunOptions): Promise<RunResult> {
    if (opts.signal?.aborted) return Promise.reject(opts.signal.reason ?? new Error('aborted'));
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<RunResult>((resolve, reject) => {
      const onAbort = () => {
        pending.abortReason = opts.signal?.reason ?? new Error('aborted');
        this.post({ type: 'kill', id });
      };
      const pending: Pending = {
        resolve,
        reject,
        onProgress: opts.onProgress,
        abortReason: null,
        done: () => opts.signal?.removeEventListener('abort', onAbort),
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, pending);
      worker.ref();
      this.post({
        type: 'run',
        id,
        bin,
        args: [...args],
        captureStdout: opts.captureStdout === true,
        progress: opts.onProgress !== undefined,
        timeoutMs: opts.timeoutMs,
        niceness: opts.niceness,
      });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('the spawn thread is closed'));
    if (worker) await worker.terminate();
  }

  private post(req: SpawnRequest): void {
    this.worker?.postMessage(req);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // At a job's priority, which the children it starts inherit: nearly every run started on the main
    // thread is a job's (a request does no media work), and none may take the CPU from that thread.
    const entry = entryWithNiceness(workerEntry(import.meta.url, 'spawn-worker'), JOB_THREAD_NICENESS);
    const worker = new Worker(entry.script, { eval: entry.eval });
    worker.unref();
    worker.on('message', (msg: SpawnReply) => this.receive(worker, msg));
    const onDeath = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(err);
    };
    worker.on('error', onDeath);
    worker.on('exit', (code) => onDeath(new Error(`the spawn thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private receive(worker: Worker, msg: SpawnReply): void {
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') {
      p.onProgress?.(msg.seconds);
      return;
    }
    this.pending.delete(msg.id);
    if (this.pending.size === 0) worker.unref();
    p.done();
    if (p.abortReason !== null) p.reject(p.abortReason);
    else if (msg.type === 'done') p.resolve({ stdout: msg.stdout, stderr: msg.stderr });
    else p.reject(deserialiseSpawnError(msg.error));
  }

  private failAll(err: Error): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) {
      p.done();
      p.reject(err);
    }
  }
}
