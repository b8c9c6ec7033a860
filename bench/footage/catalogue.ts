// A server started as `npm start` starts it queues its catalogue's previews and demos at once
// (LIKENESS_CATALOGUE_PRERENDER, on by default): some fifty short renders ahead of the bench's first
// task in the same queue. The bench leaves that on and waits for them before it times anything, so
// the first item's times are not the catalogue's. It follows the server's log (info lines): 'catalogue
// seeded: …' says how many renders are missing, and 'catalogue ready: …' that every one has settled
// (rendered, or given up), or, at start, that none was missing.

export interface CatalogueWatch {
  /** Give it every line the server writes to stdout. */
  onLine: (line: string) => void;
  /** Resolves once every queued render is done, or after `timeoutMs` with what is known then. */
  settled: (timeoutMs: number) => Promise<{ queued: number | null; done: number }>;
}

export function watchCatalogue(): CatalogueWatch {
  let queued: number | null = null;
  let done = 0;
  let ready = false;
  let wake: (() => void) | null = null;
  return {
    onLine(line) {
      if (!line.startsWith('{')) return; // the banner
      let entry: { msg?: string; missing?: number; rendered?: number; failed?: number };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        return;
      }
      const msg = entry.msg ?? '';
      if (msg.startsWith('catalogue seeded:')) queued = entry.missing ?? 0;
      else if (msg.startsWith('catalogue ready:')) {
        queued ??= 0;
        done = (entry.rendered ?? 0) + (entry.failed ?? 0);
        ready = true;
      }
      if (ready) wake?.();
    },
    async settled(timeoutMs) {
      if (!ready) {
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
