import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TimedPhoneme } from '../../speech/timing.js';
import { mouthTimelineFromPhonemes, visemeSegments } from './coarticulation.js';
import { steadiness } from './measure.js';

/** Phonemes laid end to end from `start`, each [id, seconds]; a '' id leaves a pause. */
function seq(start: number, parts: [string, number][]): TimedPhoneme[] {
  const out: TimedPhoneme[] = [];
  let t = start;
  for (const [phoneme, dur] of parts) {
    if (phoneme !== '') out.push({ phoneme, startSec: t, endSec: t + dur });
    t += dur;
  }
  return out;
}

const at = (values: Float32Array, fps: number, sec: number) => values[Math.round(sec * fps)]!;
/** "ma ma" in Mandarin from 0.2 s: the second m's hold is at 0.52 s. */
const MAMA = seq(0.2, [
  ['m', 0.08],
  ['ˈa', 0.2],
  ['m', 0.08],
  ['a', 0.2],
]);
const max = (values: Float32Array) => values.reduce((m, v) => Math.max(m, v), -Infinity);

test('no phonemes: the mouth stays closed and neutral', () => {
  const m = mouthTimelineFromPhonemes([], 'zh', 2, 25);
  assert.equal(m.open.length, 50);
  assert.equal(m.fps, 25);
  assert.ok(max(m.open) < 1e-3);
  assert.ok(max(m.round) < 1e-3);
  assert.ok(max(m.wide.map(Math.abs)) < 1e-3);
});

test('a held "a" opens wide in the middle and rests before and after', () => {
  const m = mouthTimelineFromPhonemes(seq(0.4, [['ˈa', 0.4]]), 'en', 1.2, 25);
  assert.ok(at(m.open, 25, 0.6) > 0.9, `middle ${at(m.open, 25, 0.6)}`);
  assert.ok(m.open[0]! < 0.02, `start ${m.open[0]}`);
  assert.ok(m.open[m.open.length - 1]! < 0.02);
});

test('zero phase: a symmetric syllable gives a symmetric opening centred on it', () => {
  const fps = 100;
  const m = mouthTimelineFromPhonemes(
    seq(0.5, [
      ['t', 0.06],
      ['ˈa', 0.2],
      ['t', 0.06],
    ]),
    'en',
    1.32,
    fps,
  );
  let peak = 0;
  for (let i = 1; i < m.open.length; i++) if (m.open[i]! > m.open[peak]!) peak = i;
  // The vowel's centre is at 0.66 s; a causal smoother would put the peak later.
  assert.ok(Math.abs(peak / fps - 0.66) <= 0.011, `peak at ${peak / fps}`);
  for (let k = 1; k < 30; k++) {
    assert.ok(Math.abs(m.open[66 - k]! - m.open[66 + k]!) < 0.02, `asymmetric at ±${k}`);
  }
});

test('a short bilabial between open vowels closes the lips on at least one frame at any phase', () => {
  for (const fps of [24, 25, 30, 60]) {
    for (let shift = 0; shift < 0.05; shift += 0.0063) {
      const m = mouthTimelineFromPhonemes(
        seq(0.3 + shift, [
          ['ˈa', 0.15],
          ['p', 0.03],
          ['ˈa', 0.15],
        ]),
        'en',
        1,
        fps,
      );
      const pCentre = 0.3 + shift + 0.165;
      let closest = Infinity;
      for (let i = 0; i < m.open.length; i++) {
        if (Math.abs(i / fps - pCentre) <= 0.5 / fps + 1e-9) closest = Math.min(closest, m.open[i]!);
      }
      assert.ok(closest <= 0.02, `fps ${fps} shift ${shift.toFixed(3)}: ${closest}`);
      assert.ok(max(m.open) > 0.7);
    }
  }
});

