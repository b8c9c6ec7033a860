import type { RecognisedWord } from './pocketsphinx.js';

/**
 * Recognised words grouped into what is translated and spoken as one piece: a run of words between
 * pauses. A recogniser such as PocketSphinx gives no punctuation, so a pause is where a sentence (or
 * a clause) ends; a long run without one is cut at its longest inner gap. Pure.
 */

export interface SpokenSentence {
  text: string;
  /** Where its first word starts and its last word ends, in the source's seconds. */
  startSec: number;
  endSec: number;
}

/** A silence at least this long ends a sentence. */
export const SENTENCE_PAUSE_SEC = 0.4;
/** A sentence longer than this is cut at its longest inner gap (the translation keeps its timing). */
export const MAX_SENTENCE_SEC = 10;

export function groupSentences(
  words: readonly RecognisedWord[],
  pauseSec = SENTENCE_PAUSE_SEC,
  maxSec = MAX_SENTENCE_SEC,
): SpokenSentence[] {
  const runs: RecognisedWord[][] = [];
  for (const w of words) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && w.startSec - last.endSec < pauseSec) run.push(w);
    else runs.push([w]);
  }
  return runs.flatMap((run) => split(run, maxSec)).map(sentenceOf);
}

/** A run cut at its longest gaps until every piece lasts at most `maxSec` (or is one word). */
function split(run: RecognisedWord[], maxSec: number): RecognisedWord[][] {
  if (run.length < 2 || run.at(-1)!.endSec - run[0]!.startSec <= maxSec) return [run];
  let cut = 1;
  for (let i = 1; i < run.length; i++) {
    const gap = run[i]!.startSec - run[i - 1]!.endSec;
    if (gap > run[cut]!.startSec - run[cut - 1]!.endSec) cut = i;
  }
  return [...split(run.slice(0, cut), maxSec), ...split(run.slice(cut), maxSec)];
}

function sentenceOf(run: RecognisedWord[]): SpokenSentence {
  return {
    text: run.map((w) => w.text).join(' '),
    startSec: run[0]!.startSec,
    endSec: run.at(-1)!.endSec,
  };
}
