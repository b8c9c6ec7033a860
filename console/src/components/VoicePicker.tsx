import type { VoiceDetail, VoiceDetailList } from '../../../server/src/http/console/schemas.js';
import { call } from '../api.js';
import { useLoad } from '../hooks.js';
import { Alert } from './Alert.js';
import { PlayButton } from './PlayButton.js';

/** Your ready voices first, then the public ones. */
export async function usableVoices(): Promise<VoiceDetail[]> {
  const [own, pub] = await Promise.all([
    call<VoiceDetailList>('GET', '/voices?kind=1'),
    call<VoiceDetailList>('GET', '/voices?kind=2'),
  ]);
  return [...own.data, ...pub.data].filter((v) => v.state === 'ready');
}

export function VoicePicker(props: { value: string; onChange: (voice: string) => void }) {
  const voices = useLoad(usableVoices, []);
  return (
    <fieldset class="picker">
      <legend>Voice</legend>
      <Alert>{voices.error}</Alert>
      {voices.loading && !voices.data && <p class="muted">Loading voices…</p>}
      <ul class="voice-list" data-testid="voice-picker">
        {voices.data?.map((v) => (
          <li key={v.voice} class={v.voice === props.value ? 'selected' : ''}>
            <label>
              <input
                type="radio"
                name="voice"
                value={v.voice}
                checked={v.voice === props.value}
                data-testid={`pick-voice-${v.voice}`}
                onChange={() => props.onChange(v.voice)}
              />
              <span>
                {v.title} <span class="muted small">{v.language}</span>
                {v.kind === 1 && <span class="badge">yours</span>}
              </span>
            </label>
            {v.demo_url && <PlayButton url={v.demo_url} label={`Play ${v.title}`} />}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
