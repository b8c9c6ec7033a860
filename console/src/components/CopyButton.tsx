import { useState } from 'preact/hooks';

/** Copies `text` to the clipboard; where the Clipboard API is refused (plain http), selects the text instead. */
export function CopyButton(props: { text: string; testid: string; targetId?: string }) {
  const [done, setDone] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.text);
      setDone('Copied');
    } catch {
      const el = props.targetId ? document.getElementById(props.targetId) : null;
      if (el) window.getSelection()?.selectAllChildren(el);
      setDone('Selected: press Ctrl+C');
    }
  };
  return (
    <>
      <button type="button" class="btn" data-testid={props.testid} onClick={() => void copy()}>
        Copy
      </button>
      {done && <span class="muted small"> {done}</span>}
    </>
  );
}
