import { me } from '../session.js';

/** Signed in with a test token: everything shown is test data, apart from the live account's. */
export function TestModeBanner() {
  if (!me.value?.test_mode) return null;
  return (
    <div class="banner banner-test" role="status" data-testid="test-mode-banner">
      <strong>Test mode.</strong> You are signed in with a test token: these are test works, avatars and
      voices, paid from the test balance, rendered as drafts. Sign in with the live token to see live data.
    </div>
  );
}
