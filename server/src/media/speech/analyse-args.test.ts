import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyseArgs, loudnessArgs, parseIntegratedLoudness } from './analyse-args.js';

test('analyseArgs decodes mono 22.05 kHz float to stdout and measures loudness in one run', () => {
  assert.deepEqual(analyseArgs('/in/sample.m4a', 181), [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-i',
    '/in/sample.m4a',
    '-map',
    '0:a:0',
    '-t',
    '181',
    '-ac',
    '1',
    '-ar',
    '22050',
    '-f',
    'f32le',
    'pipe:1',
    '-map',
    '0:a:0',
    '-t',
    '181',
    '-af',
    'aformat=channel_layouts=mono,ebur128=framelog=verbose',
    '-f',
    'null',
    '-',
  ]);
});

test('loudnessArgs', () => {
  assert.deepEqual(loudnessArgs('a.wav'), [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-i',
    'a.wav',
    '-map',
    '0:a:0',
    '-af',
    'aformat=channel_layouts=mono,ebur128=framelog=verbose',
    '-f',
    'null',
    '-',
  ]);
});

test('parseIntegratedLoudness reads the last summary', () => {
  const stderr = `[Parsed_ebur128_1 @ 0x1] Summary:

  Integrated loudness:
    I:         -20.6 LUFS
    Threshold: -31.0 LUFS

  Loudness range:
    LRA:         5.1 LU
`;
  assert.equal(parseIntegratedLoudness(stderr), -20.6);
  assert.equal(parseIntegratedLoudness('I: -70.0 LUFS\nI:  -7 LUFS'), -7);
  assert.equal(parseIntegratedLoudness('nothing here'), null);
});
