import { useEffect, useRef, useState } from 'preact/hooks';

/** One shared player, so starting a demo stops the one before. */
let current: HTMLAudioElement | null = null;

/**
 * Plays a voice demo on demand: a list of voices with an <audio> element each would fetch every
 * demo's metadata up front. Public demos may not be rendered yet on a fresh install (503), so a
 * failure says so and a later click tries again.
 */
export function PlayButton(props: { url: string; label: string }) {
  const [state, setState] = useState<'idle' | 'playing' | 'failed'>('idle');
  const mine = useRef<HTMLAudioElement | null>(null);
  useEffect(
    () => () => {
      mine.current?.pause();
    },
    [],
  );
  const toggle = () => {
    if (state === 'playing') {
      mine.current?.pause();
      return setState('idle');
    }
    current?.pause();
    const a = new Audio(props.url);
    current = mine.current = a;
    a.onended = () => setState('idle');
    a.onpause = () => setState('idle');
    a.onerror = () => setState('failed');
    setState('playing');
    a.play().catch(() => setState('failed'));
  };
  return (
    <button type="button" class="btn btn-small" aria-label={props.label} onClick={toggle}>
      {state === 'playing' ? '■ Stop' : state === 'failed' ? '↻ Not ready, retry' : '▶ Play'}
    </button>
  );
}
