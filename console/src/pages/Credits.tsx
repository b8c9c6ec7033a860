import { useState } from 'preact/hooks';
import type { Ledger, LedgerEntry, Me, SettingsPatch } from '../../../server/src/http/console/schemas.js';
import { call, errorMessage } from '../api.js';
import { Alert } from '../components/Alert.js';
import { dateTime, signed, taskNoun } from '../format.js';
import { useLoad } from '../hooks.js';
import { me, setSignedIn } from '../session.js';

const PAGE_SIZE = 50;

/**
 * What a ledger entry was, in a user's words. A work reserves its estimated cost when it is
 * submitted (the charge), may be charged more once its input is measured, and on completion gets back
 * what it did not use; a failed or cancelled task gets all of it back.
 */
function EntryText(props: { e: LedgerEntry }) {
  const e = props.e;
  const what = taskNoun(e.task_type);
  const task = e.task_id ? (
    <>
      {what} <code class="small">{e.task_id}</code>
    </>
  ) : (
    'a task'
  );
  switch (e.reason) {
    case 'topup':
      return <>Top-up</>;
    case 'adjust':
      return <>Adjusted by the operator</>;
    case 'reserve':
      return e.note === 'raised' ? (
        <>Charged more for {task}: its input was longer than estimated</>
      ) : (
        <>Charged for {task}</>
      );
    case 'release':
      return <>Returned: {task} cost less than charged</>;
    case 'refund':
      return e.note === 'cancelled' ? <>Refunded: {task} was cancelled</> : <>Refunded: {task} failed</>;
    default:
      return <>{e.reason}</>;
  }
}

export function Credits() {
  const m = me.value!;
  return (
    <section data-testid="page-credits">
      <h1>Credits</h1>
      <div class="cards">
        <div class="card stat">
          <span class="stat-label">Balance</span>
          <span class="stat-value" data-testid="credits-balance">
            {m.balance}
          </span>
        </div>
        <div class="card stat">
          <span class="stat-label">Reserved</span>
          <span class="stat-value" data-testid="credits-reserved">
            {m.reserved}
          </span>
          <span class="muted small">held by waiting and processing tasks</span>
        </div>
      </div>
      <WarningThreshold value={m.credit_warning_threshold} />
      <LedgerTable />
    </section>
  );
}

function WarningThreshold(props: { value: number }) {
  const [value, setValue] = useState(String(props.value));
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    setError('');
    setSaved('');
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0)
      return setError('Enter a whole number of credits (0 turns the warning off).');
    try {
      const body: SettingsPatch = { credit_warning_threshold: n };
      setSignedIn(await call<Me>('PATCH', '/settings', body));
      setSaved(n === 0 ? 'Warning turned off' : 'Saved');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <form class="card" onSubmit={(e) => void submit(e)}>
      <h2>Credit warning</h2>
      <p class="muted">
        When the balance falls below this many credits, the console shows a banner and your callback URL gets
        one credit-warning event. 0 turns it off.
      </p>
      <div class="input-row">
        <input
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          aria-label="Warning threshold in credits"
          value={value}
          data-testid="threshold-input"
          onInput={(e) => setValue(e.currentTarget.value)}
        />
        <button type="submit" class="btn btn-primary" data-testid="threshold-save">
          Save
        </button>
      </div>
      <Alert kind="ok" testid="threshold-saved">
        {saved}
      </Alert>
      <Alert>{error}</Alert>
    </form>
  );
}

function LedgerTable() {
  const [page, setPage] = useState(1);
  const ledger = useLoad(() => call<Ledger>('GET', `/credits/ledger?page=${page}&size=${PAGE_SIZE}`), [page]);
  const total = ledger.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div class="card">
      <h2>Ledger</h2>
      <Alert>{ledger.error}</Alert>
      {ledger.data && ledger.data.data.length === 0 && <p class="muted">No credit movements yet.</p>}
      {ledger.data && ledger.data.data.length > 0 && (
        <div class="table-wrap">
          <table data-testid="ledger-table">
            <thead>
              <tr>
                <th>Time</th>
                <th class="num">Change</th>
                <th>What</th>
                <th class="num">Balance after</th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.data.map((e) => (
                <tr key={e.id} data-testid={`ledger-${e.id}`}>
                  <td>{dateTime(e.at)}</td>
                  <td class={e.delta < 0 ? 'num neg' : 'num pos'}>{signed(e.delta)}</td>
                  <td data-testid="ledger-what">
                    <EntryText e={e} />
                  </td>
                  <td class="num">{e.balance_after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div class="pager">
        <button
          type="button"
          class="btn"
          disabled={page <= 1}
          data-testid="ledger-prev"
          onClick={() => setPage(page - 1)}
        >
          Previous
        </button>
        <span class="muted" data-testid="ledger-page">
          Page {page} of {pages} ({total} entries)
        </span>
        <button
          type="button"
          class="btn"
          disabled={page >= pages}
          data-testid="ledger-next"
          onClick={() => setPage(page + 1)}
        >
          Next
        </button>
      </div>
    </div>
  );
}
