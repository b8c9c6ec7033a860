import { useState } from 'preact/hooks';
import type { VoiceCreateParams } from '../../../../sdk/src/index.js';
import { svc } from '../../api.js';
import { Alert } from '../../components/Alert.js';
import { Submitted } from '../../components/Submitted.js';
import { Upload, type Uploaded } from '../../components/Upload.js';
import { SubmitButton, TitleField } from './fields.js';
import { useSubmit } from './useSubmit.js';

/** The spec's language values, with names a person reads. */
const LANGUAGES: [string, string][] = [
  ['', 'Mandarin (default)'],
  ['zh', 'Chinese'],
  ['zh_cantonese', 'Cantonese'],
  ['zh_sichuanese', 'Sichuanese'],
  ['zh_shanghainese', 'Shanghainese'],
  ['zh_tianjinese', 'Tianjinese'],
  ['zh_zhengzhounese', 'Zhengzhou dialect'],
  ['zh_wuhanese', 'Wuhan dialect'],
  ['en', 'English'],
  ['de', 'German'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['jp', 'Japanese'],
  ['ko', 'Korean'],
];

export function CreateVoice() {
  const [sample, setSample] = useState<Uploaded | null>(null);
  const [title, setTitle] = useState('');
  const [language, setLanguage] = useState('');
  const s = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    if (!sample) return;
    const body: VoiceCreateParams = { title, voice_type: 8, file_id: sample.fileId };
    if (language) body.languages = language;
    void s.submit(() => svc.voices.create(body));
  };
  return (
    <form class="card form" onSubmit={onSubmit} data-testid="form-voice">
      <Upload
        label="Voice sample"
        accept=".mp3,.m4a,.wav,audio/*"
        hint="One speaker, MP3, M4A or WAV; 5 seconds to 3 minutes; at most 20 MB."
        testid="voice-upload"
        onUploaded={setSample}
      />
      <TitleField value={title} onChange={setTitle} required />
      <div class="field">
        <label for="language">Language</label>
        <select
          id="language"
          value={language}
          data-testid="create-language"
          onChange={(e) => setLanguage(e.currentTarget.value)}
        >
          {LANGUAGES.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <Alert testid="create-error">{s.error}</Alert>
      <Submitted taskId={s.taskId} what="Voice clone" />
      <SubmitButton busy={s.busy} disabled={!sample || !title.trim()} label="Clone voice" />
    </form>
  );
}
