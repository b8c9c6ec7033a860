import { useState } from 'preact/hooks';
import type { Me } from '../../../server/src/http/console/schemas.js';
import { call, errorMessage } from '../api.js';
import { Alert } from '../components/Alert.js';
import { setSignedIn, signInNotice } from '../session.js';

/**
 * Signs in with the API token. The token goes to the server once; the server answers with an
 * HttpOnly session cookie, and the console keeps nothing.
 */
export function SignIn() {
  const [token, setToken] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const m = await call<Me>('POST', '/session', { token: token.trim() });
      signInNotice.value = '';
      setSignedIn(m);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="signin" data-testid="sign-in-page">
      <form class="card signin-card" onSubmit={(e) => void submit(e)}>
        <h1>
          likeness <span class="muted">console</span>
        </h1>
        <p class="muted">Sign in with your account's API token.</p>
        <Alert kind="info" testid="sign-in-notice">
          {signInNotice.value}
        </Alert>
        <div class="field">
          <label for="token">API token</label>
          <input
            id="token"
            type="password"
            autocomplete="current-password"
            required
            value={token}
            data-testid="sign-in-token"
            onInput={(e) => setToken(e.currentTarget.value)}
          />
        </div>
        <Alert testid="sign-in-error">{error}</Alert>
        <button
          type="submit"
          class="btn btn-primary"
          disabled={busy || !token.trim()}
          data-testid="sign-in-submit"
        >
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p class="hint">
          No token at hand? The operator of this service can give you a one-time sign-in link.
        </p>
      </form>
    </main>
  );
}
