/**
 * The HTTP transport: builds requests, maps answers of both API families to replies or typed errors,
 * and retries with exponential backoff what is worth retrying. It uses only `fetch`, so it runs in
 * Node 20 and in browsers.
 */
import {
  ClientCode,
  CloneCode,
  LikenessError,
  NetworkError,
  SvcCode,
  errorFromReply,
  type ApiFamily,
} from './errors.js';

export interface RetryOptions {
  /** Further tries after the first one. Default 5. */
  retries: number;
  /** Delay before the first retry; each later one doubles it. Default 500 ms. */
  minDelayMs: number;
  /** Ceiling of one delay. Default 20 s. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { retries: 5, minDelayMs: 500, maxDelayMs: 20_000 };

export interface TransportOptions {
  /** Where the service runs, e.g. http://127.0.0.1:3000 (a trailing slash is fine). */
  baseUrl: string;
  /** The API token (`lk_...`). */
  token: string;
  /** Another fetch implementation (tests, proxies). Default: the global fetch. */
  fetch?: typeof fetch;
  /** Retry policy, or false to never retry. */
  retry?: Partial<RetryOptions> | false;
  /** Time limit of one HTTP request, in milliseconds. Default 60 s. */
  timeoutMs?: number;
}

export interface RequestSpec {
  api: 'svc' | 'clone';
  method: 'GET' | 'POST' | 'DELETE';
  /** Path below the base URL, e.g. /api/v2/svc/account/credit. */
  path: string;
  query?: object;
  body?: unknown;
  signal?: AbortSignal;
  /** The `Prefer` header's preferences (test mode). */
  prefer?: readonly string[];
}

/** Codes that mean "not now": retried with backoff like a network failure. */
const RETRIED_CODES: Record<'svc' | 'clone', ReadonlySet<number>> = {
  svc: new Set([SvcCode.TooManyActiveWorks]),
  clone: new Set([CloneCode.RateLimited]),
};

/** Gateway answers with no service envelope: the request may not have reached the service. */
const RETRIED_HTTP = new Set([502, 503, 504]);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Delay before retry number `attempt` (0-based): exponential, with jitter over its upper half. */
export function backoffDelay(policy: RetryOptions, attempt: number, random = Math.random): number {
  const full = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** attempt);
  return Math.round(full / 2 + (random() * full) / 2);
}

export class Transport {
  readonly baseUrl: string;
  private readonly token: string;
  private readonly fetchImpl: typeof fetch;
  readonly retry: RetryOptions;
  readonly timeoutMs: number;

  constructor(opts: TransportOptions) {
    if (!opts.baseUrl) throw new TypeError('baseUrl is required, e.g. http://127.0.0.1:3000');
    if (!opts.token) throw new TypeError('token is required (the API token of your account)');
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.token = opts.token;
    // Bound, so that a browser's fetch is not called with the wrong `this`.
    const f = opts.fetch ?? globalThis.fetch;
    if (!f) throw new TypeError('no fetch implementation: pass options.fetch');
    this.fetchImpl = (input, init) => f(input, init);
    this.retry =
      opts.retry === false ? { ...DEFAULT_RETRY, retries: 0 } : { ...DEFAULT_RETRY, ...opts.retry };
    this.timeoutMs = opts.timeoutMs ?? 60_000;
  }

