/** Hash routing: #/path?query. The server serves one index.html, so no path needs a server route. */
import { signal } from '@preact/signals';

export interface Route {
  path: string;
  query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const h = hash.replace(/^#/, '') || '/';
  const i = h.indexOf('?');
  return i < 0
    ? { path: h, query: new URLSearchParams() }
    : { path: h.slice(0, i), query: new URLSearchParams(h.slice(i + 1)) };
}

export const route = signal<Route>(parseHash(location.hash));
window.addEventListener('hashchange', () => {
  route.value = parseHash(location.hash);
});

export function navigate(path: string): void {
  location.hash = `#${path}`;
}

/** Rewrites the address without a history entry (and without a hashchange event). */
export function replaceRoute(path: string): void {
  history.replaceState(null, '', `${location.pathname}${location.search}#${path}`);
  route.value = parseHash(`#${path}`);
}
