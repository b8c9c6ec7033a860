import { access } from 'node:fs/promises';
import path from 'node:path';
import { runMediaBinary } from '../run-ffmpeg.js';

/**
 * PocketSphinx, the speech recogniser Debian packages (`pocketsphinx` with the US-English models of
 * `pocketsphinx-en-us`): `pocketsphinx_continuous -infile WAV -time yes` prints each utterance's
 * words with their start and end times and a confidence. It reads 16 kHz mono 16-bit WAV.
 */

export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** One recognised word with where it was said, in seconds from the start of the input. */
export interface RecognisedWord {
  text: string;
  startSec: number;
  endSec: number;
  /** The recogniser's posterior probability of the word, 0-1. */
  confidence: number;
}

/** The model files of a PocketSphinx language folder. */
export interface PocketSphinxModel {
  language: string;
  acousticModel: string;
  languageModel: string;
  dictionary: string;
}

/** The US-English model folder's files, or null when one is missing. */
export async function findPocketSphinxModel(dir = POCKETSPHINX_MODEL_DIR): Promise<PocketSphinxModel | null> {
  const model: PocketSphinxModel = {
    language: 'en',
    acousticModel: path.join(dir, 'en-us'),
    languageModel: path.join(dir, 'en-us.lm.bin'),
    dictionary: path.join(dir, 'cmudict-en-us.dict'),
  };
  for (const f of [model.acousticModel, model.languageModel, model.dictionary]) {
    if (
      !(await access(f).then(
        () => true,
        () => false,
      ))
    )
      return null;
  }
  return model;
}

/** Markers that are not words: sentence bounds, silence, fillers such as `[NOISE]` and `++UH++`. */
const NOT_A_WORD = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+)$/;

/**
 * The words of `-time yes` output: lines of `word start end probability`; an alternative
 * pronunciation's mark (`the(2)`) is dropped, and utterance text lines are ignored. Pure.
 */
export function parsePocketSphinxTimes(output: string): RecognisedWord[] {
  const words: RecognisedWord[] = [];
  for (const line of output.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const text = m[1]!.replace(/\(\d+\)$/, '');
    if (NOT_A_WORD.test(text)) continue;
    words.push({
      text,
      startSec: Number(m[2]),
      endSec: Number(m[3]),
      confidence: Math.min(1, Number(m[4])),
    });
  }
  return words;
}

/** The recogniser's arguments for one 16 kHz mono WAV. Pure. */
export function pocketSphinxArgs(model: PocketSphinxModel, wav: string): string[] {
  return [
    ...['-hmm', model.acousticModel, '-lm', model.languageModel, '-dict', model.dictionary],
    ...['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'],
  ];
}

/** Recognises the speech of a 16 kHz mono WAV. */
export async function recogniseWithPocketSphinx(
  binary: string,
  model: PocketSphinxModel,
  wav: string,
  opts: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<RecognisedWord[]> {
  const { stdout } = await runMediaBinary(binary, pocketSphinxArgs(model, wav), {
    captureStdout: true,
    signal: opts.signal,
    timeoutMs: opts.timeoutMs,
  });
  return parsePocketSphinxTimes(stdout);
}
