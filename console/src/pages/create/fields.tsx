/** Form fields several create forms share. */

export const TEXT_MAX = 10_000;
export const TITLE_MAX = 20;

export function TitleField(props: { value: string; onChange: (v: string) => void; required?: boolean }) {
  return (
    <div class="field">
      <label for="title">Title{props.required ? '' : ' (optional)'}</label>
      <input
        id="title"
        maxLength={TITLE_MAX}
        required={props.required}
        placeholder={props.required ? '' : 'Untitled'}
        value={props.value}
        data-testid="create-title"
        onInput={(e) => props.onChange(e.currentTarget.value)}
      />
      <p class="hint">At most {TITLE_MAX} characters.</p>
    </div>
  );
}

export function TextField(props: { value: string; onChange: (v: string) => void; label?: string }) {
  return (
    <div class="field">
      <label for="text">{props.label ?? 'Text to speak'}</label>
      <textarea
        id="text"
        rows={5}
        maxLength={TEXT_MAX}
        required
        value={props.value}
        data-testid="create-text"
        onInput={(e) => props.onChange(e.currentTarget.value)}
      />
      <p class="hint">
        {props.value.length} / {TEXT_MAX} characters. Plain text; HTML tags are not supported.
      </p>
    </div>
  );
}

/** aigc_flag: 0 follows the account's preference (set on the overview page). */
export function AigcField(props: { value: number; onChange: (v: number) => void }) {
  return (
    <div class="field">
      <label for="aigc">AIGC label</label>
      <select
        id="aigc"
        value={props.value}
        data-testid="create-aigc"
        onChange={(e) => props.onChange(Number(e.currentTarget.value))}
      >
        <option value={0}>Follow my account setting</option>
        <option value={1}>On</option>
        <option value={2}>Off</option>
      </select>
    </div>
  );
}

export function SubmitButton(props: { busy: boolean; disabled?: boolean; label: string }) {
  return (
    <button
      type="submit"
      class="btn btn-primary"
      disabled={props.busy || props.disabled}
      data-testid="create-submit"
    >
      {props.busy ? 'Submitting…' : props.label}
    </button>
  );
}
