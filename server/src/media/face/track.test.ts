import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MESH_POINTS } from './landmarks.js';
import {
  FACE_LIMITS,
  pointsAt,
  rejectTrack,
  smoothTrack,
  trackReport,
  type FaceSample,
  type FaceTrack,
} from './track.js';
import { decodeFaceTrack, encodeFaceTrack } from './track-file.js';

/** A face whose every point sits at (x, 100 + i/10), the outline 200 px wide. */
function sample(timeSec: number, x: number | null, yaw = 0): FaceSample {
  if (x === null) return { timeSec, score: 0, points: new Float32Array(0), yaw: 0, pitch: 0, roll: 0 };
  const points = new Float32Array(MESH_POINTS * 2);
  for (let i = 0; i < MESH_POINTS; i++) {
    points[i * 2] = x + (i % 2 === 0 ? 0 : 200);
    points[i * 2 + 1] = 100 + i / 10;
  }
  return { timeSec, score: 0.9, points, yaw, pitch: 0, roll: 0 };
}
const track = (samples: FaceSample[], fps = 10): FaceTrack => ({
  width: 1000,
  height: 1000,
  sampleFps: fps,
  startSec: 0,
  samples,
});

test('points between samples are interpolated; gaps are bridged only when short', () => {
  const t = track([sample(0, 10), sample(0.1, 20), sample(0.2, null), sample(0.3, 40)]);
  assert.equal(pointsAt(t, 0.05)![0], 15);
  // The empty sample at 0.2 is bridged from its neighbours (20 at 0.1, 40 at 0.3).
  assert.equal(pointsAt(t, 0.2)![0], 30);
  const long = track([sample(0, 10), ...Array.from({ length: 30 }, (_, i) => sample((i + 1) / 10, null))]);
  assert.equal(pointsAt(long, 2.5), null);
  const still = { ...track([sample(0, 50)]), sampleFps: 0 };
  assert.equal(pointsAt(still, 99)![0], 50);
});

test('smoothing removes jitter without moving a steady face', () => {
  const t = smoothTrack(track([sample(0, 10), sample(0.1, 14), sample(0.2, 10), sample(0.3, 10)]));
  assert.equal(t.samples[1]!.points[0], 12);
  assert.equal(t.samples[2]!.points[0], 11);
  assert.equal(t.samples[0]!.points[0], 10);
});

test('the report says how many faces were found and which one speaks', () => {
  const t = {
    ...track([sample(0, 10)]),
    search: {
      frames: 1,
      people: 3,
      mostAtOnce: 3,
      speaker: { x: 450, y: 100, width: 120, height: 120 },
      frameWidth: 1000,
      frameHeight: 800,
    },
  };
  const r = trackReport(t, 'image');
  assert.equal(r.facesFound, 3);
  assert.deepEqual(r.speaker, { x: 450, y: 100, width: 120, height: 120, place: 'in the middle' });
  assert.match(
    r.notice ?? '',
    /^3 faces were found in the image; the one in the middle \(120 px wide, at 450, 100\) speaks/,
  );
  const alone = trackReport({ ...t, search: { ...t.search, people: 1, mostAtOnce: 1 } });
  assert.equal(alone.notice, undefined);
  assert.equal(trackReport(track([sample(0, 10)])).facesFound, undefined);
});

test('a video whose face is missing from part of it is accepted, and its report says where no mouth moves', () => {
  // 7 of 10 samples: over the 60 % floor, under the 90 % of a face present throughout.
  const samples = Array.from({ length: 10 }, (_, i) => sample(i / 10, i < 7 ? 10 : null));
  const partial = trackReport(track(samples));
  assert.equal(rejectTrack(partial, 'video'), null);
  assert.match(partial.notice ?? '', /^the face was found in 70% of the video's frames; .*no mouth moves/);
  // A photo, and a video with its face in 9 of 10 samples, say nothing.
  assert.equal(trackReport(track(samples), 'image').notice, undefined);
  const nine = Array.from({ length: 10 }, (_, i) => sample(i / 10, i < 9 ? 10 : null));
  assert.equal(trackReport(track(nine)).notice, undefined);
  // With several faces, both are said.
  const several = trackReport({
    ...track(samples),
    search: {
      frames: 2,
      people: 2,
      mostAtOnce: 2,
      speaker: { x: 100, y: 100, width: 120, height: 120 },
      frameWidth: 1000,
      frameHeight: 800,
    },
  });
  assert.match(
    several.notice ?? '',
    /^2 faces were found in the video; .* again\. the face was found in 70%/,
  );
});

test('the report and its rules: found share, size and head turn, with reasons', () => {
  const good = trackReport(track([sample(0, 10), sample(0.1, 10, 10), sample(0.2, 10, -20)]));
  assert.equal(good.faceFoundShare, 1);
  assert.equal(good.faceWidthPx, 200);
  assert.equal(good.faceWidthShare, 0.2);
  assert.equal(good.yawMedianDeg, 10);
  assert.equal(good.yawMaxDeg, 20);
  assert.equal(rejectTrack(good, 'video'), null);

  const sparse = trackReport(track([sample(0, 10), sample(0.1, null), sample(0.2, null)]));
  assert.match(rejectTrack(sparse, 'video') ?? '', /1 of 3 sampled frames \(33%, at least 60% needed\)/);
  // A translated video's face is re-animated where it is, however rarely; it must still be animatable.
  assert.equal(rejectTrack(sparse, 'video', undefined, { anyShare: true }), null);
  const empty = trackReport(track([sample(0, null), sample(0.1, null)]));
  assert.match(rejectTrack(empty, 'video', undefined, { anyShare: true }) ?? '', /no face was found/);
  assert.match(rejectTrack(trackReport(track([sample(0, null)])), 'image') ?? '', /no face was found/);
  // The floor is a size in pixels; a face's share of the frame does not matter.
  const floor = FACE_LIMITS.minWidthPx;
  assert.equal(rejectTrack({ ...good, faceWidthPx: floor, faceWidthShare: 0.02 }, 'video'), null);
  const small = { ...good, faceWidthPx: floor - 1, faceWidthShare: 0.2 };
  assert.match(
    rejectTrack(small, 'image') ?? '',
    new RegExp(`too small: ${floor - 1} px wide; it must be at least ${floor} px .* use a larger picture`),
  );
  assert.match(rejectTrack(small, 'video') ?? '', /use a higher resolution or film closer/);
  assert.match(
    rejectTrack({ ...good, yawMedianDeg: 45.3 }, 'image') ?? '',
    /turned 45\.3° away from the camera \(at most 45°\)/,
  );
  const turned = { ...good, yawMedianDeg: 60 };
  assert.match(rejectTrack(turned, 'video') ?? '', /turned 60° away from the camera/);
});

test('tracks are stored to a quarter pixel and read back', () => {
  const t = track([sample(0, 10.3), sample(0.125, null), sample(0.25, -3.9, 12.3)], 8);
  const back = decodeFaceTrack(encodeFaceTrack(t));
  assert.equal(back.samples.length, 3);
  assert.equal(back.samples[1]!.score, 0);
  assert.equal(back.samples[0]!.points[0], 10.25);
  assert.equal(back.samples[2]!.points[0], -4);
  assert.equal(back.samples[2]!.yaw, 12.3);
  assert.equal(back.sampleFps, 8);
  assert.throws(() => decodeFaceTrack(Buffer.from('nope')), /not a face track/);
  assert.throws(() => decodeFaceTrack(encodeFaceTrack(t).subarray(0, 100)), /truncated|JSON/);
});
