import { WorkerThreadClient, type RequestBody, type WorkerReply } from './worker-thread.js';

/**
 * A bounded pool of worker threads for short CPU-heavy requests made on behalf of an HTTP request
 * (covers): at most `size` requests run at once, one per thread; the others wait in arrival order.
 * Threads start on first need and are kept (an idle one does not keep the process alive); a thread
 * that crashed fails its request and is started again by the next one.
 */
export class WorkerThreadPool<Req extends { id: number }, Res extends WorkerReply> {
  private readonly threads: WorkerThreadClient<Req, Res>[] = [];
  private readonly idle: WorkerThreadClient<Req, Res>[] = [];
  private readonly queue: {
    resolve: (t: WorkerThreadClient<Req, Res>) => void;
    reject: (e: Error) => void;
  }[] = [];
  private closed = false;

  constructor(
    private readonly entry: () => { script: URL | string; eval: boolean },
    private readonly label: string,
    readonly size: number,
    private readonly opts: { niceness?: number } = {},
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`${label}: a pool needs at least 1 thread`);
  }

  /** Requests running now. */
  get running(): number {
    return this.threads.length - this.idle.length;
  }

  /** Requests waiting for a thread. */
  get waiting(): number {
    return this.queue.length;
  }

  async request(req: RequestBody<Req>, transfer: ArrayBuffer[] = []): Promise<Res> {
    const thread = await this.take();
    try {
      return await thread.request(req, { transfer });
    } finally {
      this.give(thread);
    }
  }

  /** Ends every thread; waiting requests are refused, running ones fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.queue.splice(0)) w.reject(new Error(`${this.label} is closed`));
    await Promise.all(this.threads.map((t) => t.close()));
  }

  private take(): Promise<WorkerThreadClient<Req, Res>> {
    if (this.closed) return Promise.reject(new Error(`${this.label} is closed`));
    const free = this.idle.pop();
    if (free) return Promise.resolve(free);
    if (this.threads.length < this.size) {
      const thread = new WorkerThreadClient<Req, Res>(this.entry, this.label, this.opts);
      this.threads.push(thread);
      return Promise.resolve(thread);
    }
    return new Promise((resolve, reject) => this.queue.push({ resolve, reject }));
  }

  private give(thread: WorkerThreadClient<Req, Res>): void {
    const next = this.queue.shift();
    if (next) next.resolve(thread);
    else this.idle.push(thread);
  }
}
