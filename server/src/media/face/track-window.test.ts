import assert from 'node:assert/strict';
import { test } from 'node:test';
import { trackWindow } from './track-window.js';

const box = (x: number, y: number, w: number) => ({ x, y, width: w, height: w, score: 0.9 });

test('a small face in a large frame is cut out with room around it, at its own size', () => {
  // A 60-pixel face near the top right of a 4K frame, seen at two places.
  const win = trackWindow({ width: 3840, height: 2160 }, [box(3000, 300, 60), box(3030, 310, 60)], 60);
  assert.deepEqual(win.crop, { x: 2910, y: 210, width: 270, height: 250 });
  assert.deepEqual([win.width, win.height], [270, 250]);
});

test('a face that moves over most of the frame keeps the whole frame, scaled to suit the face', () => {
  const win = trackWindow({ width: 1080, height: 1920 }, [box(100, 200, 448), box(500, 900, 448)], 448);
  assert.equal(win.crop, null);
  assert.deepEqual([win.width, win.height], [540, 960]);
});

test('decoded frames are never enlarged, nor larger than the bound', () => {
  // The room around a 120-pixel face is most of a 640x360 frame: the whole frame, as it is.
  const small = trackWindow({ width: 640, height: 360 }, [box(250, 110, 120)], 120);
  assert.equal(small.crop, null);
  assert.deepEqual([small.width, small.height], [640, 360]);
  const none = trackWindow({ width: 7680, height: 4320 }, [], 100);
  assert.equal(none.crop, null);
  assert.deepEqual([none.width, none.height], [1920, 1080]);
});
