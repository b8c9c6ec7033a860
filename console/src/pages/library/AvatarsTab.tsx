import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import type { AvatarDetail, AvatarDetailList } from '../../../../server/src/http/console/schemas.js';
import { call, errorMessage, svc } from '../../api.js';
import { Alert } from '../../components/Alert.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { avatarFocus, Preview } from '../../components/Preview.js';
import { dateTime, seconds } from '../../format.js';
import { useLoad } from '../../hooks.js';
import { KindSwitch } from '../Library.js';

export function AvatarsTab(props: { own: boolean }) {
  const list = useLoad(
    () => call<AvatarDetailList>('GET', `/avatars?kind=${props.own ? 1 : 2}`),
    [props.own],
  );
  const [error, setError] = useState('');
  const remove = async (a: AvatarDetail) => {
    setError('');
    try {
      await svc.avatars.delete(a.avatar);
      await list.reload();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div data-testid="library-avatars">
      <KindSwitch tab="avatars" own={props.own} />
      <Alert>{error || list.error}</Alert>
      {list.data?.data.length === 0 && (
        <p class="muted">{props.own ? 'You have no avatars yet.' : 'No public avatars.'}</p>
      )}
      <div class="grid">
        {list.data?.data.map((a) => (
          <article key={a.avatar} class="card item" data-testid={`avatar-${a.avatar}`}>
            <Preview
              url={a.media_url}
              kind={a.media_kind}
              poster={a.poster_url}
              alt={a.title}
              focus={avatarFocus(a)}
            />
            <h3>{a.title}</h3>
            <code class="small muted">{a.avatar}</code>
            <div class="muted small">
              {a.state !== 'ready' && <span class={`state state-${a.state}`}>{a.state}</span>}{' '}
              {a.width && a.height ? `${a.width}×${a.height}` : ''}
              {a.duration_sec ? ` · ${seconds(a.duration_sec)}` : ''} · {dateTime(a.created_at)}
            </div>
            {typeof a.face?.notice === 'string' && (
              <p class="small notice" data-testid="face-notice">
                {a.face.notice}
              </p>
            )}
            {a.face && <FaceReport face={a.face} />}
            {a.kind === 1 && (
              <ConfirmButton
                label="Delete"
                question="Delete this avatar?"
                danger
                small
                testid={`delete-avatar-${a.avatar}`}
                onConfirm={() => remove(a)}
              />
            )}
          </article>
        ))}
      </div>
    </div>
  );
}

/** Names for the keys the server's face tracker reports; other keys are shown from their own name. */
const FACE_LABELS: Record<string, string> = {
  samples: 'Frames sampled',
  samplesWithFace: 'Frames with a face',
  faceFoundShare: 'Face found in',
  faceWidthPx: 'Face width',
  faceWidthShare: 'Face width (of frame)',
  yawMedianDeg: 'Head turn, median',
  yawMaxDeg: 'Head turn, largest',
  pitchMedianDeg: 'Head nod, median',
  rollMedianDeg: 'Head tilt, median',
  illustrated: 'Drawn (not tracked)',
  facesFound: 'Faces found',
  speaker: 'Face that speaks',
  notice: 'Note',
};

/** The face quality report as stored: its keys and values, read with their units. */
function FaceReport(props: { face: Record<string, unknown> }) {
  return (
    <details class="face" data-testid="face-report">
      <summary>Face report</summary>
      <dl class="props small">
        {Object.entries(props.face).map(([k, v]) => (
          <Fragment key={k}>
            <dt>{FACE_LABELS[k] ?? words(k)}</dt>
            <dd>{show(k, v)}</dd>
          </Fragment>
        ))}
      </dl>
    </details>
  );
}

/** faceWidthPx → "face width px"; snake_case too. */
function words(k: string): string {
  const w = k
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** A value with the unit its key names (…Share: a fraction shown as %, …Deg: degrees, …Px: pixels). */
function show(k: string, v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') {
    if (/share$/i.test(k)) return `${Math.round(v * 100)}%`;
    const n = Number.isInteger(v) ? String(v) : v.toFixed(1);
    if (/deg$/i.test(k)) return `${n}°`;
    if (/px$/i.test(k)) return `${n} px`;
    return n;
  }
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map((x) => show('', x)).join(', ');
  return Object.entries(v as Record<string, unknown>)
    .map(([kk, x]) => `${words(kk)}: ${show(kk, x)}`)
    .join('; ');
}
