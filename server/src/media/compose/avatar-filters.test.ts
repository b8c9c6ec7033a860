import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  coverFit,
  holdFrame,
  imageMotionFilter,
  loopedVideoFilter,
  loopUnitFilter,
  planVideoLoop,
  videoFit,
} from './avatar-filters.js';

const box = { width: 300, height: 380 };

test('cover fit, held frame and video normalisation', () => {
  assert.equal(coverFit(box), 'scale=300:380:force_original_aspect_ratio=increase,crop=300:380,setsar=1');
  assert.equal(holdFrame(25), 'loop=loop=-1:size=1:start=0,setpts=N/25/TB');
  assert.equal(videoFit(box, 30), `setpts=PTS-STARTPTS,fps=30,${coverFit(box)}`);
});

test('still picture is held; subtle motion maps a breathing, drifting window with perspective', () => {
  assert.equal(imageMotionFilter('still', box, 25), `${coverFit(box)},${holdFrame(25)}`);
  const z = '(1+0.06*(1-cos(2*PI*on/(25*10)))/2)';
  const x = `((W-W/${z})/2*(1+0.9*sin(2*PI*on/(25*13))))`;
  const y = `((H-H/${z})/2*(1+0.9*sin(2*PI*on/(25*17))))`;
  // Commas inside the expressions are escaped for the filter graph.
  const e = (s: string) => s.replace(/,/g, '\\,');
  assert.equal(
    imageMotionFilter('subtle', box, 25),
    `${coverFit(box)},${holdFrame(25)},perspective=x0=${e(x)}:y0=${e(y)}:x1=${e(`${x}+W/${z}`)}:y1=${e(y)}:` +
      `x2=${e(x)}:y2=${e(`${y}+H/${z}`)}:x3=${e(`${x}+W/${z}`)}:y3=${e(`${y}+H/${z}`)}:interpolation=linear:eval=frame`,
  );
  assert.match(imageMotionFilter('lively', box, 30), /1\+0\.14\*\(1-cos\(2\*PI\*on\/\(30\*6\)\)\)/);
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
  // A start at the very end restarts from the beginning.
  assert.equal(planVideoLoop(3, 3, 5, 25).startSec, 0);
  assert.equal(planVideoLoop(3, -2, 5, 25).startSec, 0);
});

test('cross-fade loop unit and its final-pass use', () => {
  const plan = planVideoLoop(3, 0.5, 5.3, 25);
  const fit = videoFit(box, 25);
  assert.equal(
    loopUnitFilter(plan, box, 25),
    `[0:v]${fit},split=3[body_src][tail_src][head_src];` +
      '[body_src]trim=start=0.48:end=2.02,setpts=PTS-STARTPTS[body];' +
      '[tail_src]trim=start=2.02,setpts=PTS-STARTPTS,format=yuva420p,fade=t=out:st=0:d=0.48:alpha=1[tail];' +
      '[head_src]trim=start=0:end=0.48,setpts=PTS-STARTPTS[head];' +
      '[head][tail]overlay=eof_action=pass:format=yuv420[seam];' +
      '[body][seam]concat=n=2:v=1:a=0,format=yuv420p[unit]',
  );
  assert.equal(
    loopedVideoFilter(plan, { source: 0, unit: 1 }, box, 25, 'avatar'),
    `[0:v]${fit},trim=end=0.48[avatar_head];` +
      '[1:v]setpts=PTS-STARTPTS,fps=25,setsar=1[avatar_loop];' +
      '[avatar_head][avatar_loop]concat=n=2:v=1:a=0[avatar]',
  );
});

test('plain-cut loop for very short material', () => {
  const plan = planVideoLoop(1.3, 0.5, 5.3, 25);
  assert.equal(loopUnitFilter(plan, box, 25), `[0:v]${videoFit(box, 25)},format=yuv420p[unit]`);
  assert.equal(
    loopedVideoFilter(plan, { source: 0, unit: 0 }, box, 25, 'avatar'),
    '[0:v]setpts=PTS-STARTPTS,fps=25,setsar=1[avatar]',
  );
  assert.throws(() => loopUnitFilter(planVideoLoop(9, 0, 5, 25), box, 25), /plays once/);
});
