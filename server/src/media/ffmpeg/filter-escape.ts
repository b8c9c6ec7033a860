/**
 * Escaping for values placed inside an ffmpeg filter graph given as one argv element
 * (`-filter_complex`, `-vf`, `-af`). ffmpeg parses such a value twice:
 *  1. the graph parser splits filters and links on `[ ] , ;` and honours `\` and `'`;
 *  2. each filter's option parser splits `key=value` pairs on `:` and honours `\` and `'`.
 * Escaping for level 2 first and then for level 1 makes any string (paths with quotes, colons,
 * commas, brackets; free text) arrive at the filter unchanged. No shell is involved.
 */

const OPTION_SPECIALS = /[\\':]/g;
const GRAPH_SPECIALS = /[\\'[\],;]/g;

/** Escapes a value for the option parser (level 2) only, e.g. inside `-af` written by hand. */
export function escapeOptionValue(value: string): string {
  return value.replace(OPTION_SPECIALS, (c) => `\\${c}`);
}

/** Escapes a value so that it survives both levels inside a filter graph string. */
export function escapeFilterValue(value: string): string {
  return escapeOptionValue(value).replace(GRAPH_SPECIALS, (c) => `\\${c}`);
}

/** `key=value` pairs joined with `:`, each value escaped for a filter graph. */
export function filterOptions(options: Record<string, string | number>): string {
  return Object.entries(options)
    .map(([k, v]) => `${k}=${typeof v === 'number' ? formatNumber(v) : escapeFilterValue(v)}`)
    .join(':');
}

/**
 * Numbers in filter arguments: at most 6 decimals, no exponent, no trailing zeros, so the
 * strings are stable for exact-string tests and never read as `1e-7`.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  const fixed = n.toFixed(6);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}
