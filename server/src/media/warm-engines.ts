import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trackFaceInImage } from './face/tracker.js';
import { PUBLIC_VOICE_PRESETS } from './speech/presets.js';
import type { VoiceSettings } from './speech/types.js';
import type { MediaToolkit } from './toolkit.js';

/** A head and shoulders picture the face search finds a face in (models/warm-up/NOTICE.md). */
export const WARM_UP_PORTRAIT = fileURLToPath(new URL('../../models/warm-up/portrait.jpg', import.meta.url));

const PLAIN_VOICE: VoiceSettings = { language: 'en', profile: null, rate: 1, volume: 1, pitch: 1 };
/** Two clauses: eSpeak's code for a sentence of a few words, not only for one word. */
const SENTENCE = 'Hello, and welcome. This is likeness, speaking to you.';

/**
 * What the speech thread speaks before the first client, in order. eSpeak's code gets fast over
 * its first few sentences, whatever their voice (measured: a first short sentence after one word
 * of warm-up took 1.4-2.1× what later ones took; after these steps 1.1-1.3×). The last step is a
 * public voice, whose profile is measured and levelled: code the plain voice never runs.
 */
export const SPEECH_WARM_UP: readonly { text: string; voice: VoiceSettings }[] = [
  { text: SENTENCE, voice: PLAIN_VOICE },
  { text: SENTENCE, voice: PLAIN_VOICE },
  { text: 'Hello.', voice: PUBLIC_VOICE_PRESETS[0]!.settings },
];

/**
 * Loads and runs what a process's first work would otherwise run cold while its user waits: the
 * speech engine's thread (eSpeak-NG and its voice data, the profile's measuring and levelling),
 * and the face search of a picture (the picture decoder, the face model's thread, detection and
 * the landmark model on a face found). Both threads run below the API's thread. Measured by
 * bench/start (decision S27).
 */
export async function warmMediaEngines(
  media: Pick<MediaToolkit, 'speech' | 'faces' | 'tmpDir'>,
): Promise<void> {
  await mkdir(media.tmpDir, { recursive: true });
  const speak = async () => {
    const wav = join(media.tmpDir, `warm-up-${randomUUID()}.wav`);
    try {
      for (const step of SPEECH_WARM_UP) await media.speech.synthesize(step.text, step.voice, wav);
    } finally {
      await rm(wav, { force: true });
    }
  };
  const look = async () => {
    const track = await trackFaceInImage(await media.faces(), WARM_UP_PORTRAIT);
    if (!(track.samples[0]!.score > 0)) throw new Error('the warm-up portrait showed no face');
  };
  // Both run to their end (no file left behind, nothing still loading when the first client comes)
  // before a failure of either is reported.
  const failed = (await Promise.allSettled([speak(), look()])).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
