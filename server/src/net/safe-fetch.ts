/**
 * The one way likeness downloads a user-supplied URL (video_url, image_url, audio_url).
 *
 * Every hop (the first URL and each redirect) is screened before any connection: http/https only, no
 * credentials, host name not refused by name, and every address it resolves to outside loopback,
 * private, link-local, metadata and other non-public ranges, unless the operator allow-listed the host.
 * The connection then goes to exactly the address that was checked (see pinned-request.ts), so DNS
 * rebinding between check and connect is impossible. The body streams to disk under a size cap and a
 * total deadline.
 */
import { parseAllowList, type AllowEntry } from './allow-list.js';
import { count } from './check-option.js';
import { Deadline } from './deadline.js';
import { FetchRefusedError } from './fetch-refused-error.js';
import { checkFetchUrl } from './fetch-url.js';
import { requestPinned } from './pinned-request.js';
import { saveBody } from './save-body.js';
import { systemLookup, vetHost, type Resolver } from './vet-host.js';

export { FetchRefusedError, type FetchRefusal } from './fetch-refused-error.js';
export { isBlockedAddress, isBlockedHostname } from './blocked-address.js';
export type { Resolver } from './vet-host.js';

export interface SafeFetcherOptions {
  /**
   * Operator allow-list of 'host' or 'host:port' entries (host names or IP literals, IPv6 in brackets)
   * that may be reached even if private/loopback. Matched against the URL's host as written, not
   * against what a name resolves to.
   */
  allow: string[];
  /** Redirects followed per fetch; default 5. */
  maxRedirects?: number;
  /** Total time per fetch (resolution, connects, redirects, body); default 60 000 ms. */
  timeoutMs?: number;
  /** Time allowed for one TCP connect; default 10 000 ms. */
  connectTimeoutMs?: number;
  /** Default 'likeness-fetch/1'. */
  userAgent?: string;
  /** Injectable resolver for tests; default dns.promises.lookup with all: true. */
  lookup?: Resolver;
}

export interface FetchedFile {
  path: string;
  bytes: number;
  contentType: string | null;
  /** The URL that finally answered 2xx, after redirects. */
  finalUrl: string;
  /** SHA-256 of the body, hex. */
  sha256: string;
}

export interface SafeFetcher {
  /**
   * Downloads `url` to `destPath`. Rejects with FetchRefusedError for anything the remote side or the
   * URL causes; with `signal.reason` when the caller aborts; with the raw error for local file system
   * failures (e.g. a missing destination directory).
   */
  fetchToFile(
    url: string,
    destPath: string,
    opts: { maxBytes: number; signal?: AbortSignal },
  ): Promise<FetchedFile>;
}

interface Settings {
  allow: AllowEntry[];
  maxRedirects: number;
  timeoutMs: number;
  connectTimeoutMs: number;
  userAgent: string;
  lookup: Resolver;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function createSafeFetcher(opts: SafeFetcherOptions): SafeFetcher {
  const settings: Settings = {
    allow: parseAllowList(opts.allow),
    maxRedirects: count('maxRedirects', opts.maxRedirects ?? 5, 0),
    timeoutMs: count('timeoutMs', opts.timeoutMs ?? 60_000, 1),
    connectTimeoutMs: count('connectTimeoutMs', opts.connectTimeoutMs ?? 10_000, 1),
    userAgent: opts.userAgent ?? 'likeness-fetch/1',
    lookup: opts.lookup ?? systemLookup,
  };
  return { fetchToFile: (url, destPath, o) => fetchToFile(settings, url, destPath, o) };
}

async function fetchToFile(
  s: Settings,
  rawUrl: string,
  destPath: string,
  opts: { maxBytes: number; signal?: AbortSignal },
): Promise<FetchedFile> {
  count('maxBytes', opts.maxBytes, 0);
  opts.signal?.throwIfAborted();
  const deadline = new Deadline(s.timeoutMs, opts.signal);
  let hop = rawUrl;
  try {
    let url = checkFetchUrl(rawUrl);
    for (let redirects = 0; ; redirects++) {
      hop = url.href;
      const addresses = await vetHost(s, url, deadline.signal);
      const res = await requestPinned({
        url,
        addresses,
        userAgent: s.userAgent,
        connectTimeoutMs: s.connectTimeoutMs,
        signal: deadline.signal,
      });
      const status = res.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        res.destroy(); // the redirect body is never read
        const location = res.headers.location;
        if (location === undefined || location === '') {
          throw new FetchRefusedError('http-status', hop, `HTTP ${status} without a Location`, { status });
        }
        if (redirects >= s.maxRedirects) {
          throw new FetchRefusedError('too-many-redirects', hop, `more than ${s.maxRedirects} redirects`);
        }
        url = checkFetchUrl(location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw new FetchRefusedError('http-status', hop, `HTTP ${status}`, { status });
      }
      const { bytes, sha256 } = await saveBody(res, hop, destPath, opts.maxBytes);
      return {
        path: destPath,
        bytes,
        contentType: res.headers['content-type'] ?? null,
        finalUrl: hop,
        sha256,
      };
    }
  } catch (err) {
    throw deadline.explain(err, hop);
  } finally {
    deadline.dispose();
  }
}
