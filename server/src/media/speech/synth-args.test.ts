import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  atempoFactors,
  isIdentityPlan,
  num,
  stretchedLength,
  synthArgs,
  synthFilterChain,
} from './synth-args.js';

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

test('synthFilterChain: only what changes, padded and trimmed', () => {
  assert.equal(
    synthFilterChain({ pitch: 1, tempo: 1.5, volume: 1 }, 22050, 22050),
    'apad=pad_len=11025,atempo=1.5,atrim=end_sample=14700',
  );
  assert.equal(
    synthFilterChain({ pitch: 1.5, tempo: 1, volume: 0.5 }, 1000, 22050),
    'apad=pad_len=11025,rubberband=pitch=1.5:formant=preserved,volume=0.5,alimiter=level=false:limit=0.97:attack=1:release=50,atrim=end_sample=1000',
  );
  assert.equal(
    synthFilterChain({ pitch: 1, tempo: 0.4, volume: 2 }, 1000, 16000),
    'apad=pad_len=8000,atempo=0.5,atempo=0.8,volume=2,alimiter=level=false:limit=0.97:attack=1:release=50,atrim=end_sample=2500',
  );
});

test('synthArgs reads raw eSpeak PCM from stdin and writes a mono s16 WAV', () => {
  assert.deepEqual(synthArgs({ pitch: 1, tempo: 2, volume: 1 }, 44100, 22050, '/tmp/o.wav'), [
    '-hide_banner',
    '-v',
    'error',
    '-f',
    's16le',
    '-ar',
    '22050',
    '-ac',
    '1',
    '-i',
    'pipe:0',
    '-af',
    'apad=pad_len=11025,atempo=2,atrim=end_sample=22050',
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
  assert.equal(isIdentityPlan({ pitch: 1, tempo: 1, volume: 1 }), true);
  assert.equal(isIdentityPlan({ pitch: 1, tempo: 1, volume: 0.9 }), false);
});
