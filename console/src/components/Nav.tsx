import { useEffect, useState } from 'preact/hooks';
import { call, errorMessage } from '../api.js';
import { me, setSignedOut, signInNotice } from '../session.js';

const LINKS = [
  { path: '/', label: 'Overview', id: 'overview' },
  { path: '/create', label: 'Create', id: 'create' },
  { path: '/tasks', label: 'Tasks', id: 'tasks' },
  { path: '/library', label: 'Library', id: 'library' },
  { path: '/callbacks', label: 'Callbacks', id: 'callbacks' },
  { path: '/credits', label: 'Credits', id: 'credits' },
];

/** Side bar on wide screens; on a phone, a top bar whose menu button folds the links out. */
export function Nav(props: { path: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [props.path]);

  const signOut = async () => {
    try {
      await call('DELETE', '/session');
      signInNotice.value = 'You have signed out.';
    } catch (e) {
      signInNotice.value = `Signing out failed: ${errorMessage(e)}`;
    }
    setSignedOut();
  };

  return (
    <header class={open ? 'nav open' : 'nav'}>
      <div class="nav-top">
        <a class="brand" href="#/">
          likeness <span class="muted">console</span>
        </a>
        <button
          type="button"
          class="btn menu-btn"
          aria-expanded={open}
          aria-controls="nav-links"
          data-testid="nav-toggle"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Close' : 'Menu'}
        </button>
      </div>
      <nav id="nav-links" class="nav-links" aria-label="Console">
        {LINKS.map((l) => (
          <a
            key={l.path}
            href={`#${l.path}`}
            class={props.path === l.path ? 'active' : ''}
            aria-current={props.path === l.path ? 'page' : undefined}
            data-testid={`nav-${l.id}`}
          >
            {l.label}
          </a>
        ))}
        <div class="nav-account">
          <span class="muted small" data-testid="nav-account">
            {me.value?.name}
          </span>
          <button type="button" class="btn" data-testid="sign-out" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </nav>
    </header>
  );
}
