import assert from 'node:assert/strict';
import { test } from 'node:test';
import { outputSize, PICTURE_MIN_SHORT_SIDE, workOutputSize } from './work-sources.js';

const image = { kind: 'image' as const, path: '/p.png' };
const video = { kind: 'video' as const, path: '/v.mp4', startSec: 0 };

test('a video is its avatar’s size, at most 1920 on the long side, in even pixels', () => {
  assert.deepEqual(outputSize(1280, 720), { width: 1280, height: 720 });
  assert.deepEqual(outputSize(3840, 2160), { width: 1920, height: 1080 });
  assert.deepEqual(outputSize(191, 264), { width: 192, height: 264 });
  assert.deepEqual(workOutputSize({ source: video, width: 640, height: 360 }), { width: 640, height: 360 });
});

test('a small picture is animated with its short side at 360, a larger one at its own size', () => {
  assert.equal(PICTURE_MIN_SHORT_SIDE, 360);
  assert.deepEqual(workOutputSize({ source: image, width: 191, height: 264 }), { width: 360, height: 498 });
  assert.deepEqual(workOutputSize({ source: image, width: 150, height: 150 }), { width: 360, height: 360 });
  assert.deepEqual(workOutputSize({ source: image, width: 320, height: 240 }), { width: 480, height: 360 });
  assert.deepEqual(workOutputSize({ source: image, width: 446, height: 446 }), { width: 446, height: 446 });
  assert.deepEqual(workOutputSize({ source: image, width: 900, height: 900 }), { width: 900, height: 900 });
  // A long, thin picture is not made longer than 1920: the long side wins.
  assert.deepEqual(workOutputSize({ source: image, width: 100, height: 1000 }), { width: 192, height: 1920 });
});
