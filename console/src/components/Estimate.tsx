import type { Estimate as EstimateReply, EstimateBody } from '../../../server/src/http/console/schemas.js';
import { call } from '../api.js';
import { credits } from '../format.js';
import { useDebounced, useLoad } from '../hooks.js';

/** The cost of what the form would submit, asked again (debounced) as the form changes. */
export function Estimate(props: { body: EstimateBody | null }) {
  const key = useDebounced(props.body ? JSON.stringify(props.body) : '', 400);
  const est = useLoad(
    () => (key ? call<EstimateReply>('POST', '/estimate', JSON.parse(key)) : Promise.resolve(undefined)),
    [key],
  );
  if (!key) return null;
  const e = est.data;
  return (
    <div class="estimate" data-testid="estimate" aria-live="polite">
      {est.error ? (
        <span class="muted">Cost estimate unavailable: {est.error}</span>
      ) : e ? (
        <>
          <strong data-testid="estimate-credits">≈ {credits(e.charge)}</strong>
          {e.per_minute > 0 && (
            <span class="muted">
              {' '}
              ({e.per_minute}/min for about {e.seconds.toFixed(0)} s)
            </span>
          )}
          {e.credits > e.charge && (
            <span class="muted" data-testid="estimate-held">
              {' '}
              · holds {credits(e.credits)} while it runs
            </span>
          )}
          <span class={e.credits > e.balance ? 'warn' : 'muted'}> · balance {e.balance}</span>
          <div class="muted small">{e.note}</div>
        </>
      ) : (
        <span class="muted">Estimating…</span>
      )}
    </div>
  );
}
