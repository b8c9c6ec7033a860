import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { hashFile, keepAvatarRegion, renderTalkingVideo } from '../../src/media/compose/index.js';
import { boxContains, parseCachedRegionName } from '../../src/media/compose/region-cache.js';
import { createFaceDetector } from '../../src/media/face/index.js';
import type { FaceTrack } from '../../src/media/face/track.js';
import { portraitPhoto } from '../helpers/media-fixtures.js';
import { bins, DRIFT_SEC, ffmpeg, makeDriftingPerson, makeTempDir, videoMd5 } from './compose-fixtures.js';

/**
 * A video avatar's region source kept when the avatar is made (region-keeper.ts): the first render
 * of the avatar reads it instead of decoding the clip, and shows the same pictures, to the pixel,
 * as a render that decodes.
 */

const W = 720;
const H = 1280;
let dir = '';
let cleanup: () => Promise<void>;
let clip = '';
let voice = '';
let track: FaceTrack;

before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-region-keeper-'));
  const portrait = await portraitPhoto(path.join(dir, 'portrait.png'));
  // 2.4 s of material: a 4 s video loops it with a cross-fade.
  clip = await makeDriftingPerson(path.join(dir, 'person.mp4'), portrait, {
    width: W,
    height: H,
    scaledHeight: 1333,
    x: 120,
    y: 26,
    pxPerSec: 8,
  });
  const detector = await createFaceDetector();
  track = await detector.trackVideo(bins.ffmpeg, clip, {
    durationSec: DRIFT_SEC,
    width: W,
    height: H,
  });
  await detector.close();
  // Silence, then loud, wide syllables, then silence.
  voice = path.join(dir, 'voice.wav');
  const syllables =
    'if(between(t,0.6,3.2),0.8*pow(0.5+0.5*sin(2*PI*3*(t-0.6)-PI/2),2)*' +
    '(sin(2*PI*140*t)+0.7*sin(2*PI*280*t)+0.5*sin(2*PI*700*t)+0.3*sin(2*PI*1100*t))/2.5,0)';
  await ffmpeg(['-f', 'lavfi', '-i', `aevalsrc='${syllables}':s=22050:d=4`, '-ac', '1', voice]);
});

after(() => cleanup());

const render = (name: string, regionCache?: { dir: string; maxBytes: number }, contentHash?: string) =>
  renderTalkingVideo(
    bins,
    {
      avatar: {
        kind: 'video',
        path: clip,
        startSec: 0,
        face: track,
        ...(contentHash ? { contentHash } : {}),
      },
      speech: { path: voice },
      output: { path: path.join(dir, name), width: W, height: H, fps: 25, preset: 'ultrafast', crf: 18 },
    },
    regionCache ? { regionCache } : {},
  );

test("an avatar's region kept ahead of its first render is what that render reads, and it shows the same pictures", async () => {
  const cache = { dir: path.join(dir, 'regions'), maxBytes: 1024 ** 3 };
  const job = { avatar: { path: clip, startSec: 0, face: track }, output: { width: W, height: H, fps: 25 } };
  const kept = await keepAvatarRegion(bins, job, { cache, tmpDir: dir });
  assert.ok(kept, 'a region was kept');
  assert.equal(kept.origin, 'decoded');
  // The clip's 60 frames, less the two the plans leave at its end.
  assert.equal(kept.frames, 58);
  const entries = (await readdir(cache.dir)).flatMap((n) => parseCachedRegionName(n) ?? []);
  assert.equal(entries.length, 1);
  assert.ok(boxContains(entries[0]!.box, kept.region));
  // Made again (the same clip uploaded twice): found, not decoded again.
  assert.equal((await keepAvatarRegion(bins, job, { cache, tmpDir: dir }))?.origin, 'cache');

  const first = await render('first.mp4', cache);
  assert.equal(first.pipeline, 'region');
  assert.equal(first.regionSource, 'cache');
  assert.ok(
    first.region && boxContains(kept.region, first.region),
    `${JSON.stringify(first.region)} in ${JSON.stringify(kept.region)}`,
  );
  assert.equal(first.unanimatedFrames, 0);
  // Nothing new was kept: the entry made ahead served.
  assert.deepEqual(
    (await readdir(cache.dir)).flatMap((n) => parseCachedRegionName(n) ?? []),
    entries,
  );
  const decoded = await render('decoded.mp4');
  assert.equal(decoded.regionSource, 'decoded');
  assert.deepEqual(decoded.region, first.region);
  assert.equal(await videoMd5(path.join(dir, 'first.mp4')), await videoMd5(path.join(dir, 'decoded.mp4')));
});

test('nothing is kept where the cache could not hold the entry, and an aborted keep rejects with its reason', async () => {
  const tiny = { dir: path.join(dir, 'tiny'), maxBytes: 1024 * 1024 };
  const job = { avatar: { path: clip, startSec: 0, face: track }, output: { width: W, height: H, fps: 25 } };
  assert.equal(await keepAvatarRegion(bins, job, { cache: tiny, tmpDir: dir }), null);
  assert.deepEqual(await readdir(tiny.dir).catch(() => []), []);
  const stop = new AbortController();
  const reason = new Error('stopped by the test');
  stop.abort(reason);
  await assert.rejects(
    keepAvatarRegion(bins, job, { cache: tiny, signal: stop.signal }),
    (err) => err === reason,
  );
});

test("the clip's hash, when the caller has it, names the kept region: renders that pass it read the region kept under it", async () => {
  const cache = { dir: path.join(dir, 'named'), maxBytes: 1024 ** 3 };
  const contentHash = await hashFile(clip);
  const job = {
    avatar: { path: clip, startSec: 0, face: track, contentHash },
    output: { width: W, height: H, fps: 25 },
  };
  assert.equal((await keepAvatarRegion(bins, job, { cache, tmpDir: dir }))?.origin, 'decoded');
  // Kept under the clip's own hash: a render that hashes the clip finds it too.
  assert.equal((await render('hashed.mp4', cache)).regionSource, 'cache');
  assert.equal((await render('named.mp4', cache, contentHash)).regionSource, 'cache');
  // The hash is taken as given, not checked against the clip: another one names another entry.
  assert.equal((await render('other.mp4', cache, 'f'.repeat(64))).regionSource, 'decoded');
});
