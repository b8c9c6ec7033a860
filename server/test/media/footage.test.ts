import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { renderTalkingVideo } from '../../src/media/compose/index.js';
import { createFaceDetector, type FaceDetector } from '../../src/media/face/index.js';
import { LIPS_LOWER_OUTER, LIPS_UPPER_OUTER } from '../../src/media/face/landmarks.js';
import { stretchToPlay, trackOfStretch } from '../../src/media/face/face-stretch.js';
import { rejectTrack, trackReport, type FaceTrack } from '../../src/media/face/track.js';
import { trackFaceInImage } from '../../src/media/face/tracker.js';
import { displaySize, probeMedia } from '../../src/media/probe.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
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

/**
 * Each clip tracked once for the whole file: tracking is deterministic, and a 9 s 720p clip costs
 * half a minute of a 2-core machine each time.
 */
const tracks = new Map<string, Promise<FaceTrack>>();
function tracked(file: string): Promise<FaceTrack> {
  let track = tracks.get(file);
  if (!track) {
    track = videoInfo(file).then((info) => detector.trackVideo(bins.ffmpeg, file, info));
    tracks.set(file, track);
  }
  return track;
}

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
    const track = await tracked(file);
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

test('a stage clip that cuts to its audience: the performer is followed, no listener speaks, his stretch plays', async () => {
  // From 3 s: the wide shot before it shows him too small to find, and would only cost time.
  const info = await videoInfo(FOOTAGE.stageClip);
  const track = await detector.trackVideo(bins.ffmpeg, FOOTAGE.stageClip, info, { fromSec: 3 });
  const found = track.samples.filter((s) => s.score > 0).map((s) => s.timeSec);
  // His medium shot runs from 3.6 s to 7.9 s; before it he is under 40 px, after it is the audience,
  // where a listener's face sits near his last place (it was followed, and its mouth moved).
  assert.ok(found[0]! >= 3.5 && found[0]! <= 3.7, `found from ${found[0]} s`);
  assert.ok(found.at(-1)! >= 7.8 && found.at(-1)! < 8, `found to ${found.at(-1)} s`);
  const stretch = stretchToPlay(track, info.durationSec)!;
  assert.ok(stretch, 'a stretch plays');
  assert.ok(
    Math.abs(stretch.fromSec - 3.6) < 0.1 && Math.abs(stretch.toSec - 7.9) < 0.1,
    JSON.stringify(stretch),
  );
  const played = trackReport(trackOfStretch(track, stretch));
  assert.equal(rejectTrack(played, 'video'), null);
  assert.equal(played.faceFoundShare, 1);
  assert.ok(played.faceWidthPx >= 70 && played.faceWidthPx <= 90, `face ${played.faceWidthPx} px`);
});

test('a real clip of a person in a 16:9 room, driven by recorded speech, lip-syncs as the aims say', async () => {
  const clip = FOOTAGE.roomClip;
  const info = await videoInfo(clip);
  const face = await tracked(clip);
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

test("a small face's mouth moves as clearly as a large one's: a 47 px face against the same clip at 4 times the size", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'likeness-footage-small-'));
  try {
    // The talking clip (a 189 px face) at a quarter of its size in a 320x240 frame: a 47 px face.
    const small = join(dir, 'small.mp4');
    await runMediaBinary(bins.ffmpeg, [
      ...['-v', 'error', '-i', FOOTAGE.talkingClip, '-vf', 'scale=120:120,pad=320:240:100:60,format=yuv420p'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-c:a', 'aac', small],
    ]);
    const render = async (clip: string, width: number, height: number, out: string) => {
      const face = await tracked(clip);
      await renderTalkingVideo(bins, {
        avatar: { kind: 'video', path: clip, startSec: 0, face },
        speech: { path: FOOTAGE.readSpeech },
        output: { path: out, width, height, fps: 25 },
      });
      return face;
    };
    const face = await render(small, 320, 240, join(dir, 'small-out.mp4'));
    await render(FOOTAGE.talkingClip, 480, 480, join(dir, 'large-out.mp4'));
    // The 120x120 square of the face: cut from the small render, and the large render scaled down to it.
    const direct = await grayFrames(join(dir, 'small-out.mp4'), 'crop=120:120:100:60');
    const scaled = await grayFrames(join(dir, 'large-out.mp4'), 'scale=120:120:flags=area');
    // The mouth, from the small clip's own landmarks, in the square's pixels.
    const p = face.samples[0]!.points;
    const lips = [...LIPS_UPPER_OUTER, ...LIPS_LOWER_OUTER];
    const x0 = Math.min(...lips.map((i) => p[i * 2]!)) - 100 - 4;
    const y0 = Math.min(...lips.map((i) => p[i * 2 + 1]!)) - 60 - 4;
    const x1 = Math.max(...lips.map((i) => p[i * 2]!)) - 100 + 4;
    const y1 = Math.max(...lips.map((i) => p[i * 2 + 1]!)) - 60 + 8;
    const box = { x: Math.round(x0), y: Math.round(y0), w: Math.round(x1 - x0), h: Math.round(y1 - y0) };
    const detail = (frames: Buffer[]) => median(frames.map((f) => laplacian(f, 120, box)));
    const motion = (frames: Buffer[]) =>
      mean(frames.slice(1).map((f, i) => meanDiff(f, frames[i]!, 120, box)));
    const sharp = detail(direct) / detail(scaled);
    const moves = motion(direct) / motion(scaled);
    assert.ok(sharp > 0.9, `mouth detail ${sharp.toFixed(3)} of the large render's`);
    assert.ok(moves > 0.9, `mouth motion ${moves.toFixed(3)} of the large render's`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;

/** Grey frames of a video through `vf`, each 120x120. */
async function grayFrames(file: string, vf: string): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  await runMediaBinary(
    bins.ffmpeg,
    ['-v', 'error', '-i', file, '-vf', `${vf},format=gray`, '-f', 'rawvideo', 'pipe:1'],
    {
      onStdout: (out) => out.on('data', (c: Buffer) => chunks.push(c)),
    },
  );
  const all = Buffer.concat(chunks);
  return Array.from({ length: Math.floor(all.length / 14_400) }, (_, i) =>
    all.subarray(i * 14_400, (i + 1) * 14_400),
  );
}

/** Mean absolute Laplacian in a box: fine detail. */
function laplacian(f: Buffer, w: number, b: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  let n = 0;
  for (let y = b.y + 1; y < b.y + b.h - 1; y++)
    for (let x = b.x + 1; x < b.x + b.w - 1; x++) {
      const c = y * w + x;
      sum += Math.abs(4 * f[c]! - f[c - 1]! - f[c + 1]! - f[c - w]! - f[c + w]!);
      n++;
    }
  return sum / n;
}

/** Mean absolute difference of two frames in a box: how much it moved. */
function meanDiff(
  a: Buffer,
  b: Buffer,
  w: number,
  box: { x: number; y: number; w: number; h: number },
): number {
  let sum = 0;
  for (let y = box.y; y < box.y + box.h; y++)
    for (let x = box.x; x < box.x + box.w; x++) sum += Math.abs(a[y * w + x]! - b[y * w + x]!);
  return sum / (box.w * box.h);
}
