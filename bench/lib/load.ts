// HTTP load through autocannon, as the benches measure a route: requests per second over the run's
// own length and the p50/p99 latency, refusing a run that saw a non-2xx answer or an error.
import autocannon from 'autocannon';

export interface Load {
  rps: number;
  requests: number;
  p50: number;
  p99: number;
}

export interface LoadOptions {
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
}

export async function measureLoad(url: string, opts: LoadOptions): Promise<Load> {
  const { headers = {}, seconds, connections } = opts;
  const r = await autocannon({ url, connections, duration: seconds, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  // Counted over the run's own length: autocannon's per-second average is off for short windows.
  const requests = r.requests.total;
  return { rps: requests / r.duration, requests, p50: r.latency.p50, p99: r.latency.p99 };
}

/** One aligned result line: label, req/s, p50 and p99. */
export const loadLine = (label: string, l: Load) =>
  `  ${label.padEnd(34)} ${l.rps.toFixed(0).padStart(6)} req/s   p50 ${String(l.p50).padStart(3)} ms   p99 ${String(l.p99).padStart(4)} ms`;
