import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AudioFeatures } from './audio-analyser.js';
import {
  beatOnsetStrength,
  beatsFromFeatures,
  mouthTimelineFromAudio,
  speechEnvelope,
  voiceOpening,
} from './audio-mouth.js';
import { envelopeCorrelation, steadiness } from './measure.js';

const HOP = 0.01;

/** Features of `sec` seconds where every band is given per hop by a function of time. */
function features(
  sec: number,
  bands: Partial<Record<'voice' | 'low' | 'high' | 'bass', (t: number) => number>>,
): AudioFeatures {
  const n = Math.round(sec / HOP);
  const fill = (f?: (t: number) => number) =>
    Float32Array.from({ length: n }, (_, i) => (f ? f(i * HOP) : -120));
  const voiceDb = fill(bands.voice);
  return {
    mode: 'speech',
    hopSec: HOP,
    durationSec: sec,
    levelDb: voiceDb,
    voiceDb,
    lowVoiceDb: bands.low ? fill(bands.low) : Float32Array.from(voiceDb, (v) => v - 3),
    highVoiceDb: bands.high ? fill(bands.high) : Float32Array.from(voiceDb, (v) => v - 3),
    bassDb: fill(bands.bass),
  };
}

/** A syllable train: −60 dB between syllables, up to −15 dB at their centres, 4.5 a second. */
const syllables = (t: number) => {
  if (t < 0.5 || t > 4.5) return -120;
  const phase = (t * 4.5) % 1;
  return -60 + 45 * Math.sin(Math.PI * phase) ** 2;
};

test('silence: a closed, neutral mouth and no beats', () => {
  const f = features(2, {});
  const m = mouthTimelineFromAudio(f, 2, 25);
  assert.equal(m.open.length, 50);
  for (let i = 0; i < 50; i++) {
    assert.equal(m.open[i], 0);
    assert.equal(m.wide[i], 0);
    assert.equal(m.round[i], 0);
  }
  assert.deepEqual(beatsFromFeatures(f), []);
  for (const v of speechEnvelope(f, 25)) assert.equal(v, 0);
});

test('the opening follows the voice level with no lag, and rests outside speech', () => {
  const f = features(5, { voice: syllables });
  const env = speechEnvelope(f, 25);
  const m = mouthTimelineFromAudio(f, 5, 25);
  const c = envelopeCorrelation(m.open, env, 25);
  assert.ok(c.r > 0.9, `r ${c.r}`);
  assert.ok(Math.abs(c.lagSec) < 0.01, `lag ${c.lagSec}`);
  assert.ok(m.open[5]! < 0.01 && m.open[120]! < 0.01);
  assert.ok(Math.max(...m.open) > 0.6);
  assert.ok(steadiness(m.open).zigzagRate < 0.05);
  // The jaw handed to phoneme timelines is this very opening.
  assert.deepEqual(voiceOpening(f, 5, 25), m.open);
});

test('spectral tilt: energy high in the voice band spreads, energy low in it rounds', () => {
  // Neutral tilt first (sets the speaker's median), then 1 s spread-like, then 1 s round-like.
  const f = features(4, {
    voice: (t) => (t < 3.8 ? -20 : -120),
    high: (t) => (t >= 2 && t < 3 ? -14 : t >= 3 ? -40 : -26),
    low: () => -23,
  });
  const m = mouthTimelineFromAudio(f, 4, 25);
  assert.ok(m.wide[25]! > -0.1 && m.wide[25]! < 0.1, `neutral ${m.wide[25]}`);
  assert.ok(m.wide[62]! > 0.4, `spread ${m.wide[62]}`);
  assert.ok(m.round[62]! < 0.05);
  assert.ok(m.round[85]! > 0.2 && m.wide[85]! < -0.3, `round ${m.round[85]} wide ${m.wide[85]}`);
  assert.ok(m.round[99]! < 0.05, 'relaxes after the voice stops');
});

test('beats land on bass onsets and the spacing gives the tempo', () => {
  // A kick every 0.5 s: the bass jumps 30 dB and decays.
  const f = features(6, { bass: (t) => -50 + 30 * Math.exp(-((t + 0.25) % 0.5) * 12) });
  const beats = beatsFromFeatures(f);
  assert.equal(beats.length, 12);
  beats.forEach((b, k) => {
    assert.ok(Math.abs(b.timeSec - (0.25 + 0.5 * k)) <= 0.011, `beat ${k} at ${b.timeSec}`);
    assert.ok(b.strength > 0.8);
  });
});

test('a voice onset that also lifts the bass band (its fundamental) is not a beat', () => {
  const voiceOnly = features(4, { voice: syllables, bass: (t) => syllables(t) - 6 });
  const onset = beatOnsetStrength(voiceOnly);
  const kickOnly = features(4, { bass: (t) => -50 + 30 * Math.exp(-((t + 0.25) % 0.5) * 12) });
  const kick = beatOnsetStrength(kickOnly);
  assert.ok(Math.max(...onset) < 0.5 * Math.max(...kick), `${Math.max(...onset)} vs ${Math.max(...kick)}`);
});