test('f/v nearly close, t/d leave the jaw partly open', () => {
  const shape = (c: string) =>
    mouthTimelineFromPhonemes(
      seq(0.2, [
        ['ˈa', 0.15],
        [c, 0.06],
        ['ˈa', 0.15],
      ]),
      'en',
      0.8,
      100,
    ).open[Math.round((0.2 + 0.15 + 0.03) * 100)]!;
  assert.ok(shape('f') <= 0.1 + 1e-6, `f ${shape('f')}`);
  assert.ok(shape('t') > shape('f'), `t ${shape('t')}`);
});

test('rounded vowels round, spread vowels spread, and consonants borrow the rounding', () => {
  const fps = 100;
  const u = mouthTimelineFromPhonemes(seq(0.2, [['ˈuː', 0.3]]), 'en', 0.7, fps);
  assert.ok(at(u.round, fps, 0.35) > 0.85 && at(u.wide, fps, 0.35) < -0.6);
  const i = mouthTimelineFromPhonemes(seq(0.2, [['ˈiː', 0.3]]), 'en', 0.7, fps);
  assert.ok(at(i.wide, fps, 0.35) > 0.7 && at(i.round, fps, 0.35) < 0.05);
  // "su": the s is already rounded (anticipation), "si": it is spread.
  const su = mouthTimelineFromPhonemes(
    seq(0.2, [
      ['s', 0.08],
      ['ˈuː', 0.25],
    ]),
    'en',
    0.7,
    fps,
  );
  const si = mouthTimelineFromPhonemes(
    seq(0.2, [
      ['s', 0.08],
      ['ˈiː', 0.25],
    ]),
    'en',
    0.7,
    fps,
  );
  assert.ok(at(su.round, fps, 0.24) > 0.3, `su round ${at(su.round, fps, 0.24)}`);
  assert.ok(at(si.round, fps, 0.24) < 0.1);
  assert.ok(at(si.wide, fps, 0.24) > at(su.wide, fps, 0.24) + 0.5);
});

test('a real pause closes the mouth, a stop gap does not', () => {
  const fps = 100;
  const long = mouthTimelineFromPhonemes(
    seq(0.2, [
      ['ˈa', 0.2],
      ['', 0.4],
      ['ˈa', 0.2],
    ]),
    'zh',
    1.2,
    fps,
  );
  assert.ok(at(long.open, fps, 0.6) < 0.03, `pause ${at(long.open, fps, 0.6)}`);
  const short = mouthTimelineFromPhonemes(
    seq(0.2, [
      ['ˈa', 0.2],
      ['', 0.03],
      ['ˈa', 0.2],
    ]),
    'zh',
    1,
    fps,
  );
  assert.ok(at(short.open, fps, 0.415) > 0.6, `gap ${at(short.open, fps, 0.415)}`);
});

test('segments: rest before, between (real pauses only) and after; diphthongs split', () => {
  const segs = visemeSegments(
    seq(0.1, [
      ['ˈai', 0.2],
      ['', 0.02],
      ['m', 0.1],
      ['', 0.3],
      ['ˈa', 0.2],
    ]),
    'zh',
    1,
  );
  assert.deepEqual(
    segs.map((s) => s.viseme),
    ['rest', 'AA', 'II', 'PP', 'rest', 'AA', 'rest'],
  );
  assert.equal(segs[0]!.startSec, -Infinity);
  assert.equal(segs[segs.length - 1]!.endSec, Infinity);
  assert.ok(Math.abs(segs[2]!.endSec - 0.3) < 1e-9);
});

test('a jaw sets how far vowels open: not at all in silence, fully for "a" at full jaw', () => {
  const phonemes = seq(0.2, [['ˈa', 0.4]]);
  const none = mouthTimelineFromPhonemes(phonemes, 'en', 1, 25);
  const silent = mouthTimelineFromPhonemes(phonemes, 'en', 1, 25, new Float32Array(25));
  const half = mouthTimelineFromPhonemes(phonemes, 'en', 1, 25, new Float32Array(25).fill(0.5));
  const full = mouthTimelineFromPhonemes(phonemes, 'en', 1, 25, new Float32Array(25).fill(1));
  assert.ok(Math.abs(at(full.open, 25, 0.4) - at(none.open, 25, 0.4)) < 1e-6);
  assert.ok(Math.abs(at(half.open, 25, 0.4) - 0.5 * at(none.open, 25, 0.4)) < 1e-6);
  assert.ok(at(silent.open, 25, 0.4) < 1e-6);
  assert.ok(full.open[0]! < 0.02, 'rests before the speech');
});

