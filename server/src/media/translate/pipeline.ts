import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runMediaBinary } from '../run-ffmpeg.js';
import type { SpeechEngine, VoiceProfile } from '../speech/index.js';
import { encodeWav, parseWav, wavSamples } from '../speech/wav.js';
import type { MediaBins } from '../compose/types.js';
import { monoWavArgs, stereoWavArgs, tempoArgs } from './asr-input.js';
import { speechLanguageOf, type TranslationCatalog } from './catalog.js';
import { judgeRecognition } from './judge.js';
import { placeSentences, rateToFit } from './placement.js';
import { groupSentences } from './sentences.js';
import { separateBackground } from './separation.js';
import { mixTranslatedTrack } from './track.js';
import { describeLanguage } from './languages.js';

/**
 * A video's speech, translated and spoken again in the speaker's voice: recognised with word times,
 * grouped into sentences at pauses, translated, each sentence synthesised with the speaker's voice
 * profile and fitted to the time the original took (placement.ts), and mixed over the original
 * sound kept as a low bed (track.ts). The result is a WAV as long as the video, which the renderer
 * then drives the speaker's mouth with.
 */

/** Why a video cannot be translated; `reason` is stable, the message is for the caller. */
export class TranslationInputError extends Error {
  constructor(
    readonly reason: 'no-speech' | 'other-language' | 'unsupported',
    message: string,
  ) {
    super(message);
    this.name = 'TranslationInputError';
  }
}

export interface TranslateSpeechDeps {
  bins: MediaBins;
  speech: SpeechEngine;
  catalog: TranslationCatalog;
}

export interface TranslateSpeechJob {
  /** The video (or any file with sound) whose speech is translated. */
  sourcePath: string;
  durationSec: number;
  /** The API's target code (`es`). */
  target: string;
  /** The speaker's voice, as measured from the video; null: the language's plain voice. */
  profile: VoiceProfile | null;
  workDir: string;
  signal?: AbortSignal;
}

export interface TranslatedSentence {
  source: string;
  text: string;
  /** The original sentence's span, and where its translation was laid, with its rate and stretch. */
  sourceStartSec: number;
  sourceEndSec: number;
  startSec: number;
  endSec: number;
  rate: number;
  tempo: number;
}

export interface TranslatedSpeech {
  /** Mono WAV, `durationSec` long. */
  path: string;
  durationSec: number;
  from: string;
  to: string;
  sentences: TranslatedSentence[];
  /** What became of the original background: kept from the stereo side, or why it is ducked. */
  background: string;
}

export async function translateSpeech(
  d: TranslateSpeechDeps,
  job: TranslateSpeechJob,
): Promise<TranslatedSpeech> {
  const { signal, workDir } = job;
  const route = d.catalog.route(job.target);
  const language = speechLanguageOf(job.target);
  const recogniser = route ? d.catalog.recogniser(route.from) : null;
  if (!route || !language || !recogniser) {
    throw new TranslationInputError(
      'unsupported',
      `this server does not translate into ${job.target}; it translates into ${d.catalog.targets().join(', ') || 'nothing'}`,
    );
  }
  const heard = path.join(workDir, 'heard.wav');
  await runMediaBinary(d.bins.ffmpeg, monoWavArgs(job.sourcePath, heard), { signal }).catch(
    (err: unknown) => {
      if (signal?.aborted) throw err;
      throw new TranslationInputError('no-speech', 'the video has no sound to translate');
    },
  );
  const words = await recogniser.recognise(heard, route.from, { signal });
  const verdict = judgeRecognition(words);
  if (verdict === 'no-speech') {
    throw new TranslationInputError('no-speech', 'no speech was found in the video');
  }
  if (verdict === 'other-language') {
    throw new TranslationInputError(
      'other-language',
      `the speech was not recognised as ${describeLanguage(route.from)}, the language this server translates from`,
    );
  }
  const sentences = groupSentences(words);
  const texts = await d.catalog.translate(
    sentences.map((s) => s.text),
    route,
    { signal },
  );

  // Each sentence synthesised at the voice's own rate, and again faster where it overruns its slot.
  const spoken: { file: string; lengthSec: number; rate: number; sampleRate: number }[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const slotEnd = sentences[i + 1]?.startSec ?? job.durationSec;
    const slot = slotEnd - sentences[i]!.startSec;
    const file = path.join(workDir, `sentence-${i}.wav`);
    const say = (rate: number) =>
      d.speech.synthesize(texts[i]!, { language, profile: job.profile, rate, volume: 1, pitch: 1 }, file, {
        signal,
      });
    let made = await say(1);
    const rate = rateToFit(made.durationSec, slot);
    if (rate > 1) made = await say(rate);
    spoken.push({ file, lengthSec: made.durationSec, rate, sampleRate: made.sampleRate });
  }
  const placements = placeSentences(
    sentences.map((s, i) => ({ startSec: s.startSec, lengthSec: spoken[i]!.lengthSec })),
    job.durationSec,
  );
  const sampleRate = spoken[0]?.sampleRate ?? 22050;
  const placed = [];
  for (let i = 0; i < spoken.length; i++) {
    let file = spoken[i]!.file;
    if (placements[i]!.tempo !== 1) {
      const faster = path.join(workDir, `sentence-${i}-fitted.wav`);
      await runMediaBinary(d.bins.ffmpeg, tempoArgs(file, faster, placements[i]!.tempo), { signal });
      file = faster;
    }
    placed.push({ samples: await readSamples(file, sampleRate), startSec: placements[i]!.startSec });
  }
  // The original sound in stereo: its mid is the bed; its side, where it holds the background
  // without the voice, keeps the music going under the new voice (separation.ts).
  const bedFile = path.join(workDir, 'bed.wav');
  await runMediaBinary(d.bins.ffmpeg, stereoWavArgs(job.sourcePath, bedFile, sampleRate), { signal });
  const stereo = await readSamples(bedFile, sampleRate, 2);
  const separation = separateBackground(stereo, sampleRate, sentences);
  const mixed = mixTranslatedTrack({
    sampleRate,
    totalSec: job.durationSec,
    sentences: placed,
    bed: separation.bed,
    speech: sentences,
    background: separation.background,
  });
  const out = path.join(workDir, 'translated.wav');
  await writeFile(out, encodeWav(mixed, sampleRate));
  return {
    path: out,
    durationSec: mixed.length / sampleRate,
    from: route.from,
    to: route.to,
    background: separation.why,
    sentences: sentences.map((s, i) => ({
      source: s.text,
      text: texts[i]!,
      sourceStartSec: s.startSec,
      sourceEndSec: s.endSec,
      startSec: placements[i]!.startSec,
      endSec: placements[i]!.endSec,
      rate: spoken[i]!.rate,
      tempo: placements[i]!.tempo,
    })),
  };
}

/** The samples of a 16-bit WAV (interleaved when stereo), which must be at `sampleRate` with `channels`. */
async function readSamples(file: string, sampleRate: number, channels = 1): Promise<Int16Array> {
  const buf = await readFile(file);
  const info = parseWav(buf);
  if (info.sampleRate !== sampleRate || info.channels !== channels) {
    throw new Error(
      `${path.basename(file)}: ${info.channels} channels at ${info.sampleRate} Hz, expected ${channels} at ${sampleRate}`,
    );
  }
  return wavSamples(buf, info);
}
