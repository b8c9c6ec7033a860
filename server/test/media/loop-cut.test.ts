import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { findLoopCut, LOOP_CUT_MAX_SEC, renderTalkingVideo } from '../../src/media/compose/index.js';
import { createFaceDetector } from '../../src/media/face/index.js';
import { probeAvatarVideo } from '../../src/media/compose/inputs.js';
import { facePhoto, makeSwayVideo } from '../helpers/media-fixtures.js';
import { bins, DRIFT_SEC, ffmpeg, lumaFrames, makeDriftingPerson, makeTempDir } from './compose-fixtures.js';

/**
 * Seamless loop cuts found on real clips: a person swaying with a period that divides the clip
 * loops after whole periods (on the renders' 25 fps grid, whatever the clip's own rate); a person
 * who drifts away has no such point.
 */

let dir = '';
let cleanup: () => Promise<void>;
let person = '';

before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-loop-cut-'));
  person = path.join(dir, 'person.png');
  await sharp(facePhoto(1)).extract({ left: 148, top: 0, width: 720, height: 1280 }).png().toFile(person);
});

after(() => cleanup());

const sway = (file: string, seconds: number, periodSec: number, rate: number) =>
  makeSwayVideo(file, person, seconds, periodSec, rate);

async function cutOf(file: string): Promise<number | null> {
  const { sec } = await probeAvatarVideo(bins, file);
  return findLoopCut(bins, { path: file, durationSec: sec }, 25);
}

test('a clip that sways with a period loops after whole periods, on the 25 fps grid at any clip rate', async () => {
  // 4 s with a 2 s period: frames 50, 51, 52 show frames 0, 1, 2 again; 100 is past the material.
  assert.equal(await cutOf(await sway(path.join(dir, 'sway25.mp4'), 4, 2, 25)), 50);
  assert.equal(await cutOf(await sway(path.join(dir, 'sway30.mp4'), 4, 2, 30)), 50);
  // 6 s with a 2 s period: the longest cut, two periods.
  assert.equal(await cutOf(await sway(path.join(dir, 'sway6.mp4'), 6, 2, 25)), 100);
});

test('a clip that does not come back to its start has no seamless cut; long clips are not searched', async () => {
  const drift = await makeDriftingPerson(path.join(dir, 'drift.mp4'), person, {
    width: 360,
    height: 640,
    scaledHeight: 700,
    x: 20,
    y: 30,
    pxPerSec: 12,
  });
  assert.ok(DRIFT_SEC * 25 >= 50);
  assert.equal(await cutOf(drift), null);
  // A 3 s sway with a 2 s period loops after its one period (2 s: the shortest cut allowed).
  assert.equal(await cutOf(await sway(path.join(dir, 'sway3.mp4'), 3, 2, 25)), 50);
  assert.equal(
    await findLoopCut(bins, { path: drift, durationSec: LOOP_CUT_MAX_SEC + 1 }, 25),
    null,
    'not decoded',
  );
});

/** Mean absolute luma difference of two frames, outside a box. */
function diffOutside(
  a: Buffer,
  b: Buffer,
  w: number,
  box: { x: number; y: number; width: number; height: number },
) {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const x = i % w;
    const y = Math.floor(i / w);
    if (x >= box.x - 16 && x < box.x + box.width + 16 && y >= box.y - 16 && y < box.y + box.height + 16)
      continue;
    sum += Math.abs(a[i]! - b[i]!);
    n++;
  }
  return sum / n;
}

test("a render of a clip with a seamless cut loops there: the region pipeline, no seam, the clip's own steps", async () => {
  const clip = await sway(path.join(dir, 'render-sway.mp4'), 4, 2, 25);
  const cut = await cutOf(clip);
  assert.equal(cut, 50);
  const detector = await createFaceDetector();
  const face = await detector.trackVideo(bins.ffmpeg, clip, {
    durationSec: 4,
    width: 360,
    height: 640,
  });
  await detector.close();
  const sound = path.join(dir, 'voice.wav');
  const voice =
    '0.5*pow(0.55+0.45*sin(2*PI*3*t),2)*(sin(2*PI*150*t)+0.6*sin(2*PI*300*t)+0.4*sin(2*PI*450*t))/2';
  await ffmpeg(['-f', 'lavfi', '-i', `aevalsrc='${voice}':s=22050:d=6`, '-ac', '1', sound]);
  const out = path.join(dir, 'render-sway-out.mp4');
  const res = await renderTalkingVideo(bins, {
    avatar: { kind: 'video', path: clip, startSec: 0, face, seamlessCut: { frames: cut!, fps: 25 } },
    speech: { path: sound },
    output: { path: out, width: 360, height: 640, fps: 25, preset: 'ultrafast', crf: 16 },
  });
  assert.equal(res.loopMode, 'seamless');
  assert.equal(res.pipeline, 'region');
  const frames = await lumaFrames(out, 360, 640);
  assert.ok(frames.length >= 150, `${frames.length} frames`);
  const region = res.region!;
  // Away from the mouth, frame 50 + k is frame k again (but for the encoder's noise: well under
  // one of the clip's steps from a frame to the next), and the step across each cut (49 → 50,
  // 99 → 100) is no larger than the clip's own steps around it.
  const steps: number[] = [];
  for (let i = 1; i < 150; i++) steps.push(diffOutside(frames[i - 1]!, frames[i]!, 360, region));
  const others = steps.filter((_, i) => ![49, 99].includes(i));
  const usual = Math.max(...others);
  const median = others.slice().sort((x, y) => x - y)[others.length >> 1]!;
  for (const at of [50, 100]) {
    const again = diffOutside(frames[at]!, frames[0]!, 360, region);
    assert.ok(again < 0.5 * median, `frame ${at} against frame 0: ${again} (a step: ${median})`);
    assert.ok(steps[at - 1]! <= usual * 1.2, `step into frame ${at}: ${steps[at - 1]} against ${usual}`);
  }
});