test('a louder syllable opens wider than a quiet one with the same vowel', () => {
  const fps = 100;
  const jaw = Float32Array.from({ length: 120 }, (_, i) => (i < 60 ? 0.9 : 0.45));
  const m = mouthTimelineFromPhonemes(
    seq(0.2, [
      ['t', 0.06],
      ['ˈa', 0.25],
      ['t', 0.06],
      ['ˈa', 0.25],
    ]),
    'zh',
    1.2,
    fps,
    jaw,
  );
  assert.ok(
    at(m.open, fps, 0.38) > 1.6 * at(m.open, fps, 0.69),
    `${at(m.open, fps, 0.38)} ${at(m.open, fps, 0.69)}`,
  );
});

test('Mandarin at full voice: "a" opens the jaw widest, close vowels less but clearly, "m" closes', () => {
  const fps = 100;
  const jaw = new Float32Array(100).fill(0.8);
  const nucleus = (v: string) =>
    at(mouthTimelineFromPhonemes(seq(0.2, [['ˈ' + v, 0.4]]), 'zh', 1, fps, jaw).open, fps, 0.4);
  const a = nucleus('a');
  assert.ok(Math.abs(a - 0.8) < 0.02, `a ${a}`);
  for (const v of ['i', 'u', 'y', 'ə']) {
    const o = nucleus(v);
    assert.ok(o < 0.85 * a && o > 0.5 * a, `${v} ${o} against a ${a}`);
  }
  // "ma ma": the lips meet on the m however loud the voice is.
  const mama = mouthTimelineFromPhonemes(MAMA, 'zh', 1, fps, jaw);
  assert.ok(at(mama.open, fps, 0.52) <= 0.02, `m ${at(mama.open, fps, 0.52)}`);
  assert.ok(at(mama.open, fps, 0.38) > 0.7, `a ${at(mama.open, fps, 0.38)}`);
  // Rounding and spread still come from the phonemes: "u" rounds, "i" spreads.
  const u = mouthTimelineFromPhonemes(seq(0.2, [['ˈu', 0.4]]), 'zh', 1, fps, jaw);
  const i = mouthTimelineFromPhonemes(seq(0.2, [['ˈi', 0.4]]), 'zh', 1, fps, jaw);
  assert.ok(at(u.round, fps, 0.4) > 0.85 && at(i.wide, fps, 0.4) > 0.7);
});

test('a fast phoneme stream does not flicker', () => {
  // 6 syllables a second of alternating open and closed sounds, the hardest case for jitter.
  const parts: [string, number][] = [];
  const cons = ['p', 't', 'k', 's', 'm', 'l', 'b', 'n'];
  const vows = ['ˈa', 'ˈi', 'ˈu', 'ˈo', 'ˈɛ'];
  for (let k = 0; k < 30; k++) {
    parts.push([cons[k % cons.length]!, 0.05 + ((k * 7) % 5) * 0.01]);
    parts.push([vows[k % vows.length]!, 0.09 + ((k * 3) % 4) * 0.02]);
  }
  const m = mouthTimelineFromPhonemes(seq(0.2, parts), 'en', 6, 25);
  const s = steadiness(m.open);
  assert.ok(s.meanAbsDelta < 0.2, `mean |Δ| ${s.meanAbsDelta}`);
  const w = steadiness(m.wide);
  const r = steadiness(m.round);
  assert.ok(w.zigzagRate < 0.1 && r.zigzagRate < 0.1, `wide ${w.zigzagRate} round ${r.zigzagRate}`);
});

