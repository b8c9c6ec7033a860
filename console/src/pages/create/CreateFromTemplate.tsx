import { useState } from 'preact/hooks';
import { svc } from '../../api.js';
import { Alert } from '../../components/Alert.js';
import { AvatarPicker } from '../../components/AvatarPicker.js';
import { Estimate } from '../../components/Estimate.js';
import { RetryImg } from '../../components/RetryImg.js';
import { Submitted } from '../../components/Submitted.js';
import { VoicePicker } from '../../components/VoicePicker.js';
import { useLoad } from '../../hooks.js';
import { AigcField, SubmitButton, TextField, TitleField } from './fields.js';
import { useSubmit } from './useSubmit.js';

const ORIENTATIONS = ['Portrait', 'Landscape', 'Square', 'Original ratio'];
type Orientation = 0 | 1 | 2 | 3;

export function CreateFromTemplate() {
  const [orientation, setOrientation] = useState<Orientation>(0);
  const [template, setTemplate] = useState('');
  const [avatar, setAvatar] = useState('');
  const [voice, setVoice] = useState('');
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [aigc, setAigc] = useState(0);
  const templates = useLoad(
    () => svc.videos.livelyTemplates({ type: orientation, size: 200 }),
    [orientation],
  );
  const s = useSubmit();

  const onSubmit = (e: Event) => {
    e.preventDefault();
    void s.submit(() =>
      svc.videos.createByTemplate({
        template,
        avatar,
        voice,
        text,
        title: title || undefined,
        aigc_flag: aigc,
      }),
    );
  };

  return (
    <form class="card form" onSubmit={onSubmit} data-testid="form-template">
      <fieldset class="picker">
        <legend>Template</legend>
        <label class="inline-field">
          Orientation{' '}
          <select
            value={orientation}
            onChange={(e) => setOrientation(Number(e.currentTarget.value) as Orientation)}
          >
            {ORIENTATIONS.map((o, i) => (
              <option key={o} value={i}>
                {o}
              </option>
            ))}
          </select>
        </label>
        <Alert>{templates.error}</Alert>
        {templates.data?.data.length === 0 && <p class="muted">No templates in this orientation.</p>}
        <div class="picker-grid" data-testid="template-picker">
          {templates.data?.data.map((t) => (
            <label key={t.template} class={t.template === template ? 'pick selected' : 'pick'}>
              <input
                type="radio"
                name="template"
                checked={t.template === template}
                data-testid={`pick-template-${t.template}`}
                onChange={() => setTemplate(t.template)}
              />
              <RetryImg class="thumb" src={t.cover_url} alt={t.title} />
              <span class="pick-title">{t.title}</span>
              <a class="small" href={t.demo_url} target="_blank" rel="noopener">
                Sample video
              </a>
            </label>
          ))}
        </div>
      </fieldset>
      <AvatarPicker value={avatar} onChange={setAvatar} />
      <VoicePicker value={voice} onChange={setVoice} />
      <TextField value={text} onChange={setText} />
      <TitleField value={title} onChange={setTitle} />
      <AigcField value={aigc} onChange={setAigc} />
      <Estimate body={text.trim() ? { type: 'video_template', text } : null} />
      <Alert testid="create-error">{s.error}</Alert>
      <Submitted taskId={s.taskId} what="Template video" />
      <SubmitButton
        busy={s.busy}
        disabled={!template || !avatar || !voice || !text.trim()}
        label="Create video"
      />
    </form>
  );
}
