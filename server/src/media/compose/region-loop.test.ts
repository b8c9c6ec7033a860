import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sourceMomentAt } from '../animate/source-map.js';
import { planVideoLoop } from './avatar-filters.js';
import {
  END_MARGIN_FRAMES,
  MAX_REGION_PASSES,
  planRegionLoop,
  regionPasses,
  regionSteps,
  revisitsMaterial,
  seamAlpha,
  seamBlend,
} from './region-loop.js';

const describe = (segments: { kind: string; frames: number; from?: number }[]) =>
  segments.map((s) => (s.kind === 'body' ? `body${s.from}:${s.frames}` : `seam:${s.frames}`)).join(' ');

test('a loop: first pass, seams and later passes, the last cut to the frame count', () => {
  // 3.3 s from 0.4 s at 25 fps: 72 frames of material, 2 left unused, a 12-frame cross-fade.
  const plan = planRegionLoop(planVideoLoop(3.3, 0.4, 10, 25), 25, 251)!;
  assert.equal(plan.materialFrames, 72 - END_MARGIN_FRAMES);
  assert.equal(plan.fadeFrames, 12);
  assert.equal(
    describe(plan.segments),
    'body0:58 seam:12 body12:46 seam:12 body12:46 seam:12 body12:46 seam:12 body12:7',
  );
  assert.equal(
    plan.segments.reduce((n, s) => n + s.frames, 0),
    251,
  );
  // The plan's loop describes exactly these frames, for the face motion.
  assert.equal(plan.loop.availableSec, 70 / 25);
  assert.equal(plan.loop.crossfadeSec, 12 / 25);
});

test('a seamless loop plays every pass from its first frame, its whole material, nothing blended', () => {
  const plan = planRegionLoop(planVideoLoop(10, 0, 12, 25, 125), 25, 301)!;
  assert.equal(plan.materialFrames, 125, 'no margin: the cut was seen decoded');
  assert.equal(plan.fadeFrames, 0);
  assert.equal(describe(plan.segments), 'body0:125 body0:125 body0:51');
  assert.deepEqual(regionPasses(plan), [
    { from: 0, frames: 125 },
    { from: 0, frames: 125 },
    { from: 0, frames: 51 },
  ]);
  assert.ok(revisitsMaterial(plan));
  const steps = [...regionSteps(plan)];
  assert.deepEqual(steps[125], { kind: 'material', index: 0 });
  assert.deepEqual(steps[300], { kind: 'material', index: 50 });
  // With one input per pass, as many passes as allowed.
  assert.equal(planRegionLoop(planVideoLoop(10, 0, 60, 25, 125), 25, 1501, 4), null);
  // A plain cut that is not seamless (under a second of material) keeps the full-frame pipeline.
  assert.equal(planRegionLoop(planVideoLoop(0.8, 0, 5, 25), 25, 126), null);
  assert.equal(revisitsMaterial(planRegionLoop(planVideoLoop(10, 0, 5, 25), 25, 126)!), false);
});

test('a render ending inside a seam ends with part of it', () => {
  const plan = planRegionLoop(planVideoLoop(3, 0, 7.3, 25), 25, 184)!;
  assert.equal(describe(plan.segments), 'body0:61 seam:12 body12:49 seam:12 body12:49 seam:1');
});

test('played once: one pass, if the clip covers the render with frames to spare', () => {
  const once = planRegionLoop(planVideoLoop(3.3, 0.2, 2, 25), 25, 51)!;
  assert.equal(describe(once.segments), 'body0:51');
  assert.equal(once.fadeFrames, 0);
  // A clip exactly as long as the render: the decoder may come short by a frame.
  assert.equal(planRegionLoop(planVideoLoop(2.04, 0, 2, 25), 25, 51), null);
});

test('plain cuts and loops of too many passes keep the full-frame pipeline', () => {
  assert.equal(planRegionLoop(planVideoLoop(0.8, 0, 10, 25), 25, 251), null);
  const passes = (sec: number) => planRegionLoop(planVideoLoop(2, 0, sec, 25), 25, sec * 25 + 1);
  assert.ok(passes(2 * MAX_REGION_PASSES * 0.7));
  assert.equal(passes(2 * MAX_REGION_PASSES * 2), null);
  // A loop decoded by one concat input has no bound.
  const long = planRegionLoop(planVideoLoop(2, 0, 600, 25), 25, 15001, Infinity)!;
  assert.equal(regionPasses(long).length, 417); // 48 frames, then 36 a pass
});

test('steps follow the source moments the face motion is planned from', () => {
  const plan = planRegionLoop(planVideoLoop(3.3, 0.4, 10, 25), 25, 251)!;
  const { materialFrames: m, fadeFrames: x } = plan;
  let i = 0;
  for (const step of regionSteps(plan)) {
    const moment = sourceMomentAt(plan.loop, i / 25);
    if (step.kind === 'material') {
      assert.equal(Math.round((moment.a - 0.4) * 25), step.index, `frame ${i}`);
      assert.equal(moment.b, null);
    } else {
      assert.equal(Math.round((moment.a - 0.4) * 25), m - x + step.k, `frame ${i}`);
      // The seam's first frame (the head's weight 0) may read as the body's last moment.
      if (step.k > 0 || moment.b !== null) assert.equal(Math.round((moment.b! - 0.4) * 25), step.k);
    }
    i++;
  }
  assert.equal(i, 251);
});

test("the seam's weights and blend are ffmpeg's fade and overlay arithmetic", () => {
  // Measured on ffmpeg: a 7-frame fade of 0xE0C0A0 over 0x204060 gives these luma levels.
  const tail = new Uint8Array([66]);
  const head = new Uint8Array([186]);
  const out = new Uint8Array(1);
  const levels = [0, 1, 2, 3, 4, 5, 6].map((k) => {
    seamBlend(tail, head, seamAlpha(k, 7), out);
    return out[0];
  });
  assert.deepEqual(levels, [66, 83, 100, 117, 135, 152, 169]);
  assert.equal(seamAlpha(0, 12), 0);
  assert.equal(seamAlpha(12, 12), 255);
});

test('passes run on through their seams: a body and the seam after it are one run of material', () => {
  const plan = planRegionLoop(planVideoLoop(3.3, 0.4, 10, 25), 25, 251)!;
  assert.deepEqual(regionPasses(plan), [
    { from: 0, frames: 70 },
    { from: 12, frames: 58 },
    { from: 12, frames: 58 },
    { from: 12, frames: 58 },
    { from: 12, frames: 7 },
  ]);
});
