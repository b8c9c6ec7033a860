import { useState } from 'preact/hooks';
import type { VoiceDetail, VoiceDetailList } from '../../../../server/src/http/console/schemas.js';
import { call, errorMessage, svc } from '../../api.js';
import { Alert } from '../../components/Alert.js';
import { dateTime } from '../../format.js';
import { useLoad } from '../../hooks.js';
import { KindSwitch } from '../Library.js';

const VOICE_TYPE: Record<number, string> = {
  8: 'cloned (basic V2)',
  10: 'public',
  20: 'high-fidelity V1',
  22: 'high-fidelity V2',
};

export function VoicesTab(props: { own: boolean }) {
  const list = useLoad(() => call<VoiceDetailList>('GET', `/voices?kind=${props.own ? 1 : 2}`), [props.own]);
  return (
    <div data-testid="library-voices">
      <KindSwitch tab="voices" own={props.own} />
      <Alert>{list.error}</Alert>
      {list.data?.data.length === 0 && (
        <p class="muted">
          {props.own ? (
            <>
              You have no cloned voices yet. <a href="#/create?tab=voice">Clone one</a>.
            </>
          ) : (
            'No public voices.'
          )}
        </p>
      )}
      <div class="grid">
        {list.data?.data.map((v) => (
          <VoiceCard key={v.voice} v={v} />
        ))}
      </div>
    </div>
  );
}

function VoiceCard(props: { v: VoiceDetail }) {
  const v = props.v;
  return (
    <article class="card item" data-testid={`voice-${v.voice}`}>
      <h3>{v.title}</h3>
      <code class="small muted">{v.voice}</code>
      <div class="muted small">
        {VOICE_TYPE[v.type] ?? `type ${v.type}`} · {v.language}
        {v.state !== 'ready' && (
          <>
            {' '}
            · <span class={`state state-${v.state}`}>{v.state}</span>
          </>
        )}{' '}
        · {dateTime(v.created_at)}
      </div>
      {v.demo_url && <audio controls preload="none" src={v.demo_url} data-testid="voice-demo" />}
      {v.kind === 1 && v.state === 'ready' ? (
        <VoiceEdit v={v} />
      ) : (
        <p class="small muted">
          rate {v.rate} · volume {v.volume} · pitch {v.pitch}
        </p>
      )}
    </article>
  );
}

const LIMITS = {
  rate: { min: 0.5, max: 2.0 },
  volume: { min: 0.1, max: 2.0 },
  pitch: { min: 0.1, max: 2.0 },
} as const;
type Knob = keyof typeof LIMITS;

/** Rate, volume and pitch of one of your voices (decimal text, as voice/edit takes them). */
function VoiceEdit(props: { v: VoiceDetail }) {
  const [values, setValues] = useState<Record<Knob, string>>({
    rate: props.v.rate,
    volume: props.v.volume,
    pitch: props.v.pitch,
  });
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    setError('');
    setSaved('');
    try {
      await svc.voices.edit({ voice: props.v.voice, ...values });
      setSaved('Saved');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <form class="voice-edit" onSubmit={(e) => void submit(e)} data-testid={`voice-edit-${props.v.voice}`}>
      {(Object.keys(LIMITS) as Knob[]).map((k) => (
        <label key={k}>
          {k}
          <input
            type="number"
            step="0.1"
            min={LIMITS[k].min}
            max={LIMITS[k].max}
            required
            value={values[k]}
            data-testid={`voice-${k}`}
            onInput={(e) => setValues({ ...values, [k]: e.currentTarget.value })}
          />
        </label>
      ))}
      <button type="submit" class="btn btn-primary" data-testid="voice-save">
        Save
      </button>
      <Alert kind="ok" testid="voice-saved">
        {saved}
      </Alert>
      <Alert testid="voice-error">{error}</Alert>
    </form>
  );
}
