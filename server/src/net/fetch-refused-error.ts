export type FetchRefusal =
  | 'bad-url'
  | 'scheme'
  | 'blocked-address'
  | 'dns'
  | 'too-large'
  | 'timeout'
  | 'http-status'
  | 'too-many-redirects'
  | 'network';

/** Longest URL kept on an error: the URL may be user input of any size and ends up in logs. */
const URL_KEEP = 2048;

/**
 * Why a user-supplied URL was not (fully) downloaded. `url` is the hop that was refused (after
 * redirects), with any credentials removed. Messages never include resolved addresses, so they can be
 * shown to the user without revealing the internal network layout.
 */
export class FetchRefusedError extends Error {
  override readonly name = 'FetchRefusedError';
  readonly url: string;
  /** The HTTP status, for 'http-status' refusals. */
  readonly status?: number;

  constructor(
    readonly reason: FetchRefusal,
    url: string,
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.url = redactUrl(url);
    if (options.status !== undefined) this.status = options.status;
  }
}

/** Drops user:password from a URL and caps its length, for errors and logs. Pure. */
export function redactUrl(raw: string): string {
  let text = raw;
  try {
    const u = new URL(raw);
    if (u.username || u.password) {
      u.username = '';
      u.password = '';
      text = u.href;
    }
  } catch {
    // Not a URL: keep the text, only shortened.
  }
  return text.length > URL_KEEP ? `${text.slice(0, URL_KEEP)}...` : text;
}
