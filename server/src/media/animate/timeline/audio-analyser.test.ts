import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DrivingAudioAnalyser, type AudioFeatures, type DrivingAudioMode } from './audio-analyser.js';
import { Float32Decoder } from './audio-features.js';

const SR = 16000;

function tone(sec: number, parts: { hz: number; amp: (t: number) => number }[]): Float32Array {
  const out = new Float32Array(Math.round(sec * SR));
  for (let i = 0; i < out.length; i++) {
    const t = i / SR;
    for (const p of parts) out[i] = out[i]! + p.amp(t) * Math.sin(2 * Math.PI * p.hz * t);
  }
  return out;
}

function analyse(mode: DrivingAudioMode, samples: Float32Array, chunk = samples.length): AudioFeatures {
  const a = new DrivingAudioAnalyser(mode, SR);
  for (let at = 0; at < samples.length; at += chunk) a.push(samples.subarray(at, at + chunk));
  return a.finish();
}

/** Level of the average power over hops [from, to), in dB (a dB mean would be ruled by silent hops). */
const mean = (v: Float32Array, from: number, to: number) => {
  let s = 0;
  for (let i = from; i < to; i++) s += 10 ** (v[i]! / 10);
  return 10 * Math.log10(s / (to - from));
};

test('one hop per 10 ms, centred; chunking does not change anything', () => {
  let seed = 7;
  const noise = new Float32Array(SR * 0.5 + 77).map(
    () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1,
  );
  for (const mode of ['speech', 'song'] as const) {
    const whole = analyse(mode, noise);
    assert.equal(whole.levelDb.length, Math.ceil(noise.length / 160));
    assert.equal(whole.voiceDb.length, whole.levelDb.length);
    assert.equal(whole.hopSec, 0.01);
    assert.ok(Math.abs(whole.durationSec - noise.length / SR) < 1e-9);
    for (const chunk of [1, 7, 333, 4096]) {
      const parts = analyse(mode, noise, chunk);
      for (const key of ['levelDb', 'voiceDb', 'lowVoiceDb', 'highVoiceDb', 'bassDb'] as const) {
        assert.deepEqual(parts[key], whole[key], `${mode} ${key} chunk ${chunk}`);
      }
      assert.deepEqual(parts.percussiveDb, whole.percussiveDb);
    }
  }
});

test('band levels: a 1 kHz sine is in the voice band at its true power, a 60 Hz one in the bass band', () => {
  const f = analyse('speech', tone(1, [{ hz: 750, amp: () => 0.5 }]));
  // 0.5² / 2 = 0.125 → −9 dB.
  assert.ok(Math.abs(f.voiceDb[50]! - -9.03) < 0.5, `voice ${f.voiceDb[50]}`);
  assert.ok(Math.abs(f.lowVoiceDb[50]! - -9.03) < 0.5);
  assert.ok(f.highVoiceDb[50]! < -50);
  assert.ok(f.bassDb[50]! < -50);
  const b = analyse('speech', tone(1, [{ hz: 60, amp: () => 0.5 }]));
  assert.ok(Math.abs(b.bassDb[50]! - -9.03) < 0.5, `bass ${b.bassDb[50]}`);
  assert.ok(b.voiceDb[50]! < -40);
});

test('hops are centred on their time: a tone starting at 0.5 s is half in at hop 50', () => {
  const f = analyse('speech', tone(1, [{ hz: 1000, amp: (t) => (t >= 0.5 ? 0.5 : 0) }]));
  assert.ok(f.voiceDb[47]! < -60);
  assert.ok(Math.abs(f.voiceDb[50]! - (-9.03 - 3)) < 1.5, `hop 50 ${f.voiceDb[50]}`);
  assert.ok(f.voiceDb[53]! > -9.6);
});

test('song mode removes a sustained chord, even one starting after silence, and keeps a sung line', (t) => {
  const chordFrom = (start: number) =>
    [440, 554.4, 659.3].map((hz) => ({ hz, amp: (t: number) => (t >= start ? 0.1 : 0) }));
  // Notes on four pitches, 0.3 s on and 0.1 s off, the way a melody moves.
  const pitches = [294, 330, 370, 392];
  const sungAmp = (k: number) => (t: number) => (Math.floor(t / 0.4) % 4 === k && t % 0.4 < 0.3 ? 0.3 : 0);
  const sung = pitches.map((hz, k) => ({ hz, amp: sungAmp(k) }));
  for (const start of [0, 1]) {
    const chordSong = analyse('song', tone(6, chordFrom(start)));
    const chordSpeech = analyse('speech', tone(6, chordFrom(start)));
    const from = start * 100 + 10;
    const removed = mean(chordSpeech.voiceDb, from, 590) - mean(chordSong.voiceDb, from, 590);
    // Levels are judged in 1 dB steps, so a steady tone loses at least 10 dB, not all of it.
    t.diagnostic(`chord from ${start} s: ${removed.toFixed(1)} dB removed`);
    assert.ok(removed > 10, `chord from ${start} s: only ${removed.toFixed(1)} dB removed`);
  }
  const song = analyse('song', tone(6, [...chordFrom(0), ...sung]));
  const sungOnly = analyse('speech', tone(6, sung));
  const noteHops: number[] = [];
  for (let i = 20; i < 580; i++) if ((i * 0.01) % 0.4 > 0.08 && (i * 0.01) % 0.4 < 0.22) noteHops.push(i);
  const avg = (f: AudioFeatures) => noteHops.reduce((s, i) => s + f.voiceDb[i]!, 0) / noteHops.length;
  assert.ok(Math.abs(avg(song) - avg(sungOnly)) < 3, `sung ${avg(song)} vs ${avg(sungOnly)}`);
});

test('song mode damps drum-like noise bursts into the percussive part', () => {
  let seed = 3;
  const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const bursts = new Float32Array(SR * 3).map((_, i) => rand() * 0.5 * Math.exp(-((i / SR) % 0.25) * 60));
  const drumSong = analyse('song', bursts);
  const drumSpeech = analyse('speech', bursts);
  assert.ok(mean(drumSong.voiceDb, 20, 280) < mean(drumSpeech.voiceDb, 20, 280) - 10);
  assert.ok(
    drumSong.percussiveDb && mean(drumSong.percussiveDb, 20, 280) > mean(drumSong.voiceDb, 20, 280) + 10,
  );
});

test('an empty stream has no hops', () => {
  const f = analyse('song', new Float32Array(0));
  assert.equal(f.levelDb.length, 0);
  assert.equal(f.percussiveDb?.length, 0);
});

test('float decoder reassembles samples split anywhere across chunks', () => {
  const values = [0.5, -0.25, 1e-3, -1, 0.75];
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => bytes.writeFloatLE(v, i * 4));
  const got: number[] = [];
  const d = new Float32Decoder((s) => got.push(...s));
  for (const [a, b] of [
    [0, 3],
    [3, 4],
    [4, 11],
    [11, 20],
  ] as const)
    d.write(bytes.subarray(a, b));
  assert.deepEqual(
    got.map((v) => Math.round(v * 1e6) / 1e6),
    values,
  );
});
