/**
 * Refuses requests a browser sends on behalf of another site (cross-site request forgery), from the
 * Fetch Metadata header where the browser sends it, else from Origin. Requests with neither come
 * from non-browser clients (curl, tests) and cannot carry a victim's cookie by accident.
 * Returns why the request is refused, or null.
 */
export function crossSiteReason(
  headers: { 'sec-fetch-site'?: string | string[]; origin?: string | string[]; host?: string | string[] },
  publicUrl: string,
): string | null {
  const site = first(headers['sec-fetch-site']);
  if (site !== undefined) {
    // 'none': typed into the address bar or opened from a bookmark; 'same-origin': the console itself.
    if (site === 'same-origin' || site === 'none') return null;
    return `cross-site request refused (Sec-Fetch-Site: ${site}); use the console at its own address`;
  }
  const origin = first(headers.origin);
  if (origin === undefined) return null;
  if (origin === 'null') return 'cross-site request refused (Origin: null)';
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return `cross-site request refused (Origin: ${origin})`;
  }
  // Behind a proxy the Host header may be the internal one; the public URL names the outside one.
  const allowed = new Set([first(headers.host), safeHost(publicUrl)].filter(Boolean));
  return allowed.has(host) ? null : `cross-site request refused (Origin: ${origin})`;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function safeHost(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
