import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import type { AvatarRow } from '../../db/schema.js';
import type { FaceDetector, FaceLandmarks } from '../../media/face/detector.js';
import {
  decodeFaceTrack,
  encodeFaceTrack,
  LANDMARK_MODEL,
  trackFaceInVideo,
  type FaceTrack,
} from '../../media/face/index.js';
import { SAMPLE_FACE } from '../../media/face/sample-face.js';
import type { MediaToolkit } from '../../media/toolkit.js';
import { resolveMediaBinaries } from '../../media/binaries.js';
import { runMediaBinary } from '../../media/run-ffmpeg.js';
import { LocalDiskBlobStore } from '../../storage/local-disk-blob-store.js';
import { faceTrackFor, type FaceTrackDeps } from './face-tracks.js';
import { withFaceTrack } from './work-sources.js';

let dir = '';
let picture = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'likeness-face-tracks-'));
  picture = join(dir, 'picture.png');
  await sharp({ create: { width: 72, height: 96, channels: 3, background: '#808080' } })
    .png()
    .toFile(picture);
});
after(() => rm(dir, { recursive: true, force: true }));

/** A detector that finds the sample face (scaled to the picture) and counts its calls. */
function countingDetector(): FaceDetector & { calls: number } {
  const points = Float32Array.from(SAMPLE_FACE.points, (v) => v / 10);
  const face: FaceLandmarks = {
    box: { x: 20, y: 20, width: 35, height: 40, score: 0.9 },
    meshScore: 25,
    points,
    yaw: 0,
    pitch: 0,
    roll: 0,
  };
  const found = () => {
    d.calls++;
    return { boxes: [face.box], faces: [{ ...face, points: points.slice() }] };
  };
  const d: FaceDetector & { calls: number } = {
    calls: 0,
    detect: () => Promise.resolve(found().boxes),
    detectLandmarks: () => Promise.resolve(found().faces),
    find: () => Promise.resolve(found()),
    measure: (_image: unknown, windows: unknown[]) => Promise.resolve(windows.map(() => found().faces[0]!)),
    // The tracker run here, on this detector's answers, as the face worker runs it on the engine's.
    trackVideo: (ffmpeg, path, info, opts) => trackFaceInVideo(d, ffmpeg, path, info, opts),
    detectInFile: () => Promise.reject(new Error('not used')),
    close: () => Promise.resolve(),
  };
  return d;
}

let stores = 0;

/**
 * A store holding `stored` as the track of an image avatar (or of a 1 s video avatar, `video`), and
 * the avatar's track as a render asks for it (a video's at `sampleFps` a second).
 */
async function setup(stored: FaceTrack, video?: { path: string; sampleFps: number }) {
  const blobs = new LocalDiskBlobStore(join(dir, `blobs-${++stores}`));
  const key = 'avatars/av_1/face-track.bin';
  const file = join(dir, 'stored.bin');
  await writeFile(file, encodeFaceTrack(stored));
  await blobs.putFile(key, file);
  const detector = countingDetector();
  const d: FaceTrackDeps = {
    blobs,
    media: { faces: () => Promise.resolve(detector), bins: {} as MediaToolkit['bins'] },
  };
  if (video) d.media.bins = resolveMediaBinaries();
  const range = { fromSec: 0, toSec: video ? 1 : 0 };
  const avatar = {
    media_kind: video ? 'video' : 'image',
    ...(video ? { duration_sec: 1, width: 72, height: 96 } : {}),
    face: JSON.stringify({ report: { faceShare: 1 }, track: { key, ...range, sampleFps: stored.sampleFps } }),
  } as unknown as AvatarRow;
  const read = async () => decodeFaceTrack(await readFile(await blobs.toLocalPath(key)));
  const trackForRender = () =>
    faceTrackFor(
      d,
      avatar,
      video?.path ?? picture,
      { ...range, ...(video ? { sampleFps: video.sampleFps } : {}) },
      dir,
      new AbortController().signal,
    );
  return { d, avatar, detector, read, trackForRender };
}

