import { useState } from 'preact/hooks';
import { svc } from '../../api.js';
import { Alert } from '../../components/Alert.js';
import { Estimate } from '../../components/Estimate.js';
import { Submitted } from '../../components/Submitted.js';
import { VoicePicker } from '../../components/VoicePicker.js';
import { AigcField, SubmitButton, TextField, TitleField } from './fields.js';
import { useSubmit } from './useSubmit.js';

export function CreateAudioTts() {
  const [voice, setVoice] = useState('');
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [aigc, setAigc] = useState(0);
  const s = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void s.submit(() => svc.audio.createByTts({ voice, text, title: title || undefined, aigc_flag: aigc }));
  };
  return (
    <form class="card form" onSubmit={onSubmit} data-testid="form-speech">
      <VoicePicker value={voice} onChange={setVoice} />
      <TextField value={text} onChange={setText} />
      <TitleField value={title} onChange={setTitle} />
      <AigcField value={aigc} onChange={setAigc} />
      <Estimate body={text.trim() ? { type: 'audio_tts', text } : null} />
      <Alert testid="create-error">{s.error}</Alert>
      <Submitted taskId={s.taskId} what="Audio" />
      <SubmitButton busy={s.busy} disabled={!voice || !text.trim()} label="Create audio" />
    </form>
  );
}
