/** Tabs as links (#/page?tab=x), so a tab can be bookmarked and the back button works. */
export function Tabs(props: {
  base: string;
  current: string;
  items: { id: string; label: string }[];
  testid: string;
}) {
  return (
    <nav class="tabs" data-testid={props.testid} aria-label="Sections">
      {props.items.map((t) => (
        <a
          key={t.id}
          href={`#${props.base}?tab=${t.id}`}
          class={t.id === props.current ? 'tab active' : 'tab'}
          aria-current={t.id === props.current ? 'page' : undefined}
          data-testid={`tab-${t.id}`}
        >
          {t.label}
        </a>
      ))}
    </nav>
  );
}
