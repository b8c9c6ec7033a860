import { formatNumber } from '../ffmpeg/filter-escape.js';

/** Pure audio filter fragments for the soundtrack (see soundtrack.ts for the order of passes). */

/** Every stem is brought to one format so loudness is measured the way it will be heard. */
export const STEM_FORMAT = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';

/** Exactly `durationSec` long: padded with silence if short, cut if long (or endless when looped). */
export function fitDuration(durationSec: number): string {
  return `apad,atrim=duration=${formatNumber(durationSec)}`;
}

/**
 * Fades for a bed (music, ambience) so it neither starts nor stops abruptly: in over 0.5 s, out
 * over the last 1.5 s, each at most a quarter of the duration.
 */
export function bedFades(durationSec: number): string {
  const fadeIn = Math.min(0.5, durationSec / 4);
  const fadeOut = Math.min(1.5, durationSec / 4);
  return `afade=t=in:st=0:d=${formatNumber(fadeIn)},afade=t=out:st=${formatNumber(durationSec - fadeOut)}:d=${formatNumber(fadeOut)}`;
}

/** The chain for the speech stem (before any loudness step). */
export function speechChain(durationSec: number): string {
  return `${STEM_FORMAT},${fitDuration(durationSec)}`;
}

/** The chain for a bed stem read with `-stream_loop -1` (before any loudness step). */
export function bedChain(durationSec: number): string {
  return `${STEM_FORMAT},${fitDuration(durationSec)},${bedFades(durationSec)}`;
}

/**
 * Sums stems at unity gain; an input with a chain is prepared by it first. This ffmpeg's amix has no `normalize` option: it scales each
 * input by 1/n (weights equal, all inputs the same length, so the scale never changes), and
 * `volume=n` undoes that. The result is float and may exceed full scale; the final loudness pass
 * brings it down.
 */
export function mixGraph(inputChains: readonly (string | null)[]): string {
  const n = inputChains.length;
  const prepared = inputChains.flatMap((c, i) => (c ? [`[${i}:a]${c}[in${i}]`] : []));
  const labels = inputChains.map((c, i) => (c ? `[in${i}]` : `[${i}:a]`)).join('');
  return [...prepared, `${labels}amix=inputs=${n}:duration=first:dropout_transition=0,volume=${n}[mix]`].join(
    ';',
  );
}
