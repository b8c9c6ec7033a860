import assert from 'node:assert/strict';
import { test } from 'node:test';
import { longestFaceStretch, reportPlayedStretch, stretchToPlay, trackOfStretch } from './face-stretch.js';
import { trackReport, type FaceSample, type FaceTrack } from './track.js';

/** A track at 10 samples a second from a pattern: '#' a face, '.' none. */
function track(pattern: string): FaceTrack {
  const samples: FaceSample[] = [...pattern].map((c, i) => ({
    timeSec: i / 10,
    score: c === '#' ? 0.9 : 0,
    points: new Float32Array(c === '#' ? 936 : 0).fill(i),
    yaw: 0,
    pitch: 0,
    roll: 0,
  }));
  return { width: 640, height: 360, sampleFps: 10, startSec: 0, samples };
}
const rep = (c: string, n: number) => c.repeat(n);

test('the longest stretch with a face: gaps up to a second are bridged, longer ones split it', () => {
  // 2 s of face, a 1.5 s gap, 3 s of face with a 1 s gap inside, 0.5 s without.
  const t = track(rep('#', 20) + rep('.', 15) + rep('#', 10) + rep('.', 10) + rep('#', 20) + rep('.', 5));
  assert.deepEqual(longestFaceStretch(t), { fromIndex: 35, toIndex: 75, fromSec: 3.5, toSec: 7.5 });
  assert.equal(longestFaceStretch(track(rep('.', 30))), null);
  // Ties go to the earlier stretch.
  assert.equal(longestFaceStretch(track(rep('#', 20) + rep('.', 20) + rep('#', 20)))!.fromIndex, 0);
});

test('a stretch is played only when the face is often missing and the stretch is long enough', () => {
  // A cut to the audience for the first 3.6 s, then the speaker for 6.4 s (the stage clip).
  const stage = track(rep('.', 36) + rep('#', 64));
  const s = stretchToPlay(stage, 10)!;
  assert.deepEqual(s, { fromIndex: 36, toIndex: 100, fromSec: 3.6, toSec: 10, foundShare: 0.64 });
  // Present in 90% or more: the clip plays whole, gaps and all.
  assert.equal(stretchToPlay(track(rep('.', 10) + rep('#', 90)), 10), null);
  // The longest stretch is under 3 s: the clip plays whole (and is judged whole).
  const choppy = rep('#', 25) + rep('.', 12) + rep('#', 25) + rep('.', 12) + rep('#', 26);
  assert.equal(stretchToPlay(track(choppy), 10), null);
  // 4.3 s of the speaker between cuts, the rest another shot: the 4.3 s play.
  assert.equal(stretchToPlay(track(rep('.', 36) + rep('#', 43) + rep('.', 21)), 10)!.toSec, 7.9);
  // Short scattered losses are bridged: the stretch is the whole clip, nothing to cut.
  assert.equal(
    stretchToPlay(track(rep('#', 30) + rep('.', 8) + rep('#', 30) + rep('.', 8) + rep('#', 24)), 10),
    null,
  );
  // Under the share a whole clip needs (60%), a long enough stretch is still an avatar.
  const mostlyAway = stretchToPlay(track(rep('.', 100) + rep('#', 60) + rep('.', 40)), 20)!;
  assert.deepEqual([mostlyAway.fromSec, mostlyAway.toSec, mostlyAway.foundShare], [10, 16, 0.3]);
  assert.equal(stretchToPlay({ ...track('#'), sampleFps: 0 }, 0), null, 'a picture');
});

test("the stretch's track counts from its start, and its report says what the avatar plays", () => {
  const stage = track(rep('.', 36) + rep('#', 64));
  const s = stretchToPlay(stage, 10)!;
  const t = trackOfStretch(stage, s);
  assert.equal(t.samples.length, 64);
  assert.equal(t.startSec, 0);
  assert.equal(t.samples[0]!.timeSec, 0);
  assert.equal(t.samples[63]!.timeSec, 6.3);
  assert.equal(t.samples[0]!.points[0], 36, 'the same samples');
  assert.equal(stage.samples[36]!.timeSec, 3.6, 'the whole track is left as it was');

  const report = reportPlayedStretch(trackReport(t, 'video'), s);
  assert.equal(report.faceFoundShare, 1);
  assert.equal(
    report.notice,
    "the face was found in 64% of the video's frames; the avatar plays the 6.4 s from 3.6 s to 10.0 s, " +
      'where it stays in view, so that its videos speak throughout. To use more of the video, upload one ' +
      'where the face stays in view',
  );
  const several = reportPlayedStretch({ ...report, notice: '2 faces were found in the video' }, s);
  assert.match(several.notice!, /^2 faces were found in the video\. the face was found in 64%/);
});
