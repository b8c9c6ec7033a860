import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MESH_POINTS } from '../face/landmarks.js';
import type { FaceTrack } from '../face/track.js';
import { planVideoLoop } from './avatar-filters.js';
import { landmarksForFrames, planFaceMotion } from './face-motion.js';

/** A 4-second track at 10 samples/s whose face moves right 10 px per second. */
function movingTrack(): FaceTrack {
  return {
    width: 400,
    height: 400,
    sampleFps: 10,
    startSec: 0,
    samples: Array.from({ length: 40 }, (_, i) => {
      const points = new Float32Array(MESH_POINTS * 2);
      for (let k = 0; k < MESH_POINTS; k++) {
        points[k * 2] = 100 + i;
        points[k * 2 + 1] = 200;
      }
      return { timeSec: i / 10, score: 1, points, yaw: 0, pitch: 0, roll: 0 };
    }),
  };
}

test('landmarks follow the loop: played part, then the cross-fade seam blends both ends', () => {
  const track = movingTrack();
  const loop = planVideoLoop(4, 0, 10, 25); // 4 s of material, 0.5 s cross-fade
  const at = landmarksForFrames(track, loop, { width: 200, height: 200 }, 25);
  // Box 200x200 from a 400x400 source: everything halves.
  assert.equal(at(25)![0], (100 + 10) / 2);
  // Halfway through the first seam: source 3.75 s (x 137.5) blended half-and-half with 0.25 s (102.5).
  const seamFrame = Math.round((0.5 + 3 + 0.25) * 25);
  assert.ok(Math.abs(at(seamFrame)![0]! - (137.5 + 102.5) / 4) < 0.3, String(at(seamFrame)![0]));
});

test('a picture blinks and sways; a video only moves its mouth unless there are beats', () => {
  const track = { ...movingTrack(), sampleFps: 0, samples: movingTrack().samples.slice(0, 1) };
  const mouth = {
    fps: 25,
    open: new Float32Array(250),
    wide: new Float32Array(250),
    round: new Float32Array(250),
  };
  const base = { track, box: { width: 400, height: 400 }, fps: 25, frames: 250, mouth, beats: [], seed: 5 };
  const picture = planFaceMotion({ ...base, loop: null, idle: 'subtle' });
  assert.ok(picture.blink && Math.max(...picture.blink) > 0.9, 'blinks within 10 s');
  assert.ok(picture.head && Math.max(...picture.head.angle.map(Math.abs)) > 0);
  const video = planFaceMotion({ ...base, loop: planVideoLoop(20, 0, 10, 25), idle: 'none' });
  assert.equal(video.blink, null);
  assert.equal(video.head, null);
  const song = planFaceMotion({
    ...base,
    loop: planVideoLoop(20, 0, 10, 25),
    idle: 'none',
    beats: [{ timeSec: 1, strength: 1 }],
  });
  assert.ok(song.head && Math.max(...song.head.dy) > 0);
});
