/**
 * The median of `values` (the upper of the two middle ones for an even count) and their range;
 * null when there are none. The benches report ratios of interleaved pairs this way.
 */
export function medianAndRange(
  values: readonly number[],
): { median: number; low: number; high: number } | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  return { median: sorted[Math.floor(sorted.length / 2)]!, low: sorted[0]!, high: sorted.at(-1)! };
}
