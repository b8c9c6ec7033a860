/**
 * Host-header validation of the MCP endpoint (DNS-rebinding protection): only the loopback names, the
 * public URL's host and the configured listen address are accepted. Pure.
 */

/** The hostname of a Host header, without the port ('[::1]' keeps its brackets); '' when absent. */
export function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end === -1 ? '' : h.slice(0, end + 1);
  }
  return h.split(':')[0] ?? '';
}

/** The hostnames the endpoint answers to. */
export function allowedHostnames(server: { host: string; publicUrl: string }): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  names.add(new URL(server.publicUrl).hostname.toLowerCase());
  const listen = server.host.toLowerCase();
  if (listen !== '0.0.0.0' && listen !== '::') names.add(listen.includes(':') ? `[${listen}]` : listen);
  return names;
}
