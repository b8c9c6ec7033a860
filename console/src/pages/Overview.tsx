import { useState } from 'preact/hooks';
import type { Me, NewToken, SettingsPatch } from '../../../server/src/http/console/schemas.js';
import { call, errorMessage, refreshMe } from '../api.js';
import { Alert } from '../components/Alert.js';
import { ConfirmButton } from '../components/ConfirmButton.js';
import { NewTokenBox } from '../components/NewTokenBox.js';
import { dateTime } from '../format.js';
import { me, setSignedIn } from '../session.js';

/** The account and its API details: what a developer needs to call the API. */
export function Overview() {
  const m = me.value!;
  const base = `${location.origin}/api/v2/svc`;
  return (
    <section data-testid="page-overview">
      <h1>Overview</h1>
      <div class="cards">
        <div class="card stat">
          <span class="stat-label">Balance</span>
          <span class="stat-value" data-testid="overview-balance">
            {m.balance}
          </span>
          <span class="muted small">{m.reserved} reserved by running tasks</span>
        </div>
        <div class="card stat">
          <span class="stat-label">Plan</span>
          <span class="stat-value" data-testid="overview-plan">
            {m.plan}
          </span>
        </div>
      </div>

      <div class="card">
        <h2>Account</h2>
        <dl class="props">
          <dt>Name</dt>
          <dd data-testid="overview-name">{m.name}</dd>
          <dt>Account id</dt>
          <dd>
            <code>{m.account_id}</code>
          </dd>
          <dt>Session ends</dt>
          <dd>{dateTime(m.session_expires_at)}</dd>
        </dl>
        {m.agent_platform && (
          <Alert kind="info" testid="agent-platform">
            This account's tokens are issued for a third-party agent platform: cover styles and covers need{' '}
            <code>svc_id</code>, the identifier of the platform's user you act for.
          </Alert>
        )}
      </div>

      <ApiDetails base={base} prefix={m.token_prefix} />
      {!m.test_mode && <TestMode />}
      <AigcPreference value={m.aigc} />
    </section>
  );
}

function ApiDetails(props: { base: string; prefix: string }) {
  const [fresh, setFresh] = useState<NewToken | null>(null);
  const [error, setError] = useState('');
  const rotate = async () => {
    setError('');
    try {
      const t = await call<NewToken>('POST', '/token/rotate');
      setFresh(t);
      if (me.value) setSignedIn({ ...me.value, token_prefix: t.token_prefix });
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div class="card">
      <h2>API details</h2>
      <dl class="props">
        <dt>Base URL</dt>
        <dd>
          <code>{props.base}</code>
        </dd>
        <dt>Header</dt>
        <dd>
          <code>Authorization: Bearer &lt;token&gt;</code>
        </dd>
        <dt>Token</dt>
        <dd>
          <code data-testid="token-prefix">{props.prefix}…</code>
        </dd>
      </dl>
      {fresh && (
        <NewTokenBox id="new-token" token={fresh.token}>
          <strong>Your new token.</strong> Copy it now: it is shown only this once and disappears when you
          leave this page. The previous token has stopped working.
        </NewTokenBox>
      )}
      <Alert>{error}</Alert>
      <ConfirmButton
        label="Rotate token"
        question="Make a new token? The current one stops working at once."
        confirmLabel="Rotate"
        danger
        testid="rotate-token"
        onConfirm={rotate}
      />
    </div>
  );
}

/** Test mode of a live account: its test token and test balance (README, "Test mode"). */
function TestMode() {
  const m = me.value!;
  const [fresh, setFresh] = useState<NewToken | null>(null);
  const [error, setError] = useState('');
  const make = async () => {
    setError('');
    try {
      const t = await call<NewToken>('POST', '/test-token');
      setFresh(t);
      await refreshMe();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const reset = async () => {
    setError('');
    try {
      setSignedIn(await call<Me>('POST', '/test-balance/reset'));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div class="card" data-testid="test-mode">
      <h2>Test mode</h2>
      <p class="muted small">
        A test token (<code>lk_test_…</code>) has a balance of its own and sees only test data; its videos are
        drafts. Reserved ids such as <code>test_fail_2014</code> make a work end as named.
      </p>
      {m.test && (
        <dl class="props">
          <dt>Test token</dt>
          <dd>
            <code data-testid="test-token-prefix">{m.test.token_prefix}…</code>
          </dd>
          <dt>Test balance</dt>
          <dd data-testid="test-balance">{m.test.balance}</dd>
        </dl>
      )}
      {fresh && (
        <NewTokenBox id="new-test-token" token={fresh.token}>
          <strong>Your test token.</strong> Copy it now: it is shown only this once. Sign in with it to see
          the test data here.
        </NewTokenBox>
      )}
      <Alert>{error}</Alert>
      <div class="button-row">
        <ConfirmButton
          label={m.test ? 'New test token' : 'Make a test token'}
          question={
            m.test ? 'Make a new test token? The current one stops working at once.' : 'Make a test token?'
          }
          confirmLabel="Make"
          testid="make-test-token"
          onConfirm={make}
        />
        {m.test && (
          <ConfirmButton
            label="Reset test balance"
            question="Set the test balance back to 10,000?"
            confirmLabel="Reset"
            testid="reset-test-balance"
            onConfirm={reset}
          />
        )}
      </div>
    </div>
  );
}

function AigcPreference(props: { value: 1 | 2 }) {
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const save = async (aigc: 1 | 2) => {
    setError('');
    setSaved('');
    try {
      const body: SettingsPatch = { aigc };
      setSignedIn(await call<Me>('PATCH', '/settings', body));
      setSaved('Saved');
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div class="card">
      <h2>AIGC label</h2>
      <p class="muted">
        Whether your videos carry the AIGC label (a visible mark and metadata) when a request leaves{' '}
        <code>aigc_flag</code> at 0. A request's own <code>aigc_flag</code> 1 or 2 always wins.
      </p>
      <div class="radio-row" role="radiogroup" aria-label="AIGC label">
        {([1, 2] as const).map((v) => (
          <label key={v}>
            <input
              type="radio"
              name="aigc"
              checked={props.value === v}
              data-testid={`aigc-${v === 1 ? 'on' : 'off'}`}
              onChange={() => void save(v)}
            />{' '}
            {v === 1 ? 'On' : 'Off'}
          </label>
        ))}
        <span class="muted small" data-testid="aigc-saved">
          {saved}
        </span>
      </div>
      <Alert>{error}</Alert>
    </div>
  );
}