const stillTrack = (model?: string): FaceTrack => ({
  ...(model ? { model } : {}),
  width: 72,
  height: 96,
  sampleFps: 0,
  startSec: 0,
  samples: [{ timeSec: 0, score: 0.9, points: new Float32Array(936).fill(5), yaw: 0, pitch: 0, roll: 0 }],
});

test('a track of the current landmark model is read as stored', async () => {
  const { detector, trackForRender } = await setup(stillTrack(LANDMARK_MODEL));
  const track = await trackForRender();
  assert.equal(detector.calls, 0);
  assert.equal(track.model, LANDMARK_MODEL);
  assert.equal(track.samples[0]!.points[0], 5);
});

test('a track of the plain mesh is measured again and the stored one replaced', async () => {
  const { detector, read, trackForRender } = await setup(stillTrack());
  const track = await trackForRender();
  assert.equal(detector.calls, 1);
  assert.equal(track.model, LANDMARK_MODEL);
  assert.notEqual(track.samples[0]!.points[0], 5);
  const stored = await read();
  assert.equal(stored.model, LANDMARK_MODEL, 'the next render reads the new track');
  // Stored in quarter pixels.
  assert.ok(Math.abs(stored.samples[0]!.points[0]! - track.samples[0]!.points[0]!) <= 0.125);
});

/** A video avatar's stored track: one second sampled `fps` times. */
const videoTrack = (fps: number): FaceTrack => ({
  model: LANDMARK_MODEL,
  width: 72,
  height: 96,
  sampleFps: fps,
  startSec: 0,
  samples: Array.from({ length: fps }, (_, i) => ({
    timeSec: i / fps,
    score: 0.9,
    points: new Float32Array(936).fill(5),
    yaw: 0,
    pitch: 0,
    roll: 0,
  })),
});

test("a video avatar's track with fewer samples than its renders show frames is measured again at their rate", async () => {
  const clip = join(dir, 'clip.mp4');
  await runMediaBinary(resolveMediaBinaries().ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=gray:s=72x96:r=25:d=1'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip],
  ]);
  const sparse = await setup(videoTrack(8), { path: clip, sampleFps: 25 });
  const track = await sparse.trackForRender();
  assert.ok(sparse.detector.calls > 0, 'measured again');
  assert.equal(track.sampleFps, 25);
  assert.equal(track.samples.length, 25);
  assert.equal((await sparse.read()).sampleFps, 25, 'the next render reads the new track');

  const dense = await setup(videoTrack(25), { path: clip, sampleFps: 25 });
  assert.equal((await dense.trackForRender()).samples[0]!.points[0], 5);
  assert.equal(dense.detector.calls, 0, 'a track with a sample per frame is read as stored');
});

test('a render hears how far the tracking of its video has come, and nothing when the stored track serves', async () => {
  const clip = join(dir, 'clip-progress.mp4');
  await runMediaBinary(resolveMediaBinaries().ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=gray:s=72x96:r=25:d=1'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip],
  ]);
  const renderOf = async (stored: FaceTrack) => {
    const { d, avatar } = await setup(stored, { path: clip, sampleFps: 25 });
    const heard: number[] = [];
    const source = { kind: 'video' as const, path: clip, startSec: 0 };
    const face = { source, width: 72, height: 96, fps: 25, avatar, clipSec: 1 };
    const signal = new AbortController().signal;
    await withFaceTrack(d, face, 1, dir, signal, { onProgress: (f) => heard.push(f) });
    return heard;
  };
  const tracked = await renderOf(videoTrack(8));
  assert.ok(tracked.length > 1, `${tracked.length} steps`);
  assert.ok(tracked.every((f, i) => i === 0 || f >= tracked[i - 1]!));
  assert.equal(tracked.at(-1), 1);
  assert.deepEqual(await renderOf(videoTrack(25)), []);
});
