import { render } from 'preact';
import type { Me } from '../../server/src/http/console/schemas.js';
import { call, errorMessage, refreshMe } from './api.js';
import { App } from './App.js';
import { replaceRoute, route } from './router.js';
import { setSignedIn, setSignedOut, signInNotice } from './session.js';

/** The code of a one-time link in the address (/console/#/sign-in?code=...), or null. */
function linkCode(): string | null {
  return route.value.path === '/sign-in' ? route.value.query.get('code') : null;
}

/**
 * A one-time link signs in at once. The code leaves the address bar before the request, so neither a
 * reload nor the history can send it a second time. A failure is said on the sign-in page until the
 * next attempt, sign-in or move to another page.
 */
async function signInWithLink(code: string): Promise<void> {
  replaceRoute('/sign-in');
  signInNotice.value = '';
  try {
    setSignedIn(await call<Me>('POST', '/session', { code }));
    replaceRoute('/');
  } catch (e) {
    signInNotice.value = `This sign-in link did not work: ${errorMessage(e)}`;
    setSignedOut();
  }
}

async function boot(): Promise<void> {
  const code = linkCode();
  if (code) return signInWithLink(code);
  try {
    if (!(await refreshMe())) setSignedOut();
  } catch (e) {
    signInNotice.value = `Could not reach the server: ${errorMessage(e)}`;
    setSignedOut();
  }
}

// Moving to another page ends what a notice said about the last attempt. And a link opened in a tab
// that already shows the console changes only the address's hash, with no new page load, so it is
// taken from here (the router has read the new hash by now).
window.addEventListener('hashchange', () => {
  signInNotice.value = '';
  const code = linkCode();
  if (code) void signInWithLink(code);
});

render(<App />, document.getElementById('app')!);
void boot();
