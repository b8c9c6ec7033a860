import type { RecognisedWord } from './pocketsphinx.js';

/**
 * Whether recognised words are speech in the language asked for, or what went wrong: the source
 * language is not given by the caller (the spec has only the target), so a video in a language no
 * engine recognises reads as a few low-confidence words. Calibrated on PocketSphinx's US-English
 * model: recorded English scores a mean confidence of 0.61-0.64, eSpeak's English 0.42, its
 * German and Mandarin 0.24-0.25 (its Spanish 0.33 passes: a limit of this check); pink noise gave
 * one word. Pure.
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
