import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DRIVING_SAMPLE_RATE, drivingAudioArgs } from './audio-args.js';

test('decodes the first audio stream to mono float PCM on stdout', () => {
  assert.equal(DRIVING_SAMPLE_RATE, 16000);
  assert.deepEqual(drivingAudioArgs('/in/song.mp3'), [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-i',
    '/in/song.mp3',
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-f',
    'f32le',
    'pipe:1',
  ]);
  assert.deepEqual(drivingAudioArgs('a.wav', 22050).slice(11, 13), ['-ar', '22050']);
});
