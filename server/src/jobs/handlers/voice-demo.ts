import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { renderAudio } from '../../media/compose/index.js';
import type { VoiceSettings } from '../../media/speech/index.js';
import type { MediaToolkit } from '../../media/toolkit.js';
import { demoTextFor } from './demo-text.js';
import { TIME_LIMITS, withTimeLimit } from './time-limits.js';

/**
 * Speaks the demo sentence of the voice's language in the voice, as an MP3: the demo of a cloned
 * voice (voice.create) and of a public one (catalogue.render).
 */
export async function renderVoiceDemo(
  media: Pick<MediaToolkit, 'speech' | 'bins'>,
  voice: VoiceSettings,
  outMp3: string,
  tmpDir: string,
  signal: AbortSignal,
): Promise<void> {
  const wav = join(tmpDir, `demo-${randomUUID()}.wav`);
  const text = demoTextFor(voice.language);
  try {
    await withTimeLimit(signal, TIME_LIMITS.synthesis(text.length), 'speech synthesis', (s) =>
      media.speech.synthesize(text, voice, wav, { signal: s }),
    );
    await withTimeLimit(signal, TIME_LIMITS.render(30), 'the demo audio', (s) =>
      renderAudio(media.bins, { speech: { path: wav }, outputPath: outMp3 }, { signal: s }),
    );
  } finally {
    await rm(wav, { force: true });
  }
}
