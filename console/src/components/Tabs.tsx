import { useEffect, useRef } from 'preact/hooks';

/**
 * Tabs as links (#/page?tab=x), so a tab can be bookmarked and the back button works. On a narrow
 * screen the row scrolls sideways (styles.css) and the current tab is scrolled into view.
 */
export function Tabs(props: {
  base: string;
  current: string;
  items: { id: string; label: string }[];
  testid: string;
}) {
  const row = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = row.current;
    const active = nav?.querySelector<HTMLElement>('.tab.active');
    if (!nav || !active) return;
    // The row is the tabs' offset parent (position: relative), so offsetLeft is within its content.
    const left = active.offsetLeft;
    const right = left + active.offsetWidth;
    if (left < nav.scrollLeft || right > nav.scrollLeft + nav.clientWidth)
      nav.scrollLeft = Math.max(0, left - (nav.clientWidth - active.offsetWidth) / 2);
  }, [props.current]);
  return (
    <nav class="tabs" ref={row} data-testid={props.testid} aria-label="Sections">
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
