/**
 * The signed-in state every page reads. The session itself is an HttpOnly cookie the console never
 * sees; `me` is what GET /console/api/me last answered.
 */
import { signal } from '@preact/signals';
import type { Me } from '../../server/src/http/console/schemas.js';

/** 'loading' until the first answer about the session arrives. */
export const auth = signal<'loading' | 'out' | 'in'>('loading');
export const me = signal<Me | null>(null);

export function setSignedIn(m: Me): void {
  me.value = m;
  auth.value = 'in';
  // Signed in, whichever way: an earlier link's or connection's failure no longer applies.
  signInNotice.value = '';
}

export function setSignedOut(): void {
  me.value = null;
  auth.value = 'out';
}

/**
 * A message for the sign-in page (a used one-time link, an unreachable server). It is about the
 * last attempt only: a later sign-in or a move to another page clears it (main.tsx).
 */
export const signInNotice = signal('');
