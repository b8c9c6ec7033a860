const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Length in Unicode characters (code points), as the spec's "at most N characters" and JSON Schema count. */
export const charLength = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/**
 * The longest start of `text` of at most `max` characters that ends on a grapheme boundary: a
 * surrogate pair, a combining sequence, an emoji with modifiers or a flag is kept whole or dropped
 * whole, never split. Pure.
 */
export function cutText(text: string, max: number): string {
  if (charLength(text) <= max) return text;
  let kept = '';
  let count = 0;
  for (const { segment } of segmenter.segment(text)) {
    const n = charLength(segment);
    if (count + n > max) break;
    kept += segment;
    count += n;
  }
  return kept;
}
