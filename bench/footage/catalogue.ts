// A server started as `npm start` starts it queues its catalogue's previews and demos at once
// (LIKENESS_CATALOGUE_PRERENDER, on by default): some fifty short renders ahead of the bench's first
// task in the same queue. The bench leaves that on and waits for them before it times anything, so
// the first item's times are not the catalogue's. It follows the server's log: 'catalogue ready'
// says how many renders were queued, and each catalogue.render job that finishes or gives up counts
// one down.

export interface CatalogueWatch {
  /** Give it every line the server writes to stdout. */
  onLine: (line: string) => void;
  /** Resolves once every queued render is done, or after `timeoutMs` with what is known then. */
  settled: (timeoutMs: number) => Promise<{ queued: number | null; done: number }>;
}

export function watchCatalogue(): CatalogueWatch {
  let queued: number | null = null;
  let done = 0;
  let wake: (() => void) | null = null;
  const isSettled = () => queued !== null && done >= queued;
  return {
    onLine(line) {
      if (!line.startsWith('{')) return; // the banner
      let entry: { msg?: string; job?: string; queued?: number };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        return;
      }
      if (entry.msg === 'catalogue ready') queued = entry.queued ?? 0;
      // 'job failed; will retry' is not an end: that render runs again.
      else if (
        entry.job === 'catalogue.render' &&
        (entry.msg === 'job finished' || entry.msg === 'job failed')
      )
        done++;
      if (isSettled()) wake?.();
    },
    async settled(timeoutMs) {
      if (!isSettled()) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return { queued, done };
    },
  };
}
