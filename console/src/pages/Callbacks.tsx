import { useState } from 'preact/hooks';
import type {
  CallbackSecret,
  Delivery,
  DeliveryList,
  DeliveryRef,
  Me,
  SettingsPatch,
} from '../../../server/src/http/console/schemas.js';
import { call, errorMessage } from '../api.js';
import { Alert } from '../components/Alert.js';
import { ConfirmButton } from '../components/ConfirmButton.js';
import { CopyButton } from '../components/CopyButton.js';
import { dateTime, EVENT_TYPE } from '../format.js';
import { useLoad, usePoll } from '../hooks.js';
import { me, setSignedIn } from '../session.js';

export function Callbacks() {
  return (
    <section data-testid="page-callbacks">
      <h1>Callbacks</h1>
      <CallbackSettings />
      <SigningSecret />
      <Deliveries />
    </section>
  );
}

function CallbackSettings() {
  const m = me.value!;
  const [url, setUrl] = useState(m.callback_url ?? '');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');

  const patch = async (body: SettingsPatch, what: string) => {
    setError('');
    setSaved('');
    try {
      setSignedIn(await call<Me>('PATCH', '/settings', body));
      setSaved(what);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <form
      class="card"
      onSubmit={(e) => {
        e.preventDefault();
        void patch(
          { callback_url: url.trim() || null },
          url.trim() ? 'Callback URL saved' : 'Callback URL cleared',
        );
      }}
    >
      <h2>Where events go</h2>
      <p class="muted">
        When a task finishes, the service POSTs a JSON message to this address. A receiver that does not
        answer 200 is retried for 5 minutes.
      </p>
      <div class="field">
        <label for="callback-url">Callback URL</label>
        <div class="input-row">
          <input
            id="callback-url"
            type="url"
            placeholder="https://example.com/likeness-events"
            value={url}
            data-testid="callback-url"
            onInput={(e) => setUrl(e.currentTarget.value)}
          />
          <button type="submit" class="btn btn-primary" data-testid="callback-save">
            Save
          </button>
        </div>
      </div>
      <label class="switch">
        <input
          type="checkbox"
          checked={m.v2_callback}
          data-testid="v2-callback"
          onChange={(e) => void patch({ v2_callback: e.currentTarget.checked }, 'V2 events setting saved')}
        />{' '}
        V2 events: also send avatar-cloning and voice-cloning messages (by default only works are sent)
      </label>
      <Alert kind="ok" testid="callback-saved">
        {saved}
      </Alert>
      <Alert testid="callback-error">{error}</Alert>
    </form>
  );
}

function SigningSecret() {
  const [secret, setSecret] = useState('');
  const [error, setError] = useState('');
  const run = async (req: () => Promise<CallbackSecret>) => {
    setError('');
    try {
      setSecret((await req()).secret);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div class="card">
      <h2>Signing secret</h2>
      <p class="muted">
        Each message is signed with this secret (HMAC-SHA256), so your receiver can check it came from this
        service; the SDK's <code>verifyCallback</code> does the check.
      </p>
      {secret ? (
        <div class="token-row">
          <code id="callback-secret" data-testid="callback-secret">
            {secret}
          </code>
          <CopyButton text={secret} targetId="callback-secret" testid="copy-secret" />
        </div>
      ) : (
        <button
          type="button"
          class="btn"
          data-testid="reveal-secret"
          onClick={() => void run(() => call<CallbackSecret>('GET', '/callback/secret'))}
        >
          Reveal
        </button>
      )}{' '}
      <ConfirmButton
        label="Rotate secret"
        question="Make a new secret? Receivers must switch to it."
        confirmLabel="Rotate"
        danger
        testid="rotate-secret"
        onConfirm={() => run(() => call<CallbackSecret>('POST', '/callback/secret/rotate'))}
      />
      <Alert>{error}</Alert>
    </div>
  );
}

function Deliveries() {
  const list = useLoad(() => call<DeliveryList>('GET', '/callback/deliveries?limit=50'), []);
  // The log changes on its own (retries, answers): keep it fresh while the page is open.
  usePoll(list.reload, 3000);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const hasUrl = !!me.value?.callback_url;

  const send = async (req: () => Promise<DeliveryRef>, what: string) => {
    setError('');
    setNotice('');
    try {
      const ref = await req();
      setNotice(`${what}: delivery ${ref.delivery_id}`);
      await list.reload();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <div class="card">
      <div class="card-head">
        <h2>Delivery log</h2>
        <button
          type="button"
          class="btn"
          disabled={!hasUrl}
          title={hasUrl ? undefined : 'Save a callback URL first'}
          data-testid="send-test"
          onClick={() => void send(() => call<DeliveryRef>('POST', '/callback/test'), 'Test event queued')}
        >
          Send test event
        </button>
      </div>
      <Alert kind="ok" testid="delivery-notice">
        {notice}
      </Alert>
      <Alert testid="delivery-error">{error || list.error}</Alert>
      {list.data && list.data.data.length === 0 && <p class="muted">No deliveries yet.</p>}
      {list.data && list.data.data.length > 0 && (
        <div class="table-wrap">
          <table data-testid="delivery-table">
            <thead>
              <tr>
                <th>Event</th>
                <th>Task</th>
                <th>Attempts</th>
                <th>Answer</th>
                <th>Latency</th>
                <th>Next retry</th>
                <th>State</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((d) => (
                <DeliveryRow
                  key={d.id}
                  d={d}
                  onResend={() =>
                    send(() => call<DeliveryRef>('POST', `/callback/deliveries/${d.id}/resend`), 'Resent')
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function DeliveryRow(props: { d: Delivery; onResend: () => Promise<void> }) {
  const d = props.d;
  const answer = d.last_status !== null ? `HTTP ${d.last_status}` : '';
  return (
    <tr data-testid={`delivery-${d.id}`} data-state={d.state}>
      <td>{EVENT_TYPE[d.event_type] ?? d.event_type}</td>
      <td>
        <code class="small">{d.task_id || '—'}</code>
      </td>
      <td>{d.attempts}</td>
      <td>
        {answer}
        {d.last_error && <div class="error-text small">{d.last_error}</div>}
        {!answer && !d.last_error && '—'}
      </td>
      <td>{d.last_latency_ms === null ? '—' : `${d.last_latency_ms} ms`}</td>
      <td>{dateTime(d.next_attempt_at)}</td>
      <td>
        <span class={`state state-${d.state}`} data-testid="delivery-state">
          {d.state}
        </span>
      </td>
      <td>
        <button
          type="button"
          class="btn btn-small"
          data-testid={`resend-${d.id}`}
          onClick={() => void props.onResend()}
        >
          Resend
        </button>
      </td>
    </tr>
  );
}
