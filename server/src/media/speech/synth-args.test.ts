import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FloatCollector, toInt16 } from './level.js';
import {
  atempoFactors,
  isIdentityPlan,
  isUnshaped,
  levelArgs,
  num,
  scaleSamples,
  stretchedLength,
  tiltFilter,
  transformArgs,
  transformChain,
} from './synth-args.js';
import type { PostPlan } from './voice-plan.js';

test('num writes compact decimals', () => {
  assert.equal(num(1.5), '1.5');
  assert.equal(num(2 / 3), '0.666667');
  assert.equal(num(1e-7), '0');
});

test('atempoFactors chains within 0.5-2 and multiplies back', () => {
  assert.deepEqual(atempoFactors(1.5), [1.5]);
  assert.deepEqual(atempoFactors(2), [2]);
  assert.deepEqual(atempoFactors(3), [2, 1.5]);
  assert.deepEqual(atempoFactors(0.4), [0.5, 0.8]);
  assert.deepEqual(atempoFactors(0.2), [0.5, 0.5, 0.8]);
});

test('stretchedLength rounds the stretched sample count', () => {
  assert.equal(stretchedLength(22050, 1.5), 14700);
  assert.equal(stretchedLength(10, 0.5), 20);
  assert.equal(stretchedLength(0, 1), 1);
});

const plan = (p: Partial<PostPlan>): PostPlan => ({
  pitch: 1,
  tempo: 1,
  tiltDbPerOct: 0,
  loudnessLufs: null,
  volume: 1,
  ...p,
});

test('tiltFilter: a straight line in log frequency around 1 kHz, delay compensated', () => {
  assert.equal(
    tiltFilter(-3),
    "firequalizer=gain='-4.328085*log(min(max(f\\,100)\\,8000)/1000)':zero_phase=on,atrim=start=0",
  );
});

test('transformChain: only what changes, padded and trimmed', () => {
  assert.equal(
    transformChain(plan({ tempo: 1.5 }), 22050, 22050),
    'apad=pad_len=11025,atempo=1.5,atrim=end_sample=14700',
  );
  assert.equal(
    transformChain(plan({ pitch: 1.5, volume: 0.5, loudnessLufs: -20 }), 1000, 22050),
    'apad=pad_len=11025,rubberband=pitch=1.5:formant=preserved,atrim=end_sample=1000',
  );
  assert.equal(
    transformChain(plan({ tempo: 0.4, tiltDbPerOct: 2 }), 1000, 16000),
    `apad=pad_len=8000,atempo=0.5,atempo=0.8,${tiltFilter(2)},atrim=end_sample=2500`,
  );
});

test('transformArgs: raw eSpeak PCM in, float out, loudness measured beside it', () => {
  assert.deepEqual(transformArgs(plan({ tempo: 2 }), 44100, 22050), [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-f',
    's16le',
    '-ar',
    '22050',
    '-ac',
    '1',
    '-i',
    'pipe:0',
    '-filter_complex',
    '[0:a]apad=pad_len=11025,atempo=2,atrim=end_sample=22050,asplit=2[out][m];[m]aresample=48000,ebur128=framelog=verbose,anullsink',
    '-map',
    '[out]',
    '-ar',
    '22050',
    '-ac',
    '1',
    '-f',
    'f32le',
    'pipe:1',
  ]);
});

test('levelArgs: gain and limiter, written as a mono s16 WAV and measured', () => {
  assert.deepEqual(levelArgs(1.5, 22050, '/tmp/o.wav'), [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-f',
    'f32le',
    '-ar',
    '22050',
    '-ac',
    '1',
    '-i',
    'pipe:0',
    '-filter_complex',
    '[0:a]volume=1.5,alimiter=level=false:limit=0.97:attack=1:release=50,asplit=2[out][m];[m]aresample=48000,ebur128=framelog=verbose,anullsink',
    '-map',
    '[out]',
    '-ar',
    '22050',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    '-y',
    '/tmp/o.wav',
  ]);
});

test('isIdentityPlan', () => {
  assert.equal(isIdentityPlan(plan({})), true);
  assert.equal(isIdentityPlan(plan({ volume: 0.9 })), false);
  assert.equal(isIdentityPlan(plan({ tiltDbPerOct: -1 })), false);
  assert.equal(isIdentityPlan(plan({ loudnessLufs: -20 })), false);
});

test('toInt16 scales, rounds and never wraps', () => {
  assert.deepEqual(
    Array.from(toInt16(Float32Array.from([0, 0.5, -0.5, 2, -2]), 0.5)),
    [0, 8192, -8192, 32767, -32767],
  );
});

test('FloatCollector joins samples split across pipe reads and tracks the peak', () => {
  const bytes = Buffer.alloc(12);
  [0.25, -0.75, 0.5].forEach((v, i) => bytes.writeFloatLE(v, i * 4));
  const c = new FloatCollector();
  c.push(bytes.subarray(0, 5));
  c.push(bytes.subarray(5, 6));
  c.push(bytes.subarray(6));
  assert.equal(c.length, 3);
  assert.deepEqual(
    c.chunks.flatMap((x) => Array.from(x)),
    [0.25, -0.75, 0.5],
  );
  assert.equal(c.peak, 0.75);
});

test('a draft applies a plan with no shaping as a gain on the samples, held within full scale', () => {
  const plan = { pitch: 1, tempo: 1, tiltDbPerOct: 0, loudnessLufs: -20, volume: 2 };
  assert.equal(isUnshaped(plan), true);
  assert.equal(isUnshaped({ ...plan, tempo: 1.5 }), false);
  assert.equal(isUnshaped({ ...plan, pitch: 0.9 }), false);
  assert.equal(isUnshaped({ ...plan, tiltDbPerOct: -2 }), false);
  const s = Int16Array.from([0, 100, -100, 20000, -20000]);
  assert.deepEqual([...scaleSamples(s, 2)], [0, 200, -200, 32767, -32768]);
  assert.deepEqual([...scaleSamples(s, 0.5)], [0, 50, -50, 10000, -10000]);
  assert.equal(scaleSamples(s, 1), s);
});
