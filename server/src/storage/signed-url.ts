import { hmacBase64Url, safeEqual } from '../lib/crypto.js';

/**
 * The one sign/verify pair for every URL likeness hands out. A signature binds the scope, the exact
 * object (file id or blob key), the content type for uploads, and the expiry.
 */
export type UrlScope = 'upload' | 'download';

export interface SignedParams {
  exp: number;
  sig: string;
}

function payload(scope: UrlScope, subject: string, exp: number, contentType: string): string {
  return `${scope}\n${subject}\n${contentType}\n${exp}`;
}

export function signUrlParams(
  secret: string,
  scope: UrlScope,
  subject: string,
  expUnixSec: number,
  contentType = '',
): SignedParams {
  return { exp: expUnixSec, sig: hmacBase64Url(secret, payload(scope, subject, expUnixSec, contentType)) };
}

export type VerifyResult = 'ok' | 'expired' | 'bad-signature';

export function verifyUrlParams(
  secret: string,
  scope: UrlScope,
  subject: string,
  query: { exp?: unknown; sig?: unknown },
  nowUnixSec: number,
  contentType = '',
): VerifyResult {
  const exp = Number(query.exp);
  const sig = typeof query.sig === 'string' ? query.sig : '';
  if (!Number.isInteger(exp) || sig === '') return 'bad-signature';
  const expected = hmacBase64Url(secret, payload(scope, subject, exp, contentType));
  if (!safeEqual(sig, expected)) return 'bad-signature';
  return exp < nowUnixSec ? 'expired' : 'ok';
}
