import { useState } from 'preact/hooks';
import type { VideoCreateByTtsParams } from '../../../../sdk/src/index.js';
import { svc } from '../../api.js';
import { Alert } from '../../components/Alert.js';
import { AvatarPicker } from '../../components/AvatarPicker.js';
import { Estimate } from '../../components/Estimate.js';
import { Submitted } from '../../components/Submitted.js';
import { VoicePicker } from '../../components/VoicePicker.js';
import { AigcField, SubmitButton, TextField, TitleField } from './fields.js';
import { useSubmit } from './useSubmit.js';

type Subtitles = Pick<
  VideoCreateByTtsParams,
  | 'st_font_size'
  | 'st_primary_color'
  | 'st_outline_color'
  | 'st_pos_x'
  | 'st_pos_y'
  | 'st_width'
  | 'st_height'
>;

/** The spec's defaults, so the form shows what an omitted field would mean. */
const SUBTITLE_DEFAULTS: Required<Subtitles> = {
  st_font_size: 100,
  st_primary_color: '#ffffff',
  st_outline_color: '#000000',
  st_pos_x: 60,
  st_pos_y: 900,
  st_width: 600,
  st_height: 100,
};

export function CreateTts() {
  const [avatar, setAvatar] = useState('');
  const [voice, setVoice] = useState('');
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [aigc, setAigc] = useState(0);
  const [showSubs, setShowSubs] = useState(false);
  const [subs, setSubs] = useState(SUBTITLE_DEFAULTS);
  const s = useSubmit();

  const ready = !!avatar && !!voice && !!text.trim();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    const body: VideoCreateByTtsParams = {
      avatar,
      voice,
      text,
      title: title || undefined,
      aigc_flag: aigc,
      st_show: showSubs ? 1 : 0,
      ...(showSubs ? subs : {}),
    };
    void s.submit(() => svc.videos.createByTts(body));
  };

  return (
    <form class="card form" onSubmit={onSubmit} data-testid="form-tts">
      <AvatarPicker value={avatar} onChange={setAvatar} />
      <VoicePicker value={voice} onChange={setVoice} />
      <TextField value={text} onChange={setText} />
      <TitleField value={title} onChange={setTitle} />
      <fieldset>
        <legend>Subtitles</legend>
        <label class="switch">
          <input
            type="checkbox"
            checked={showSubs}
            data-testid="create-subtitles"
            onChange={(e) => setShowSubs(e.currentTarget.checked)}
          />{' '}
          Show subtitles
        </label>
        {showSubs && <SubtitleFields value={subs} onChange={setSubs} />}
      </fieldset>
      <AigcField value={aigc} onChange={setAigc} />
      <Estimate body={text.trim() ? { type: 'video_tts', text } : null} />
      <Alert testid="create-error">{s.error}</Alert>
      <Submitted taskId={s.taskId} what="Video" />
      <SubmitButton busy={s.busy} disabled={!ready} label="Create video" />
    </form>
  );
}

function SubtitleFields(props: { value: Required<Subtitles>; onChange: (v: Required<Subtitles>) => void }) {
  const v = props.value;
  const num = (k: keyof Subtitles, label: string) => (
    <label>
      {label}
      <input
        type="number"
        min={0}
        value={v[k]}
        onInput={(e) => props.onChange({ ...v, [k]: Number(e.currentTarget.value) })}
      />
    </label>
  );
  const color = (k: 'st_primary_color' | 'st_outline_color', label: string) => (
    <label>
      {label}
      <input
        type="color"
        value={v[k]}
        onInput={(e) => props.onChange({ ...v, [k]: e.currentTarget.value })}
      />
    </label>
  );
  return (
    <div class="subtitle-fields">
      {num('st_font_size', 'Font size')}
      {color('st_primary_color', 'Text colour')}
      {color('st_outline_color', 'Outline colour')}
      <details>
        <summary>Position and size of the subtitle area</summary>
        <div class="subtitle-fields">
          {num('st_pos_x', 'Left (x)')}
          {num('st_pos_y', 'Top (y)')}
          {num('st_width', 'Width')}
          {num('st_height', 'Height')}
        </div>
      </details>
    </div>
  );
}
