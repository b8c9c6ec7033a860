/**
 * Word error rate: the word-level edit distance between a recognised text and what was said,
 * divided by the number of words said. Case, punctuation and spacing do not count. Pure.
 */

/** Lower-case words, punctuation removed (an apostrophe inside a word stays: "don't"). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** Substitutions + deletions + insertions over the reference's words (0 for two empty texts). */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = wordsOf(reference);
  const hyp = wordsOf(hypothesis);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const same = ref[i - 1] === hyp[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + same);
    }
    prev = row;
  }
  return prev[hyp.length]! / ref.length;
}
