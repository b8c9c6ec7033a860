import assert from 'node:assert/strict';
import { test } from 'node:test';
import { midSignal, separateBackground, sideSignal } from './separation.js';

const RATE = 8000;
const SECONDS = 3;
const SPEECH = [{ startSec: 1, endSec: 2 }];

/** Interleaved stereo: a "voice" (300 Hz) inside SPEECH placed by `voicePan`, music (440/660 Hz) spread. */
function mix(opts: {
  voiceLeft: number;
  voiceRight: number;
  musicLeft: number;
  musicRight: number;
}): Int16Array {
  const n = RATE * SECONDS;
  const out = new Int16Array(n * 2);
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    const voice = t >= 1 && t < 2 ? 8000 * Math.sin(2 * Math.PI * 300 * t) : 0;
    out[i * 2] = Math.round(voice * opts.voiceLeft + opts.musicLeft * Math.sin(2 * Math.PI * 440 * t));
    out[i * 2 + 1] = Math.round(voice * opts.voiceRight + opts.musicRight * Math.sin(2 * Math.PI * 660 * t));
  }
  return out;
}

const rms = (x: Int16Array, from: number, to: number) => {
  let s = 0;
  for (let i = from; i < to; i++) s += x[i]! * x[i]!;
  return Math.sqrt(s / (to - from));
};

test('a centred voice over spread music: the side keeps the music and drops the voice', () => {
  const stereo = mix({ voiceLeft: 1, voiceRight: 1, musicLeft: 2000, musicRight: 2000 });
  const { background, why } = separateBackground(stereo, RATE, SPEECH);
  assert.ok(background, why);
  assert.match(why, /^background kept from the stereo side/);
  // Inside the speech the side is the music alone: as loud as outside, and the voice is gone.
  const inside = rms(background, RATE * 1.1, RATE * 1.9);
  const outside = rms(background, 0, RATE * 0.8);
  assert.ok(Math.abs(inside - outside) < 0.05 * outside, `${inside} vs ${outside}`);
  assert.ok(rms(midSignal(stereo), RATE * 1.1, RATE * 1.9) > 2.5 * inside, 'the mix itself has the voice');
});

test('mono sound, or a background in the centre too, has no side to keep', () => {
  const mono = mix({ voiceLeft: 1, voiceRight: 1, musicLeft: 2000, musicRight: 0 });
  // Make both channels alike: the mono case.
  for (let i = 0; i < mono.length; i += 2) mono[i + 1] = mono[i]!;
  const m = separateBackground(mono, RATE, SPEECH);
  assert.equal(m.background, null);
  assert.match(m.why, /^no stereo background to keep/);
  assert.ok(sideSignal(mono).every((v) => v === 0));
});

test('a voice off the centre would stay in the side: not kept', () => {
  const stereo = mix({ voiceLeft: 1, voiceRight: 0.2, musicLeft: 2000, musicRight: 2000 });
  const s = separateBackground(stereo, RATE, SPEECH);
  assert.equal(s.background, null);
  assert.match(s.why, /^the voice is not centred \(the side rises [0-9.]+ dB where it speaks\)$/);
});

test('speech from start to end leaves nothing to measure the background on', () => {
  const stereo = mix({ voiceLeft: 1, voiceRight: 1, musicLeft: 2000, musicRight: 2000 });
  const s = separateBackground(stereo, RATE, [{ startSec: 0, endSec: SECONDS }]);
  assert.equal(s.background, null);
  assert.match(s.why, /no stretch without speech/);
});
