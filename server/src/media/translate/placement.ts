/**
 * How translated speech is fitted to the time the original took, sentence by sentence. Each
 * sentence has a slot: from where the original sentence started to where the next one starts (or
 * the video ends). A sentence too long for its slot is first spoken faster (the synthesiser's rate,
 * up to MAX_RATE), then time-stretched (up to MAX_TEMPO), and what is still over runs into the
 * next slot, which then starts later; the last sentence is stretched as far as it must be to end
 * with the video. Pure.
 */

/** Faster speech the synthesiser still says naturally (its rate multiplier). */
export const MAX_RATE = 1.3;
/** Time-stretch applied on top, where a sentence still does not fit. */
export const MAX_TEMPO = 1.15;
/** Beyond this, even the last sentence is cut at the video's end rather than sped up further. */
export const MAX_LAST_TEMPO = 2;
/** Silence kept between two sentences when one runs into the next one's slot. */
export const GAP_SEC = 0.08;

/** The synthesiser's rate for a sentence of `lengthSec` (at rate 1) in a slot of `slotSec`. */
export function rateToFit(lengthSec: number, slotSec: number): number {
  if (!(slotSec > 0) || lengthSec <= slotSec) return 1;
  return Math.min(MAX_RATE, lengthSec / slotSec);
}

export interface SentenceToPlace {
  /** Where the original sentence started. */
  startSec: number;
  /** The translated sentence's length as synthesised. */
  lengthSec: number;
}

export interface Placement {
  startSec: number;
  /** Time-stretch factor (1: as synthesised; 1.1: 10 % shorter). */
  tempo: number;
  endSec: number;
}

export function placeSentences(items: readonly SentenceToPlace[], totalSec: number): Placement[] {
  const out: Placement[] = [];
  let free = 0;
  items.forEach((s, i) => {
    const startSec = Math.max(s.startSec, free);
    const last = i === items.length - 1;
    const slotEnd = last ? totalSec : Math.max(items[i + 1]!.startSec, startSec);
    const room = slotEnd - startSec;
    let tempo = 1;
    if (s.lengthSec > room) {
      tempo = room > 0 ? s.lengthSec / room : Infinity;
      tempo = Math.min(tempo, last ? MAX_LAST_TEMPO : MAX_TEMPO);
    }
    const endSec = startSec + s.lengthSec / tempo;
    out.push({ startSec, tempo, endSec });
    free = endSec + GAP_SEC;
  });
  return out;
}
