import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import { createFaceDetector, type FaceDetector } from '../../src/media/face/index.js';
import { trackFaceInImage } from '../../src/media/face/tracker.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { WARM_UP_PORTRAIT } from '../../src/media/warm-engines.js';

const require = createRequire(import.meta.url);
// Real group photos shipped by the dev-only face-api package (3-5 faces each).
const demoDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const samples = [1, 2, 3, 4, 5, 6].map((i) => path.join(demoDir, `sample${i}.jpg`));
const bins = resolveMediaBinaries();

let dir = '';
let detector: FaceDetector;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-face-'));
  detector = await createFaceDetector();
});

after(async () => {
  await detector.close();
  await rm(dir, { recursive: true, force: true });
});

test('finds faces in every sample photo', async () => {
  const timings: number[] = [];
  for (const file of samples) {
    const t0 = performance.now();
    const res = await detector.detectInFile(file);
    timings.push(performance.now() - t0);
    assert.ok(res.faces.length >= 3, `${path.basename(file)}: ${res.faces.length} faces`);
    for (const f of res.faces) {
      assert.ok(f.score >= 0.5 && f.score <= 1);
      assert.ok(f.x >= 0 && f.y >= 0 && f.x + f.width <= res.width && f.y + f.height <= res.height);
      assert.ok(f.width > 50, 'boxes are in original image pixels');
    }
  }
  console.log(`detectInFile per photo (ms): ${timings.map((t) => t.toFixed(0)).join(', ')}`);
});

test('detect on raw RGB matches detectInFile and rejects bad buffers', async () => {
  const { data, info } = await sharp(samples[0])
    .resize(960)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const faces = await detector.detect({ data, width: info.width, height: info.height });
  assert.ok(faces.length >= 3);
  await assert.rejects(
    detector.detect({ data: data.subarray(1), width: info.width, height: info.height }),
    RangeError,
  );
});

test('concurrent calls are serialised and all answered', async () => {
  const results = await Promise.all(samples.slice(0, 3).map((f) => detector.detectInFile(f)));
  for (const r of results) assert.ok(r.faces.length >= 3);
});

test('synthetic images have no faces', async () => {
  const testsrc = path.join(dir, 'testsrc.png');
  await runMediaBinary(bins.ffmpeg, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=1280x720:d=4',
    '-ss',
    '2',
    '-frames:v',
    '1',
    '-update',
    '1',
    testsrc,
  ]);
  const t = await detector.detectInFile(testsrc);
  assert.deepEqual([t.width, t.height, t.faces.length], [1280, 720, 0]);

  const width = 720;
  const height = 1280;
  const gradient = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      gradient[i] = (x * 255) / width;
      gradient[i + 1] = (y * 255) / height;
      gradient[i + 2] = 128;
    }
  }
  assert.equal((await detector.detect({ data: gradient, width, height })).length, 0);
});

test('the warm-up portrait shows the search a picture avatar runs one face, mesh and all', async () => {
  // A portrait without a face would warm the detector only: the landmark model would run cold for
  // a process's first avatar (media/warm-engines.ts).
  const track = await trackFaceInImage(detector, WARM_UP_PORTRAIT);
  assert.equal(track.search?.mostAtOnce, 1);
  assert.ok(track.samples[0]!.score > 0.5);
  assert.equal(track.samples[0]!.points.length, 468 * 2);
});
