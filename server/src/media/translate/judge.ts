import type { RecognisedWord } from './pocketsphinx.js';

/**
 * Whether recognised words are speech in the language asked for, or what went wrong: the source
 * language is not given by the caller (the spec has only the target), so a video in a language no
 * engine recognises reads as low-confidence words. A weak check (decision T13): on the corpus's
 * real recordings, PocketSphinx's US-English model gives English a mean confidence of 0.34-0.61,
 * Japanese 0.18 and French 0.27 (caught), Spanish 0.31, Mandarin 0.30-0.36, German 0.35 and Korean
 * 0.46 (not caught: the ranges overlap, and the threshold keeps every English recording); pink
 * noise gave one word. Pure.
 */

/** Fewer recognised words than this: no speech found. */
export const MIN_WORDS = 3;
/** A mean word confidence under this: not speech in the recogniser's language. */
export const MIN_MEAN_CONFIDENCE = 0.3;

export type RecognitionVerdict = 'speech' | 'no-speech' | 'other-language';

export function judgeRecognition(words: readonly RecognisedWord[]): RecognitionVerdict {
  if (words.length < MIN_WORDS) return 'no-speech';
  const mean = words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
  return mean < MIN_MEAN_CONFIDENCE ? 'other-language' : 'speech';
}
