/**
 * The one way likeness sends a request to a URL an account chose (its callback URL).
 *
 * The URL is screened like a fetched one (safe-fetch.ts): http/https only, no credentials, the host
 * not refused by name, every address it resolves to public unless the operator allow-listed the host,
 * and the connection pinned to the vetted address. Redirects are never followed: a 3xx is just the
 * receiver's answer (for a callback, a failed delivery), so a receiver cannot send the request on to
 * an address that was never screened.
 */
import { parseAllowList, type AllowEntry } from './allow-list.js';
import { count } from './check-option.js';
import { Deadline } from './deadline.js';
import { checkFetchUrl } from './fetch-url.js';
import { requestPinned } from './pinned-request.js';
import { systemLookup, vetHost, type Resolver } from './vet-host.js';

export interface SafePosterOptions {
  /** Operator allow-list, as for the fetcher: 'host' or 'host:port' entries reachable even if private. */
  allow: string[];
  /** Total time per post (resolution, connect, sending, the answer); default 10 000 ms. */
  timeoutMs?: number;
  /** Time allowed for one TCP connect; default the total time. */
  connectTimeoutMs?: number;
  /** Default 'likeness/1'; a `user-agent` in the headers of a post wins. */
  userAgent?: string;
  /** Injectable resolver for tests; default dns.promises.lookup with all: true. */
  lookup?: Resolver;
}

export interface SafePoster {
  /**
   * POSTs `body` to `url` and resolves with the HTTP status of the answer (whatever it is, 3xx
   * included). Rejects with FetchRefusedError when the URL is refused or the exchange fails, and with
   * `signal.reason` when the caller aborts.
   */
  post(url: string, body: string, headers: Record<string, string>, signal?: AbortSignal): Promise<number>;
}

interface Settings {
  allow: AllowEntry[];
  lookup: Resolver;
  timeoutMs: number;
  connectTimeoutMs: number;
  userAgent: string;
}

/** The answer's body is read only so the exchange ends cleanly; no receiver needs to say more. */
const MAX_ANSWER_BYTES = 64 * 1024;

export function createSafePoster(opts: SafePosterOptions): SafePoster {
  const timeoutMs = count('timeoutMs', opts.timeoutMs ?? 10_000, 1);
  const settings: Settings = {
    allow: parseAllowList(opts.allow),
    lookup: opts.lookup ?? systemLookup,
    timeoutMs,
    connectTimeoutMs: count('connectTimeoutMs', opts.connectTimeoutMs ?? timeoutMs, 1),
    userAgent: opts.userAgent ?? 'likeness/1',
  };
  return { post: (url, body, headers, signal) => post(settings, url, body, headers, signal) };
}

async function post(
  s: Settings,
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<number> {
  signal?.throwIfAborted();
  const deadline = new Deadline(s.timeoutMs, signal);
  try {
    const url = checkFetchUrl(rawUrl);
    const addresses = await vetHost(s, url, deadline.signal);
    const res = await requestPinned({
      url,
      addresses,
      userAgent: s.userAgent,
      connectTimeoutMs: s.connectTimeoutMs,
      signal: deadline.signal,
      method: 'POST',
      body,
      headers,
    });
    let read = 0;
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) break; // leaving the loop destroys the response
      }
    } catch {
      // The status line is the answer; a body that breaks off after it changes nothing.
    }
    return res.statusCode ?? 0;
  } catch (err) {
    throw deadline.explain(err, rawUrl);
  } finally {
    deadline.dispose();
  }
}
