import assert from 'node:assert/strict';
import { test } from 'node:test';
import { frameGrabArgs, sampleFrameSize, sampleTimes, trackFramesArgs } from './frame-args.js';

test('frameGrabArgs builds a single raw rgb24 frame grab', () => {
  assert.deepEqual(frameGrabArgs('/v/in.mp4', 1.5, 640, 360), [
    '-v',
    'error',
    '-ss',
    '1.500',
    '-i',
    '/v/in.mp4',
    '-an',
    '-sn',
    '-frames:v',
    '1',
    '-vf',
    'scale=640:360',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
});

test('sampleTimes spreads samples over the middle of equal slices', () => {
  assert.deepEqual(sampleTimes(10, 5), [1, 3, 5, 7, 9]);
  assert.deepEqual(sampleTimes(2, 1), [1]);
  assert.deepEqual(sampleTimes(0, 5), []);
  assert.deepEqual(sampleTimes(5, 0), []);
});

test('sampleFrameSize caps the width at 640 and keeps even sizes', () => {
  assert.deepEqual(sampleFrameSize(1080, 1920), { width: 640, height: 1136 });
  assert.deepEqual(sampleFrameSize(1920, 1080), { width: 640, height: 360 });
  assert.deepEqual(sampleFrameSize(321, 241), { width: 320, height: 240 });
  assert.throws(() => sampleFrameSize(0, 100), RangeError);
});

test('trackFramesArgs streams a resampled range as raw rgb24', () => {
  assert.deepEqual(trackFramesArgs('/v.mp4', 2, 10, 8, 404, 718), [
    '-v',
    'error',
    '-ss',
    '2.000',
    '-t',
    '10.000',
    '-i',
    '/v.mp4',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    'fps=8,scale=404:718',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
});
