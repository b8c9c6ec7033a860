import { FetchRefusedError } from './fetch-refused-error.js';

export const MAX_URL_LENGTH = 2048;

/**
 * Parses and screens a user-supplied (or redirect) URL before anything touches the network:
 * http/https only, at most 2048 characters, no embedded credentials. `base` resolves relative
 * redirect targets. Returns the parsed URL or throws FetchRefusedError ('bad-url' | 'scheme').
 */
export function checkFetchUrl(raw: string, base?: URL): URL {
  if (raw.length > MAX_URL_LENGTH) {
    throw new FetchRefusedError('bad-url', raw, `URL is longer than ${MAX_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch (err) {
    throw new FetchRefusedError('bad-url', raw, 'URL cannot be parsed', { cause: err });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefusedError(
      'scheme',
      url.href,
      `scheme ${url.protocol} is not allowed (http or https only)`,
    );
  }
  // A relative redirect can grow past the limit once resolved.
  if (url.href.length > MAX_URL_LENGTH) {
    throw new FetchRefusedError('bad-url', url.href, `URL is longer than ${MAX_URL_LENGTH} characters`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new FetchRefusedError('bad-url', url.href, 'URL must not contain credentials');
  }
  if (url.hostname === '') {
    throw new FetchRefusedError('bad-url', url.href, 'URL has no host');
  }
  return url;
}

/** The port a URL connects to, with the scheme default filled in. Pure. */
export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}
