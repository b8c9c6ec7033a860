import { useState } from 'preact/hooks';
import { svc } from '../../api.js';
import { Alert } from '../../components/Alert.js';
import { AvatarPicker } from '../../components/AvatarPicker.js';
import { Estimate } from '../../components/Estimate.js';
import { Submitted } from '../../components/Submitted.js';
import { Upload, type Uploaded } from '../../components/Upload.js';
import { AigcField, SubmitButton, TitleField } from './fields.js';
import { useSubmit } from './useSubmit.js';

export function CreateFromAudio() {
  const [audio, setAudio] = useState<Uploaded | null>(null);
  const [avatar, setAvatar] = useState('');
  const [title, setTitle] = useState('');
  const [aigc, setAigc] = useState(0);
  const s = useSubmit();
  const onSubmit = (e: Event) => {
    e.preventDefault();
    if (!audio) return;
    void s.submit(() =>
      svc.videos.createByAudio({ file_id: audio.fileId, avatar, title: title || undefined, aigc_flag: aigc }),
    );
  };
  return (
    <form class="card form" onSubmit={onSubmit} data-testid="form-audio">
      <Upload
        label="Driving audio"
        accept=".mp3,.m4a,.wav,audio/*"
        hint="MP3, M4A or WAV; 5 seconds to 30 minutes; at most 100 MB."
        testid="audio-upload"
        onUploaded={setAudio}
      />
      <AvatarPicker value={avatar} onChange={setAvatar} />
      <TitleField value={title} onChange={setTitle} />
      <AigcField value={aigc} onChange={setAigc} />
      <Estimate body={audio ? { type: 'video_audio', seconds: audio.seconds } : null} />
      <Alert testid="create-error">{s.error}</Alert>
      <Submitted taskId={s.taskId} what="Video" />
      <SubmitButton busy={s.busy} disabled={!audio || !avatar} label="Create video" />
    </form>
  );
}
