import type { ComponentChildren } from 'preact';

/** A message box; renders nothing without children, so callers can pass an empty error string. */
export function Alert(props: {
  kind?: 'error' | 'ok' | 'warn' | 'info';
  testid?: string;
  children?: ComponentChildren;
}) {
  if (props.children === '' || props.children === null || props.children === undefined) return null;
  const kind = props.kind ?? 'error';
  return (
    <div
      class={`alert alert-${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={props.testid}
    >
      {props.children}
    </div>
  );
}
