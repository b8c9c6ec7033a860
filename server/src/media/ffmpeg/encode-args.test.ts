import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aacArgs, metadataArgs, x264Args } from './encode-args.js';

test('veryfast x264 for the first video stream', () => {
  assert.deepEqual(x264Args({ preset: 'veryfast', crf: 23 }), [
    '-c:v:0',
    'libx264',
    '-preset:v:0',
    'veryfast',
    '-crf:v:0',
    '23',
    '-pix_fmt:v:0',
    'yuv420p',
  ]);
});

test('ultrafast turns trellis off (the npm build switches it on)', () => {
  assert.deepEqual(x264Args({ preset: 'ultrafast', crf: 14 }, 'v'), [
    '-c:v',
    'libx264',
    '-preset:v',
    'ultrafast',
    '-crf:v',
    '14',
    '-x264-params:v',
    'trellis=0',
    '-pix_fmt:v',
    'yuv420p',
  ]);
});

test('rejects unknown presets and crf out of range', () => {
  // @ts-expect-error deliberately invalid preset
  assert.throws(() => x264Args({ preset: 'warp', crf: 23 }), RangeError);
  assert.throws(() => x264Args({ preset: 'fast', crf: 60 }), RangeError);
});

test('aac and metadata', () => {
  assert.deepEqual(aacArgs(), ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2']);
  assert.deepEqual(aacArgs({ channels: 1, bitrateK: 64 }), [
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-ar',
    '48000',
    '-ac',
    '1',
  ]);
  assert.deepEqual(metadataArgs({ title: 't', comment: 'AIGC {"Label":"1"}' }), [
    '-metadata',
    'comment=AIGC {"Label":"1"}',
    '-metadata',
    'title=t',
  ]);
});
