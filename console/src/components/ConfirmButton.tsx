import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

/**
 * A button that asks "sure?" inline before acting, instead of window.confirm: the question stays
 * next to what it is about, and it works the same in every browser and in tests.
 */
export function ConfirmButton(props: {
  label: ComponentChildren;
  question: ComponentChildren;
  confirmLabel?: string;
  onConfirm: () => void | Promise<void>;
  testid: string;
  danger?: boolean;
  small?: boolean;
  disabled?: boolean;
}) {
  const size = props.small ? ' btn-small' : '';
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        class={(props.danger ? 'btn btn-danger' : 'btn') + size}
        data-testid={props.testid}
        disabled={props.disabled || busy}
        onClick={() => setAsking(true)}
      >
        {props.label}
      </button>
    );
  }
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <span class="confirm" role="group">
      <span class="confirm-question">{props.question}</span>
      <button
        type="button"
        class={(props.danger ? 'btn btn-danger' : 'btn btn-primary') + size}
        data-testid={`${props.testid}-confirm`}
        disabled={busy}
        onClick={() => void confirm()}
      >
        {props.confirmLabel ?? 'Yes'}
      </button>
      <button
        type="button"
        class={`btn${size}`}
        data-testid={`${props.testid}-cancel`}
        onClick={() => setAsking(false)}
      >
        Cancel
      </button>
    </span>
  );
}