test('frame count follows the duration, values stay in range', () => {
  const m = mouthTimelineFromPhonemes(seq(0, [['ˈa', 0.5]]), 'en', 0.5, 30);
  assert.equal(m.open.length, 15);
  assert.equal(m.wide.length, 15);
  assert.equal(m.round.length, 15);
  for (let i = 0; i < 15; i++) {
    assert.ok(m.open[i]! >= 0 && m.open[i]! <= 1);
    assert.ok(m.wide[i]! >= -1 && m.wide[i]! <= 1);
    assert.ok(m.round[i]! >= 0 && m.round[i]! <= 1);
  }
});

test('with a mix, the opening follows the jaw through consonants, and the lips still meet on "m"', () => {
  const fps = 100;
  // A loud syllable then a quieter one: "sa" at jaw 0.9, "la" at 0.3.
  const jaw = new Float32Array(100);
  for (let k = 0; k < 100; k++) jaw[k] = k < 50 ? 0.9 : 0.3;
  const phonemes = seq(0.1, [
    ['s', 0.15],
    ['ˈa', 0.2],
    ['l', 0.15],
    ['a', 0.2],
  ]);
  const mix = { gain: 1.35, jawShare: 0.7 };
  const alone = mouthTimelineFromPhonemes(phonemes, 'en', 1, fps, jaw);
  const mixed = mouthTimelineFromPhonemes(phonemes, 'en', 1, fps, jaw, mix);
  // The "s" of the loud syllable opens with the voice; alone it keeps its near-closed table opening.
  assert.ok(at(mixed.open, fps, 0.17) >= 0.7 * 0.9 - 0.01, `s ${at(mixed.open, fps, 0.17)}`);
  assert.ok(at(alone.open, fps, 0.17) < at(mixed.open, fps, 0.17) - 0.3);
  // Louder opens wider: the loud "a" against the quiet one.
  assert.ok(at(mixed.open, fps, 0.35) > 2 * at(mixed.open, fps, 0.75));
  // Rounding and spread are the phonemes' own, mix or not.
  assert.deepEqual(mixed.wide, alone.wide);
  const mama = mouthTimelineFromPhonemes(MAMA, 'zh', 1, fps, new Float32Array(100).fill(1), mix);
  assert.ok(at(mama.open, fps, 0.52) <= 0.02, `m ${at(mama.open, fps, 0.52)}`);
});

test('a lip closure stays inside its consonant: the vowels around it keep their loud opening', () => {
  const fps = 100;
  const jaw = new Float32Array(150).fill(0.9);
  const mix = { gain: 1.35, jawShare: 0.7 };
  // "a m a" with a short m (80 ms, 0.4-0.48 s) and "a mmm a" with a long one (240 ms, 0.9-1.14 s).
  const phonemes = seq(0.2, [
    ['ˈa', 0.2],
    ['m', 0.08],
    ['a', 0.42],
    ['m', 0.24],
    ['a', 0.2],
  ]);
  const m = mouthTimelineFromPhonemes(phonemes, 'en', 1.5, fps, jaw, mix);
  // The lips meet at the short m's centre, and the vowel 20 ms before it starts is still open.
  assert.ok(at(m.open, fps, 0.44) <= 0.02, `short m ${at(m.open, fps, 0.44)}`);
  assert.ok(at(m.open, fps, 0.38) > 0.6, `a before m ${at(m.open, fps, 0.38)}`);
  assert.ok(at(m.open, fps, 0.5) > 0.6, `a after m ${at(m.open, fps, 0.5)}`);
  // A long m holds the lips shut over all but its edges.
  for (const t of [0.94, 1.02, 1.1])
    assert.ok(at(m.open, fps, t) <= 0.02, `long m at ${t}: ${at(m.open, fps, t)}`);
  // At 25 fps a frame still lands on the short m's closure.
  const coarse = mouthTimelineFromPhonemes(
    phonemes,
    'en',
    1.5,
    25,
    jaw.filter((_, i) => i % 4 === 0),
    mix,
  );
  assert.ok(
    coarse.open.slice(9, 13).some((v) => v <= 0.02),
    `25 fps ${Array.from(coarse.open.slice(9, 13))}`,
  );
});
