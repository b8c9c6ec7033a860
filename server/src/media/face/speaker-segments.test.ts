import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MESH_POINTS } from './landmarks.js';
import { followedParts, keepSpeaker } from './speaker-segments.js';
import type { FaceSample } from './track.js';

/** A face at centre (cx, 100), `w` wide; null: no face. 10 samples a second. */
function sample(i: number, face: [number, number] | null): FaceSample {
  const timeSec = i / 10;
  if (!face) return { timeSec, score: 0, points: new Float32Array(0), yaw: 0, pitch: 0, roll: 0 };
  const [cx, w] = face;
  const points = new Float32Array(MESH_POINTS * 2);
  for (let k = 0; k < MESH_POINTS; k++) {
    points[k * 2] = cx + (k % 2 ? w / 2 : -w / 2);
    points[k * 2 + 1] = 100 + (k % 3) - 1;
  }
  return { timeSec, score: 0.9, points, yaw: 0, pitch: 0, roll: 0 };
}
const box = (cx: number, w: number) => ({ x: cx - w / 2, y: 100 - w / 2, width: w, height: w, score: 0.9 });

test('followed faces split at cuts only: a loss or a jump in size inside a shot does not split it', () => {
  // Samples 0-4: one shot (a jump in size from 82 to 60 px at 3, as blur gives); 5: lost; 6-7: taken
  // up again elsewhere, still the same shot; a cut before 8 (one face after it) and before 9.
  const faces: Array<[number, number] | null> = [
    [100, 80],
    [102, 80],
    [104, 82],
    [110, 60],
    [110, 60],
    null,
    [300, 60],
    [302, 60],
    [304, 61],
    null,
    null,
  ];
  const samples = faces.map((f, i) => sample(i, f));
  const cuts = samples.map((_, i) => i === 8 || i === 9);
  assert.deepEqual(followedParts(samples, cuts), [
    [0, 8],
    [8, 9],
  ]);
});

test('a shot the search saw without the speaker where the face is loses its face; others keep theirs', () => {
  // The speaker (80 px at x 100) for 4 s, then a cut to a listener (60 px at x 130) for 3 s.
  const samples = Array.from({ length: 70 }, (_, i) => sample(i, i < 40 ? [100 + (i % 3), 80] : [130, 60]));
  const cuts = samples.map((_, i) => i === 40);
  const searched = [1, 3, 5];
  // The search saw the speaker at 1 s and 3 s where the track has the face; at 5 s it did not.
  const kept = keepSpeaker(samples, cuts, searched, [
    { timeSec: 1, box: box(101, 80) },
    { timeSec: 3, box: box(100, 80) },
  ]);
  assert.equal(kept.slice(0, 40).filter((s) => s.score > 0).length, 40);
  assert.equal(kept.slice(40).filter((s) => s.score > 0).length, 0);
  assert.equal(kept[55]!.timeSec, 5.5, 'samples keep their time');

  // The speaker seen at 5 s, but elsewhere: the followed face there is someone else's.
  const elsewhere = keepSpeaker(samples, cuts, searched, [
    { timeSec: 1, box: box(101, 80) },
    { timeSec: 5, box: box(400, 80) },
  ]);
  assert.equal(elsewhere.filter((s) => s.score > 0).length, 40);

  // No search frame inside a part: it is kept (nothing says it is someone else).
  const unseen = keepSpeaker(samples, cuts, [1], [{ timeSec: 1, box: box(101, 80) }]);
  assert.equal(unseen.filter((s) => s.score > 0).length, 70);
});
