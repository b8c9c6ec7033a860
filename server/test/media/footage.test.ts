import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { renderTalkingVideo } from '../../src/media/compose/index.js';
import { createFaceDetector, type FaceDetector } from '../../src/media/face/index.js';
import { rejectTrack, trackReport } from '../../src/media/face/track.js';
import { trackFaceInImage, trackFaceInVideo } from '../../src/media/face/tracker.js';
import { displaySize, probeMedia } from '../../src/media/probe.js';
import { FOOTAGE } from '../helpers/footage.js';
import { measureLipSync } from '../helpers/lipsync-meter.js';
import { bins } from '../helpers/media-fixtures.js';

/** Real footage people bring (test/fixtures/footage): found, counted, judged as a user would expect. */

let detector: FaceDetector;
before(async () => {
  detector = await createFaceDetector();
});
after(() => detector.close());

const videoInfo = async (file: string) => {
  const info = await probeMedia(bins.ffprobe, file);
  return { durationSec: info.durationSec, ...displaySize(info.video!) };
};

test('real photos: one smiling person, a head rolled by ~27°, and a group whose faces are too small', async () => {
  const one = trackReport(await trackFaceInImage(detector, FOOTAGE.smilingPhoto), 'image');
  assert.equal(rejectTrack(one, 'image'), null);
  assert.equal(one.facesFound, 1);
  assert.equal(one.notice, undefined);
  assert.ok(one.faceWidthPx > 140 && one.faceWidthPx < 200, `face ${one.faceWidthPx} px`);

  const rolled = trackReport(await trackFaceInImage(detector, FOOTAGE.rolledPhoto), 'image');
  assert.equal(rejectTrack(rolled, 'image'), null);
  assert.ok(rolled.rollMedianDeg > 20 && rolled.rollMedianDeg < 35, `roll ${rolled.rollMedianDeg}°`);

  // Eight people in a 500x375 snapshot: every face is counted, and the one that would speak is
  // under the floor, so the avatar is refused with what to change.
  const group = trackReport(await trackFaceInImage(detector, FOOTAGE.groupPhoto), 'image');
  assert.ok(group.facesFound! >= 6, `${group.facesFound} faces`);
  assert.match(group.notice ?? '', /faces were found in the image; the one .* speaks/);
  assert.match(rejectTrack(group, 'image') ?? '', /too small: \d+ px wide; .* use a larger picture/);
});

test('real clips: a head that moves while it talks, and a person in a 16:9 room, are followed throughout', async () => {
  for (const file of [FOOTAGE.talkingClip, FOOTAGE.roomClip]) {
    const track = await trackFaceInVideo(detector, bins.ffmpeg, file, await videoInfo(file));
    const report = trackReport(track);
    assert.equal(rejectTrack(report, 'video'), null, file);
    assert.equal(report.faceFoundShare, 1, `${file}: found in ${report.faceFoundShare}`);
    assert.equal(report.facesFound, 1);
    // The face moves: its nose is not in the same place all through the clip.
    const noseX = track.samples.map((s) => s.points[2]!);
    assert.ok(
      Math.max(...noseX) - Math.min(...noseX) > 3,
      `${file}: nose moved ${Math.max(...noseX) - Math.min(...noseX)} px`,
    );
  }
});

test('a real clip of a person in a 16:9 room, driven by recorded speech, lip-syncs as the aims say', async () => {
  const clip = FOOTAGE.roomClip;
  const info = await videoInfo(clip);
  const face = await trackFaceInVideo(detector, bins.ffmpeg, clip, info);
  const dir = await mkdtemp(join(tmpdir(), 'likeness-footage-'));
  try {
    const out = join(dir, 'room.mp4');
    await renderTalkingVideo(bins, {
      avatar: { kind: 'video', path: clip, startSec: 0, face },
      speech: { path: FOOTAGE.readSpeech },
      output: { path: out, width: info.width, height: info.height, fps: 25 },
    });
    // Measured on the file alone by the independent meter, the face located on the source clip.
    const m = await measureLipSync(out, { reference: clip });
    assert.equal(m.facesFound, m.frames);
    assert.ok(m.r >= 0.65, `r ${m.r.toFixed(2)}`);
    assert.ok(Math.abs(m.lagMs) <= 40, `lag ${m.lagMs.toFixed(0)} ms`);
    assert.ok(m.openRatio >= 1.5, `open ratio ${m.openRatio.toFixed(2)}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
