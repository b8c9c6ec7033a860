import type { AvatarDetail, AvatarDetailList } from '../../../server/src/http/console/schemas.js';
import { call } from '../api.js';
import { useLoad } from '../hooks.js';
import { Alert } from './Alert.js';
import { avatarFocus, Preview } from './Preview.js';

/** Your ready avatars first, then the public ones. */
export async function usableAvatars(): Promise<AvatarDetail[]> {
  const [own, pub] = await Promise.all([
    call<AvatarDetailList>('GET', '/avatars?kind=1'),
    call<AvatarDetailList>('GET', '/avatars?kind=2'),
  ]);
  return [...own.data, ...pub.data].filter((a) => a.state === 'ready');
}

export function AvatarPicker(props: { value: string; onChange: (avatar: string) => void }) {
  const avatars = useLoad(usableAvatars, []);
  return (
    <fieldset class="picker">
      <legend>Avatar</legend>
      <Alert>{avatars.error}</Alert>
      {avatars.loading && !avatars.data && <p class="muted">Loading avatars…</p>}
      <div class="picker-grid" data-testid="avatar-picker">
        {avatars.data?.map((a) => (
          <label key={a.avatar} class={a.avatar === props.value ? 'pick selected' : 'pick'}>
            <input
              type="radio"
              name="avatar"
              value={a.avatar}
              checked={a.avatar === props.value}
              data-testid={`pick-avatar-${a.avatar}`}
              onChange={() => props.onChange(a.avatar)}
            />
            <Preview
              url={a.media_url}
              kind={a.media_kind}
              poster={a.poster_url}
              alt={a.title}
              focus={avatarFocus(a)}
            />
            <span class="pick-title">
              {a.title}
              {a.kind === 1 && <span class="badge">yours</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
