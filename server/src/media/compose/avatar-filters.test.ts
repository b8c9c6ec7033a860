import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coverFit, holdFrame, planVideoLoop, videoFit } from './avatar-filters.js';

const box = { width: 300, height: 380 };

test('cover fit, held frame and video normalisation', () => {
  assert.equal(coverFit(box), 'scale=300:380:force_original_aspect_ratio=increase,crop=300:380,setsar=1');
  assert.equal(holdFrame(25), 'loop=loop=-1:size=1:start=0,setpts=N/25/TB');
  assert.equal(videoFit(box, 30), `setpts=PTS-STARTPTS,fps=30,${coverFit(box)}`);
});

test('loop planning', () => {
  assert.deepEqual(planVideoLoop(9, 1, 5, 25), {
    mode: 'once',
    startSec: 1,
    availableSec: 8,
    crossfadeSec: 0,
  });
  // 2.5 s of material: cross-fade a quarter of it, capped at 0.5 s and rounded to whole frames.
  assert.deepEqual(planVideoLoop(3, 0.5, 5.3, 25), {
    mode: 'crossfade',
    startSec: 0.5,
    availableSec: 2.5,
    crossfadeSec: 0.48,
  });
  assert.deepEqual(planVideoLoop(3, 1.5, 5.3, 30), {
    mode: 'crossfade',
    startSec: 1.5,
    availableSec: 1.5,
    crossfadeSec: 11 / 30,
  });
  assert.deepEqual(planVideoLoop(1.3, 0.5, 5.3, 25), {
    mode: 'cut',
    startSec: 0.5,
    availableSec: 0.8,
    crossfadeSec: 0,
  });
  // A seamless cut (frames at the render's rate) loops the clip from its start, there and with no fade.
  assert.deepEqual(planVideoLoop(10, 0, 60, 25, 125), {
    mode: 'cut',
    startSec: 0,
    availableSec: 5,
    crossfadeSec: 0,
    seamless: true,
  });
  assert.equal(planVideoLoop(10, 1, 60, 25, 125).mode, 'crossfade', 'not from the start');
  assert.equal(planVideoLoop(10, 0, 8, 25, 125).mode, 'once', 'the clip is long enough');
  assert.equal(planVideoLoop(10, 0, 60, 25, 260).mode, 'crossfade', 'a cut past the clip');
  // A start at the very end restarts from the beginning.
  assert.equal(planVideoLoop(3, 3, 5, 25).startSec, 0);
  assert.equal(planVideoLoop(3, -2, 5, 25).startSec, 0);
});
