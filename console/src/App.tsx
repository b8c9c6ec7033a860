import type { FunctionComponent } from 'preact';
import { useEffect } from 'preact/hooks';
import { refreshMe } from './api.js';
import { CreditBanner } from './components/CreditBanner.js';
import { Nav } from './components/Nav.js';
import { TestModeBanner } from './components/TestModeBanner.js';
import { Callbacks } from './pages/Callbacks.js';
import { Create } from './pages/Create.js';
import { Credits } from './pages/Credits.js';
import { Library } from './pages/Library.js';
import { Overview } from './pages/Overview.js';
import { SignIn } from './pages/SignIn.js';
import { Tasks } from './pages/Tasks.js';
import { replaceRoute, route } from './router.js';
import { auth } from './session.js';

const PAGES: Record<string, FunctionComponent> = {
  '/': Overview,
  '/create': Create,
  '/tasks': Tasks,
  '/library': Library,
  '/callbacks': Callbacks,
  '/credits': Credits,
};

export function App() {
  const path = route.value.path;
  const state = auth.value;

  useEffect(() => {
    // Balance and the credit-warning banner change behind the console's back (tasks settle).
    if (state === 'in') void refreshMe().catch(() => undefined);
  }, [path]);

  useEffect(() => {
    if (state === 'in' && path === '/sign-in') replaceRoute('/');
  }, [state, path]);

  if (state === 'loading') return <p class="boot muted">Loading…</p>;
  if (state === 'out') return <SignIn />;

  const Page = PAGES[path];
  return (
    <div class="layout">
      <Nav path={path} />
      <main class="main" id="main">
        <TestModeBanner />
        <CreditBanner />
        {Page ? <Page key={path} /> : <NotFound />}
      </main>
    </div>
  );
}

function NotFound() {
  return (
    <section>
      <h1>Not found</h1>
      <p>
        There is no such page. <a href="#/">Go to the overview</a>.
      </p>
    </section>
  );
}
