import type { Span } from './track.js';

/**
 * The original background without the original voice, where a stereo mix allows it: a voice is
 * almost always mixed to the centre (the same in both channels), while music and room sound are
 * spread between them. The side signal (left − right) / 2 then holds the background and not the
 * voice. Whether that holds for a given video is measured, not assumed: the side must carry a
 * real share of the sound where nobody speaks, and must not grow where the original voice speaks.
 * Mono sound, or a mix whose background is centred too, has no side to keep: the background is
 * then ducked under the new voice instead (track.ts). Pure (sample arithmetic).
 */

/** The side signal may be this far below the whole mix between sentences and still count (−12 dB). */
const MIN_SIDE_SHARE = 0.25;
/** The side may grow this much where the voice speaks and still count as voice-free (+3 dB). */
const MAX_SIDE_RISE = 1.41;
/** Below this level (−56 dBFS) the side is silence, whatever the ratios say. */
const MIN_SIDE_RMS = 50;

export interface Separation {
  /** The original sound in mono (the mid): the bed, kept low under the new voice. */
  bed: Int16Array;
  /** The side signal, when it holds the background without the voice; null otherwise. */
  background: Int16Array | null;
  /** Why it is kept or not, for the work's log. */
  why: string;
}

/** The side signal of an interleaved stereo buffer. */
export function sideSignal(stereo: Int16Array): Int16Array {
  const side = new Int16Array(stereo.length >> 1);
  for (let i = 0; i < side.length; i++) side[i] = (stereo[i * 2]! - stereo[i * 2 + 1]!) >> 1;
  return side;
}

/** The mid signal (left + right) / 2 of an interleaved stereo buffer. */
export function midSignal(stereo: Int16Array): Int16Array {
  const mid = new Int16Array(stereo.length >> 1);
  for (let i = 0; i < mid.length; i++) mid[i] = (stereo[i * 2]! + stereo[i * 2 + 1]!) >> 1;
  return mid;
}

/** RMS of `x` inside the spans (`inside`) or outside them, widened by `marginSec`; NaN when empty. */
function rmsWhere(
  x: Int16Array,
  sampleRate: number,
  spans: readonly Span[],
  inside: boolean,
  marginSec: number,
): number {
  let sum = 0;
  let n = 0;
  let s = 0;
  const sorted = [...spans].sort((a, b) => a.startSec - b.startSec);
  for (let i = 0; i < x.length; i++) {
    const t = i / sampleRate;
    while (s < sorted.length && sorted[s]!.endSec + marginSec < t) s++;
    const inSpan = s < sorted.length && t >= sorted[s]!.startSec - marginSec;
    if (inSpan !== inside) continue;
    sum += x[i]! * x[i]!;
    n++;
  }
  return n ? Math.sqrt(sum / n) : NaN;
}

const db = (ratio: number) => `${(20 * Math.log10(ratio)).toFixed(1)} dB`;

/**
 * The bed of `stereo` (interleaved, `sampleRate`), and whether its side holds the background without
 * the voice that speaks in `speech`, with that side when it does.
 */
export function separateBackground(
  stereo: Int16Array,
  sampleRate: number,
  speech: readonly Span[],
): Separation {
  const mid = midSignal(stereo);
  const side = sideSignal(stereo);
  const margin = 0.2;
  const midOut = rmsWhere(mid, sampleRate, speech, false, margin);
  const sideOut = rmsWhere(side, sampleRate, speech, false, margin);
  const sideIn = rmsWhere(side, sampleRate, speech, true, 0);
  if (!Number.isFinite(sideOut) || !Number.isFinite(sideIn)) {
    return { bed: mid, background: null, why: 'no stretch without speech to measure the background on' };
  }
  if (sideOut < MIN_SIDE_RMS || sideOut < MIN_SIDE_SHARE * midOut) {
    return {
      bed: mid,
      background: null,
      why: `no stereo background to keep (side ${db(sideOut / (midOut || 1))} of the mix between sentences)`,
    };
  }
  if (sideIn > MAX_SIDE_RISE * sideOut) {
    return {
      bed: mid,
      background: null,
      why: `the voice is not centred (the side rises ${db(sideIn / sideOut)} where it speaks)`,
    };
  }
  return {
    bed: mid,
    background: side,
    why: `background kept from the stereo side (${db(sideOut / (midOut || 1))} of the mix between sentences, ${db(sideIn / sideOut)} where the voice speaks)`,
  };
}
