import { FetchRefusedError } from './fetch-refused-error.js';

/**
 * One abort signal for a whole exchange (a fetch with its redirects, or a post), fired by the total
 * timeout or the caller's signal, and the rule that turns whatever the aborted operation threw into
 * the error the caller sees.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private timedOut = false;
  private readonly onCallerAbort: () => void;

  constructor(
    private readonly timeoutMs: number,
    private readonly caller: AbortSignal | undefined,
  ) {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error('fetch timed out'));
    }, timeoutMs);
    this.onCallerAbort = () => this.controller.abort(caller?.reason);
    caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  explain(err: unknown, url: string): unknown {
    if (this.timedOut) {
      return new FetchRefusedError('timeout', url, `fetch took longer than ${this.timeoutMs} ms`, {
        cause: err,
      });
    }
    if (this.caller?.aborted) return this.caller.reason;
    return err;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}
