import { Tabs } from '../components/Tabs.js';
import { route } from '../router.js';
import { CreateAudioTts } from './create/CreateAudioTts.js';
import { CreateCover } from './create/CreateCover.js';
import { CreateFromAudio } from './create/CreateFromAudio.js';
import { CreateFromTemplate } from './create/CreateFromTemplate.js';
import { CreateTts } from './create/CreateTts.js';
import { CreateVoice } from './create/CreateVoice.js';

const TABS = [
  { id: 'tts', label: 'Video from text' },
  { id: 'audio', label: 'Video from audio' },
  { id: 'template', label: 'From template' },
  { id: 'speech', label: 'Audio from text' },
  { id: 'voice', label: 'Voice clone' },
  { id: 'cover', label: 'Cover' },
];

export function Create() {
  const asked = route.value.query.get('tab');
  const tab = TABS.some((t) => t.id === asked) ? asked! : 'tts';
  return (
    <section data-testid="page-create">
      <h1>Create</h1>
      <Tabs base="/create" current={tab} items={TABS} testid="create-tabs" />
      <div key={tab}>
        {tab === 'tts' && <CreateTts />}
        {tab === 'audio' && <CreateFromAudio />}
        {tab === 'template' && <CreateFromTemplate />}
        {tab === 'speech' && <CreateAudioTts />}
        {tab === 'voice' && <CreateVoice />}
        {tab === 'cover' && <CreateCover />}
      </div>
    </section>
  );
}
