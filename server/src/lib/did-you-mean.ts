/**
 * The known name a misspelt one most likely meant ("avtar" → "avatar", "st_sho" → "st_show",
 * "knd" → "kind"), or null when none is close: optimal string alignment distance (an edit is an
 * insertion, a deletion, a substitution or two neighbours swapped), case ignored, at most 1 edit
 * for names up to 4 characters, 2 up to 8, 3 beyond. Pure.
 */
export function didYouMean(name: string, known: readonly string[]): string | null {
  const a = name.toLowerCase();
  const reach = a.length <= 4 ? 1 : a.length <= 8 ? 2 : 3;
  let best: string | null = null;
  let bestD = reach + 1;
  for (const k of known) {
    const d = editDistance(a, k.toLowerCase());
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return bestD <= reach ? best : null;
}

/** Optimal string alignment distance between two strings. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1]!;
}
