import { render } from 'preact';
import type { Me } from '../../server/src/http/console/schemas.js';
import { call, errorMessage, refreshMe } from './api.js';
import { App } from './App.js';
import { replaceRoute, route } from './router.js';
import { setSignedIn, setSignedOut, signInNotice } from './session.js';

/**
 * A one-time link (/console/#/sign-in?code=...) signs in at once. The code leaves the address bar
 * before the request, so neither a reload nor the history can send it a second time.
 */
async function boot(): Promise<void> {
  const code = route.value.path === '/sign-in' ? route.value.query.get('code') : null;
  if (code) {
    replaceRoute('/sign-in');
    try {
      setSignedIn(await call<Me>('POST', '/session', { code }));
      replaceRoute('/');
    } catch (e) {
      signInNotice.value = `This sign-in link did not work: ${errorMessage(e)}`;
      setSignedOut();
    }
    return;
  }
  try {
    if (!(await refreshMe())) setSignedOut();
  } catch (e) {
    signInNotice.value = `Could not reach the server: ${errorMessage(e)}`;
    setSignedOut();
  }
}

render(<App />, document.getElementById('app')!);
void boot();
