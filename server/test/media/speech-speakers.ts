// Test speakers: eSpeak voices of other timbres (its built-in variants), reshaped by ffmpeg (vocal
// tract length, spectral tilt, level) and saved as an upload would arrive. Made at test time.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaBinaries } from '../../src/media/binaries.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import type { SpeechLanguage } from '../../src/media/speech/index.js';
import { buildSsml } from '../../src/media/speech/ssml.js';
import { encodeWav } from '../../src/media/speech/wav.js';
import type { SpeechWorkerClient } from '../../src/media/speech/worker-client.js';

export interface Speaker {
  name: string;
  language: SpeechLanguage;
  /** eSpeak voice with one of its variants, e.g. "en-us+f4". */
  espeakVoice: string;
  wpm: number;
  /** ffmpeg audio filter applied to eSpeak's 22.05 kHz output. */
  filter: string;
}

/** An equaliser that tilts the spectrum by `db` per octave around 1 kHz. */
export const tiltFilter = (db: number) =>
  `firequalizer=gain='${db / Math.LN2}*log(min(max(f\\,100)\\,8000)/1000)'`;

/** Speaks `text` as the speaker and writes it as a 44.1 kHz MP3 (or WAV) into `dir`. */
export async function recordSpeaker(
  espeak: SpeechWorkerClient,
  ffmpeg: MediaBinaries['ffmpeg'],
  s: Speaker,
  text: string,
  dir: string,
  file: string,
): Promise<string> {
  const raw = await espeak.synthesize({
    ssml: buildSsml(text, s.language).ssml,
    voice: s.espeakVoice,
    rateWpm: s.wpm,
    pitch: 50,
    range: 50,
    measureSec: 0,
  });
  const rawWav = path.join(dir, `${file}-raw.wav`);
  await writeFile(rawWav, encodeWav(raw.samples, raw.sampleRate));
  const out = path.join(dir, file);
  const codec = file.endsWith('.mp3') ? ['-c:a', 'libmp3lame', '-b:a', '128k'] : [];
  await runMediaBinary(ffmpeg, [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-i',
    rawWav,
    '-af',
    s.filter,
    '-ar',
    '44100',
    ...codec,
    out,
  ]);
  return out;
}
