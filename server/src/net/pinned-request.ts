import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { FetchRefusedError } from './fetch-refused-error.js';

/** An address that passed the block-list check for the URL's host. */
export interface VettedAddress {
  address: string;
  family: 4 | 6;
}

export interface PinnedRequest {
  url: URL;
  /** Tried in order; a later one only when connecting to the previous one failed. */
  addresses: readonly VettedAddress[];
  userAgent: string;
  connectTimeoutMs: number;
  signal: AbortSignal;
  /** GET (default) or a POST of `body` with `headers` added to the defaults. */
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

/**
 * Sends one request (a GET, or a POST with a body) for `url` to a vetted address and resolves with
 * the response head (status + headers; the body is still unread). The socket's name resolution is
 * replaced by a function returning the vetted address, so the connection cannot land anywhere else
 * (no second DNS query to rebind), while Host and TLS SNI / certificate checks still use the URL's
 * host name. Failures reject with FetchRefusedError 'network' (or 'timeout' when connecting took
 * too long).
 */
export async function requestPinned(req: PinnedRequest): Promise<http.IncomingMessage> {
  let last: FetchRefusedError | null = null;
  for (const addr of req.addresses) {
    try {
      return await requestOnce(req, addr);
    } catch (err) {
      const failure = err as AttemptFailure;
      last = failure.refusal;
      // Only a failed connect is worth another address: once bytes were exchanged the host answered.
      if (failure.connected || req.signal.aborted) break;
    }
  }
  throw last ?? new FetchRefusedError('dns', req.url.href, 'host has no address');
}

interface AttemptFailure {
  refusal: FetchRefusedError;
  connected: boolean;
}

function requestOnce(req: PinnedRequest, addr: VettedAddress): Promise<http.IncomingMessage> {
  const { url } = req;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let connected = false;
    let connectTimer: NodeJS.Timeout | undefined;
    const fail = (refusal: FetchRefusedError) => {
      clearTimeout(connectTimer);
      reject({ refusal, connected } satisfies AttemptFailure);
    };

    const request = client.request({
      protocol: url.protocol,
      // URL.hostname keeps IPv6 brackets; the request API wants the bare literal.
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: req.method ?? 'GET',
      headers: {
        'user-agent': req.userAgent,
        accept: '*/*',
        'accept-encoding': 'identity',
        ...req.headers,
        ...(req.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(req.body)) }),
      },
      // A fresh connection per request: no pooled socket from another host or another check.
      agent: false,
      family: addr.family,
      lookup: pinnedLookup(addr),
      signal: req.signal,
    });

    request.on('socket', (socket: Socket) => {
      if (!socket.connecting) {
        connected = true;
        return;
      }
      connectTimer = setTimeout(() => {
        const refusal = new FetchRefusedError(
          'timeout',
          url.href,
          `could not connect within ${req.connectTimeoutMs} ms`,
        );
        request.destroy(refusal);
      }, req.connectTimeoutMs);
      socket.once('connect', () => {
        connected = true;
        clearTimeout(connectTimer);
      });
    });
    request.on('response', (res) => {
      clearTimeout(connectTimer);
      resolve(res);
    });
    // Stays attached after the response: late socket errors then land here instead of crashing.
    request.on('error', (err) => {
      if (err instanceof FetchRefusedError) fail(err);
      // The code only: the full message names the connected address. The cause keeps it for logs.
      else
        fail(
          new FetchRefusedError('network', url.href, `request failed (${errorCode(err)})`, { cause: err }),
        );
    });
    request.end(req.body);
  });
}

/** A resolver that only ever answers with the vetted address, in whichever shape the caller asks. */
function pinnedLookup(addr: VettedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    // Answer asynchronously like the real resolver; the socket code expects that ordering.
    process.nextTick(() => {
      if (options.all) callback(null, [{ address: addr.address, family: addr.family }]);
      else callback(null, addr.address, addr.family);
    });
  };
}

function errorCode(err: Error): string {
  const code = (err as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? code : err.name;
}
