import { Tabs } from '../components/Tabs.js';
import { route } from '../router.js';
import { AvatarsTab } from './library/AvatarsTab.js';
import { CoversTab } from './library/CoversTab.js';
import { VoicesTab } from './library/VoicesTab.js';
import { WorksTab } from './library/WorksTab.js';

const TABS = [
  { id: 'avatars', label: 'Avatars' },
  { id: 'voices', label: 'Voices' },
  { id: 'works', label: 'Videos and audio' },
  { id: 'covers', label: 'Covers' },
];

export function Library() {
  const q = route.value.query;
  const tab = TABS.some((t) => t.id === q.get('tab')) ? q.get('tab')! : 'avatars';
  const own = q.get('kind') !== 'public';
  return (
    <section data-testid="page-library">
      <h1>Library</h1>
      <Tabs base="/library" current={tab} items={TABS} testid="library-tabs" />
      {tab === 'avatars' && <AvatarsTab own={own} />}
      {tab === 'voices' && <VoicesTab own={own} />}
      {tab === 'works' && <WorksTab />}
      {tab === 'covers' && <CoversTab />}
    </section>
  );
}

/** Your own items or the public catalogue, as links so the choice survives a reload. */
export function KindSwitch(props: { tab: string; own: boolean }) {
  return (
    <div class="segmented" role="group" aria-label="Whose">
      <a
        href={`#/library?tab=${props.tab}`}
        class={props.own ? 'active' : ''}
        aria-current={props.own ? 'true' : undefined}
        data-testid="kind-own"
      >
        Yours
      </a>
      <a
        href={`#/library?tab=${props.tab}&kind=public`}
        class={props.own ? '' : 'active'}
        aria-current={props.own ? undefined : 'true'}
        data-testid="kind-public"
      >
        Public
      </a>
    </div>
  );
}
