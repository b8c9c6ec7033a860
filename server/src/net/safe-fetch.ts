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
import dns from 'node:dns';
import net from 'node:net';
import { isAllowed, normalizeHost, parseAllowList, type AllowEntry } from './allow-list.js';
import { isBlockedAddress, isBlockedHostname } from './blocked-address.js';
import { FetchRefusedError } from './fetch-refused-error.js';
import { checkFetchUrl, effectivePort } from './fetch-url.js';
import { requestPinned, type VettedAddress } from './pinned-request.js';
import { saveBody } from './save-body.js';

export { FetchRefusedError, type FetchRefusal } from './fetch-refused-error.js';
export { isBlockedAddress, isBlockedHostname } from './blocked-address.js';

export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

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

function count(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be an integer >= ${min}`);
  return value;
}

async function systemLookup(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  const found = await dns.promises.lookup(hostname, { all: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
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
      const addresses = await vet(s, url, deadline.signal);
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
      const bytes = await saveBody(res, hop, destPath, opts.maxBytes);
      return { path: destPath, bytes, contentType: res.headers['content-type'] ?? null, finalUrl: hop };
    }
  } catch (err) {
    throw deadline.explain(err, hop);
  } finally {
    deadline.dispose();
  }
}

/**
 * Screens the URL's host and returns the addresses that may be connected to. IP literals are checked
 * as they are; names are refused by name first, then resolved once, and refused if ANY address is
 * blocked (a name with one public and one private address would otherwise be a coin toss).
 */
async function vet(s: Settings, url: URL, signal: AbortSignal): Promise<VettedAddress[]> {
  const host = normalizeHost(url.hostname);
  const allowed = isAllowed(s.allow, host, effectivePort(url));
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  const literalFamily = net.isIP(literal);
  if (literalFamily !== 0) {
    if (!allowed && isBlockedAddress(literal)) {
      throw new FetchRefusedError('blocked-address', url.href, `address ${host} is not allowed`);
    }
    return [{ address: literal, family: literalFamily === 6 ? 6 : 4 }];
  }
  if (!allowed && isBlockedHostname(host)) {
    throw new FetchRefusedError('blocked-address', url.href, `host ${host} is not allowed`);
  }

  let found: { address: string; family: 4 | 6 }[];
  try {
    found = await untilAborted(s.lookup(url.hostname), signal);
  } catch (err) {
    if (signal.aborted) throw err;
    throw new FetchRefusedError('dns', url.href, `cannot resolve ${host}`, { cause: err });
  }
  const vetted: VettedAddress[] = [];
  for (const { address } of found) {
    // The family is re-derived from the address: a resolver's word is not trusted for the check.
    const family = net.isIP(address);
    if (family === 0)
      throw new FetchRefusedError('dns', url.href, `resolver returned an invalid address for ${host}`);
    if (!allowed && isBlockedAddress(address)) {
      throw new FetchRefusedError('blocked-address', url.href, `host ${host} resolves to a blocked address`);
    }
    vetted.push({ address, family: family === 6 ? 6 : 4 });
  }
  if (vetted.length === 0) throw new FetchRefusedError('dns', url.href, `no address for ${host}`);
  return vetted;
}

/** Resolution cannot be cancelled, so stop waiting for it instead. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * One abort signal for the whole fetch, fired by the total timeout or the caller's signal, and the
 * rule that turns whatever the aborted operation threw into the error the caller sees.
 */
class Deadline {
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
