/**
 * The two ways the console talks to the server, both same-origin with the session cookie:
 * `call` for the console's own JSON API (/console/api/...), and `svc`, the SDK's client pointed at
 * the mirror of the generation API under /console/api/v2/svc (the server reads the cookie there and
 * ignores the SDK's Authorization header, so the token placeholder is never a secret).
 */
import { createClient, LikenessError } from '../../sdk/src/index.js';
import type { Me } from '../../server/src/http/console/schemas.js';
import { setSignedIn, setSignedOut } from './session.js';

/** Code the server uses for "not signed in" on both APIs. */
const NOT_SIGNED_IN = 2003;

export const svc = createClient({ baseUrl: `${location.origin}/console`, token: 'session', retry: false });

/** A failure the console API reported: `message` is meant for the user. */
export class ConsoleApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export async function call<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/console/api${path}`, {
    method,
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // A proxy's error page or an empty body: reported below with the HTTP status.
  }
  if (res.ok && json !== null) return json as T;
  const err = json as { code?: number; message?: string } | null;
  const code = typeof err?.code === 'number' ? err.code : res.status;
  if (res.status === 401 || code === NOT_SIGNED_IN) setSignedOut();
  throw new ConsoleApiError(code, err?.message || `the server answered HTTP ${res.status}`, res.status);
}

/** Reloads the signed-in account (balance, banner, settings); signs out on 401. */
export async function refreshMe(): Promise<Me | null> {
  try {
    const m = await call<Me>('GET', '/me');
    setSignedIn(m);
    return m;
  } catch (e) {
    if (e instanceof ConsoleApiError && e.status === 401) return null;
    throw e;
  }
}

/** The text to show for any failure: the service's own message where there is one. */
export function errorMessage(e: unknown): string {
  if (e instanceof LikenessError) {
    if (e.code === NOT_SIGNED_IN) setSignedOut();
    return e.message;
  }
  if (e instanceof Error) return e.message;
  return String(e);
}
