/** One operator allow-list entry: a host (name or IP literal, IPv6 in brackets), optionally one port. */
export interface AllowEntry {
  host: string;
  port: number | null;
}

// host = bracketed IPv6 literal or anything without URL delimiters; then an optional :port.
const ENTRY_RE = /^(\[[0-9a-fA-F:.]+\]|[^\s/\\:@?#[\]]+)(?::(\d{1,5}))?$/;

/**
 * Parses 'host' / 'host:port' entries. Host names go through the WHATWG URL parser so that they are
 * normalised exactly like the URLs they are compared with (case, IDNA, IPv4 shorthand, IPv6
 * compression). Throws TypeError on a malformed entry: a typo must not silently widen or drop access.
 */
export function parseAllowList(entries: readonly string[]): AllowEntry[] {
  return entries.map((entry) => {
    const m = ENTRY_RE.exec(entry.trim());
    let host: string | null = null;
    if (m?.[1] !== undefined) {
      try {
        host = normalizeHost(new URL(`http://${m[1]}/`).hostname);
      } catch {
        host = null;
      }
    }
    const port = m?.[2] === undefined ? null : Number(m[2]);
    if (host === null || host === '' || (port !== null && (port < 1 || port > 65535))) {
      throw new TypeError(`invalid fetch allow-list entry: ${JSON.stringify(entry)}`);
    }
    return { host, port };
  });
}

/** Lower case, no trailing dot; IPv6 literals keep their brackets as in URL.hostname. Pure. */
export function normalizeHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

/** True when `host` (a URL host name) on `port` is on the allow-list. Pure. */
export function isAllowed(list: readonly AllowEntry[], host: string, port: number): boolean {
  const h = normalizeHost(host);
  return list.some((e) => e.host === h && (e.port === null || e.port === port));
}
