import type { ComponentChildren } from 'preact';
import { CopyButton } from './CopyButton.js';

/** A token just made, shown once with a button that copies it; `id` names its test ids too. */
export function NewTokenBox(props: { id: string; token: string; children: ComponentChildren }) {
  return (
    <div class="new-token" data-testid={`${props.id}-box`}>
      <p>{props.children}</p>
      <div class="token-row">
        <code id={props.id} data-testid={props.id}>
          {props.token}
        </code>
        <CopyButton text={props.token} targetId={props.id} testid={`copy-${props.id.replace(/^new-/, '')}`} />
      </div>
    </div>
  );
}