  url(path: string, query?: object): string {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined && v !== null) qs.set(k, String(v));
    }
    const s = qs.toString();
    return `${this.baseUrl}${path}${s ? `?${s}` : ''}`;
  }

  /** One call of an API operation, retried per the policy; returns the parsed success body. */
  async request<T>(spec: RequestSpec): Promise<T> {
    return this.withRetries(spec.signal, () => this.once<T>(spec));
  }

  /** Runs `attempt` until it succeeds, fails with something not retryable, or the retries run out. */
  async withRetries<T>(signal: AbortSignal | undefined, attempt: () => Promise<T>): Promise<T> {
    for (let i = 0; ; i++) {
      try {
        return await attempt();
      } catch (e) {
        if (!(e instanceof LikenessError) || !isRetryable(e) || i >= this.retry.retries) throw e;
        if (signal?.aborted) throw e;
        await sleep(Math.max(backoffDelay(this.retry, i), e.retryAfterMs ?? 0), signal);
      }
    }
  }

  /** fetch with the time limit and the caller's signal; any failure to get an answer is a NetworkError. */
  async fetch(url: string, init: RequestInit & { duplex?: 'half' }, api: ApiFamily): Promise<Response> {
    const signals = [AbortSignal.timeout(this.timeoutMs)];
    if (init.signal) signals.push(init.signal);
    try {
      return await this.fetchImpl(url, { ...init, signal: anySignal(signals) });
    } catch (e) {
      // The caller's own abort is not a network failure: let it through as it is.
      if (init.signal?.aborted) throw init.signal.reason ?? e;
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new NetworkError({
        code: ClientCode.Network,
        message: timedOut
          ? `no answer from ${url.split('?')[0]} within ${this.timeoutMs} ms`
          : `could not reach ${url.split('?')[0]}: ${describe(e)}`,
        api,
        cause: e,
      });
    }
  }

  private async once<T>(spec: RequestSpec): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      accept: 'application/json',
    };
    if (spec.prefer && spec.prefer.length > 0) headers.prefer = spec.prefer.join(', ');
    let body: string | undefined;
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.body);
    }
    const res = await this.fetch(
      this.url(spec.path, spec.query),
      { method: spec.method, headers, body, signal: spec.signal },
      spec.api,
    );
    return parseReply<T>(res, spec.api);
  }
}

/** Maps an answer of either API family to its success body or a typed error. */
export async function parseReply<T>(res: Response, api: ApiFamily): Promise<T> {
  const requestId = res.headers.get('x-request-id') ?? '';
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && typeof (v as { code?: unknown }).code === 'number') {
      json = v as Record<string, unknown>;
    }
  } catch {
    // not JSON: handled below
  }
  if (!json) {
    throw new NetworkError({
      code: ClientCode.UnexpectedResponse,
      message: `unexpected answer (HTTP ${res.status}) from ${res.url.split('?')[0] || 'the service'}: ${text.slice(0, 200)}`,
      httpStatus: res.status,
      requestId,
      api,
      data: RETRIED_HTTP.has(res.status) ? { gateway: true } : undefined,
    });
  }
  const code = json.code as number;
  if (code === 0 && res.status < 400) return json as T;
  const retryAfter = Number(res.headers.get('retry-after'));
  throw errorFromReply({
    code,
    message: typeof json.message === 'string' && json.message ? json.message : `code ${code}`,
    detail: typeof json.detail === 'string' ? json.detail : undefined,
    data:
      json.data && typeof json.data === 'object' && Object.keys(json.data).length > 0 ? json.data : undefined,
    retryAfterMs: retryAfter > 0 ? retryAfter * 1000 : undefined,
    requestId: typeof json.request_id === 'string' ? json.request_id : requestId,
    httpStatus: res.status,
    api,
  });
}

function isRetryable(e: LikenessError): boolean {
  if (e.code === ClientCode.Network) return true;
  if (e.code === ClientCode.UnexpectedResponse)
    return (e.data as { gateway?: boolean } | undefined)?.gateway === true;
  if (e.api === 'svc' || e.api === 'clone') return RETRIED_CODES[e.api].has(e.code);
  return false;
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = (e as { cause?: unknown }).cause;
  return cause instanceof Error ? `${e.message} (${cause.message})` : e.message;
}

/** AbortSignal.any where it exists (Node 20.3+, current browsers), else a small stand-in. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (signals.length === 1) return signals[0]!;
  const any = (AbortSignal as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  if (any) return any(signals);
  const ctl = new AbortController();
  for (const s of signals) {
    if (s.aborted) {
      ctl.abort(s.reason);
      break;
    }
    s.addEventListener('abort', () => ctl.abort(s.reason), { once: true });
  }
  return ctl.signal;
}
