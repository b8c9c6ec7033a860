/**
 * Verification of the service's completion callbacks. Each callback carries
 * `x-likeness-timestamp` (Unix seconds) and `x-likeness-signature: v1=<hex HMAC-SHA256 of
 * "<timestamp>.<raw body>" keyed with the account's callback secret>`.
 */
import { constantTimeEqual, utf8, webCryptoHmac, type HmacProvider } from './crypto.js';

export const SIGNATURE_HEADER = 'x-likeness-signature';
export const TIMESTAMP_HEADER = 'x-likeness-timestamp';
export const DELIVERY_HEADER = 'x-likeness-delivery';

/** Headers as a Fetch `Headers`, a Node `IncomingHttpHeaders` or any plain object (names in any case). */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /**
   * Largest accepted age of the timestamp, in seconds (replayed old callbacks are refused). Default 300;
   * 0 turns the check off. Each delivery attempt is stamped afresh.
   */
  toleranceSec?: number;
  /** The current time in ms (tests). */
  now?: number;
  hmac?: HmacProvider;
}

function header(headers: HeadersLike, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

/**
 * True when the callback was signed with `secret` and is fresh. Pass the raw body exactly as received
 * (a string or the bytes), not a re-serialised object: one changed byte breaks the signature.
 */
export async function verifyCallback(
  headers: HeadersLike,
  body: string | Uint8Array,
  secret: string,
  opts: VerifyOptions = {},
): Promise<boolean> {
  const timestamp = header(headers, TIMESTAMP_HEADER)?.trim();
  const signature = header(headers, SIGNATURE_HEADER)?.trim();
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  const tolerance = opts.toleranceSec ?? 300;
  if (tolerance > 0) {
    const now = (opts.now ?? Date.now()) / 1000;
    if (Math.abs(now - Number(timestamp)) > tolerance) return false;
  }
  const bytes = typeof body === 'string' ? utf8(body) : body;
  const signed = new Uint8Array(timestamp.length + 1 + bytes.byteLength);
  signed.set(utf8(`${timestamp}.`), 0);
  signed.set(bytes, timestamp.length + 1);
  const expected = `v1=${await (opts.hmac ?? webCryptoHmac).hmacSha256Hex(secret, signed)}`;
  // A header may list several signatures (comma-separated) during a secret rotation.
  return signature.split(',').some((s) => constantTimeEqual(s.trim(), expected));
}

/** The body of a work callback (type 1): a video or audio task finished. */
export interface WorkCallback {
  type: 1;
  task_id: string;
  code: number;
  message: string;
  status: 3 | 4;
  video_Url: string;
  duration: number;
  title: string;
}

/** The body of an avatar callback (type 2; sent with the V2 callback switch on). */
export interface AvatarCallback {
  type: 2;
  task_id: string;
  code: number;
  message: string;
  status: 3 | 4;
  avatar: string;
}

/** The body of a voice callback (type 3; sent with the V2 callback switch on). */
export interface VoiceCallback {
  type: 3;
  task_id: string;
  code: number;
  message: string;
  status: 3 | 4;
  voice: string;
  demo_url: string;
}

export type CallbackBody = WorkCallback | AvatarCallback | VoiceCallback;
