import { markEnd, markStart, wordCore, type SsmlSegment } from './ssml.js';

/** An eSpeak synthesis event as the worker reports it (audio_position in ms). */
export interface EspeakEvent {
  type: string;
  text_position: number;
  word_length: number;
  audio_position: number;
  id?: string | number;
}

export interface TimedWord {
  text: string;
  startSec: number;
  endSec: number;
  /** 0-based UTF-16 index of the word in the input text. */
  textOffset: number;
}

export interface TimedPhoneme {
  phoneme: string;
  startSec: number;
  endSec: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Turns eSpeak's events into word timings. Marks around each segment give its start and end; inside a
 * segment eSpeak's own word events (one per Chinese character or dictionary word) split it further.
 * A missing mark falls back to the word events, then to the neighbours, so the result always has
 * one entry per segment-or-subword, in order, non-overlapping, inside [0, durationSec]. Pure.
 */
export function wordTimings(
  text: string,
  segments: readonly SsmlSegment[],
  events: readonly EspeakEvent[],
  durationSec: number,
): TimedWord[] {
  const marks = new Map<string, number>();
  for (const e of events) {
    if (e.type === 'mark' && typeof e.id === 'string' && !marks.has(e.id))
      marks.set(e.id, e.audio_position / 1000);
  }
  const wordEvents = events.filter((e) => e.type === 'word');

  const words: TimedWord[] = [];
  let cursor = 0;
  for (let s = 0; s < segments.length; s++) {
    const seg = segments[s]!;
    // eSpeak's text_position is 1-based; word events within this segment's spoken text.
    const inner = wordEvents
      .map((e) => ({ pos: e.text_position - 1, t: e.audio_position / 1000 }))
      .filter((e) => e.pos >= seg.ssmlStart && e.pos < seg.ssmlEnd)
      .sort((a, b) => a.pos - b.pos);
    const nextSeg = segments[s + 1];
    const start = clamp(marks.get(markStart(seg.index)) ?? inner[0]?.t ?? cursor, cursor, durationSec);
    const end = clamp(
      marks.get(markEnd(seg.index)) ??
        (nextSeg ? marks.get(markStart(nextSeg.index)) : undefined) ??
        (s === segments.length - 1 ? durationSec : start),
      start,
      durationSec,
    );

    // Sub-word boundaries: input offsets where eSpeak started a new word inside the segment.
    const cuts: { at: number; t: number }[] = [];
    for (const e of inner) {
      const at = seg.inputIndexAt[e.pos - seg.ssmlStart];
      if (at === undefined || cuts.some((c) => c.at === at)) continue;
      cuts.push({ at, t: clamp(e.t, start, end) });
    }
    if (!seg.cjk || cuts.length <= 1) {
      pushWord(words, text.slice(seg.inputStart, seg.inputEnd), seg.inputStart, start, end);
    } else {
      cuts.sort((a, b) => a.at - b.at);
      // Characters before the first reported word (punctuation, unspoken kanji) join the first sub-word.
      cuts[0] = { at: seg.inputStart, t: start };
      for (let k = 0; k < cuts.length; k++) {
        const c = cuts[k]!;
        const next = cuts[k + 1];
        const subStart = Math.max(c.t, words.length > 0 ? words[words.length - 1]!.endSec : 0, start);
        const subEnd = clamp(next ? next.t : end, subStart, end);
        pushWord(words, text.slice(c.at, next ? next.at : seg.inputEnd), c.at, subStart, subEnd);
      }
    }
    cursor = end;
  }
  return words;
}

function pushWord(out: TimedWord[], raw: string, at: number, startSec: number, endSec: number): void {
  const core = wordCore(raw);
  if (core.text.length === 0) return;
  out.push({ text: core.text, startSec, endSec, textOffset: at + core.offset });
}

/**
 * Phoneme timings from eSpeak's phoneme events: each lasts until the next phoneme event (pauses have
 * an empty id and only close the previous phoneme). Language-switch markers such as "(en)" are not
 * phonemes. Pure.
 */
export function phonemeTimings(events: readonly EspeakEvent[], durationSec: number): TimedPhoneme[] {
  const ph = events
    .filter((e) => e.type === 'phoneme' || e.type === 'end')
    .map((e) => ({
      id: e.type === 'phoneme' && typeof e.id === 'string' ? e.id.trim() : '',
      t: e.audio_position / 1000,
    }));
  const out: TimedPhoneme[] = [];
  for (let i = 0; i < ph.length; i++) {
    const p = ph[i]!;
    if (p.id === '' || /^\(.*\)$/.test(p.id)) continue;
    const startSec = clamp(p.t, out.length > 0 ? out[out.length - 1]!.endSec : 0, durationSec);
    const endSec = clamp(ph[i + 1]?.t ?? durationSec, startSec, durationSec);
    out.push({ phoneme: p.id, startSec, endSec });
  }
  return out;
}

/** Timings after the audio was time-stretched by `tempo` (1.5 = 1.5× faster). Pure. */
export function scaleTimings<T extends { startSec: number; endSec: number }>(
  items: readonly T[],
  tempo: number,
  durationSec: number,
): T[] {
  return items.map((w) => ({
    ...w,
    // Rounded first, then clamped: rounding up must not push the last word past the audio's end.
    startSec: Math.min(durationSec, round3(w.startSec / tempo)),
    endSec: Math.min(durationSec, round3(w.endSec / tempo)),
  }));
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
