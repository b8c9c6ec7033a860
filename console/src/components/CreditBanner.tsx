import { me } from '../session.js';

export function CreditBanner() {
  const m = me.value;
  if (!m?.credit_warning_active) return null;
  return (
    <div class="banner" role="status" data-testid="credit-banner">
      Your balance ({m.balance} credits) is below your warning threshold of {m.credit_warning_threshold}.{' '}
      <a href="#/credits">Credits</a>
    </div>
  );
}
