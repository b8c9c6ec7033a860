import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { decodeImageUpright, readImageHeader } from '../../src/media/image-input.js';
import { checkAudioStream, checkVideoStream } from '../../src/media/integrity.js';
import { MediaDefectError } from '../../src/media/media-defect.js';
import { probeMedia } from '../../src/media/probe.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { pngBomb } from '../reliability/corrupt-media-fixtures.js';
import { bins, FAST_H264, facePhoto } from '../helpers/media-fixtures.js';

let dir: string;
const ff = (args: string[]) =>
  runMediaBinary(bins.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** Writes the first `share` of `file` to `name`. */
async function cut(file: string, share: number, name: string): Promise<string> {
  const data = await readFile(file);
  const out = join(dir, name);
  await writeFile(out, data.subarray(0, Math.floor(data.length * share)));
  return out;
}

async function defectOf(p: Promise<unknown>): Promise<MediaDefectError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(err instanceof MediaDefectError, `expected a MediaDefectError, got ${String(err)}`);
  return err;
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'likeness-checks-'));
  const src = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=8'];
  await ff([...src, ...FAST_H264, '-movflags', '+faststart', join(dir, 'v.mp4')]);
  const sine = ['-f', 'lavfi', '-i', 'sine=frequency=300:duration=8'];
  await ff([...sine, '-c:a', 'libmp3lame', '-b:a', '128k', join(dir, 'a.mp3')]);
  // VBR without its length header: ffprobe can only estimate the length.
  await ff([...sine, '-c:a', 'libmp3lame', '-q:a', '4', '-write_xing', '0', join(dir, 'vbr.mp3')]);
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('a whole video passes; a cut-off one says how much of it is there', async () => {
  const whole = join(dir, 'v.mp4');
  assert.equal(
    (await checkVideoStream(bins.ffprobe, whole, await probeMedia(bins.ffprobe, whole))).presentSec,
    8,
  );
  const part = await cut(whole, 0.5, 'v-half.mp4');
  const info = await probeMedia(bins.ffprobe, part);
  assert.equal(info.durationSec, 8, 'the header still declares 8 s');
  const err = await defectOf(checkVideoStream(bins.ffprobe, part, info));
  assert.equal(err.defect, 'truncated');
  assert.equal(err.facts.declaredSec, 8);
  assert.ok(err.facts.presentSec! > 1 && err.facts.presentSec! < 7, `present ${err.facts.presentSec}`);
});

test('audio is decoded whole: a cut-off MP3 is truncated, an estimated length is no evidence', async () => {
  const whole = join(dir, 'a.mp3');
  const full = await checkAudioStream(bins.ffmpeg, whole, await probeMedia(bins.ffprobe, whole));
  assert.ok(Math.abs(full.presentSec - 8) < 0.1, `present ${full.presentSec}`);
  const part = await cut(whole, 0.1, 'a-part.mp3');
  const err = await defectOf(checkAudioStream(bins.ffmpeg, part, await probeMedia(bins.ffprobe, part)));
  assert.equal(err.defect, 'truncated');
  assert.ok(err.facts.presentSec! < 1.5);

  const vbr = join(dir, 'vbr.mp3');
  const info = await probeMedia(bins.ffprobe, vbr);
  assert.equal(info.durationEstimated, true);
  const real = await checkAudioStream(bins.ffmpeg, vbr, info);
  assert.ok(Math.abs(real.presentSec - 8) < 0.1, `the decoded length counts: ${real.presentSec}`);
});

test('a decompression bomb is measured by its header and never decoded', async () => {
  const bomb = join(dir, 'bomb.png');
  await writeFile(bomb, pngBomb(20000, 20000));
  assert.deepEqual(await readImageHeader(bomb), { format: 'png', width: 20000, height: 20000 });
  const err = await defectOf(decodeImageUpright(bomb, join(dir, 'out.png'), 8192 * 8192));
  assert.equal(err.defect, 'undecodable');
  assert.match(err.detail, /pixel limit/);
});

test('pictures: EXIF orientation turns the size; a cut-off JPEG does not decode', async () => {
  const turned = join(dir, 'turned.jpg');
  await sharp(facePhoto(1)).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toFile(turned);
  assert.deepEqual(await readImageHeader(turned), { format: 'jpeg', width: 1920, height: 1280 });
  assert.deepEqual(await decodeImageUpright(turned, join(dir, 'upright.png'), 8192 * 8192), {
    width: 1920,
    height: 1280,
  });
  const part = await cut(facePhoto(1), 0.4, 'part.jpg');
  assert.equal((await readImageHeader(part)).format, 'jpeg', 'the header is intact');
  assert.equal(
    (await defectOf(decodeImageUpright(part, join(dir, 'p.png'), 8192 * 8192))).defect,
    'undecodable',
  );
  assert.equal((await defectOf(readImageHeader(join(dir, 'a.mp3')))).defect, 'unreadable');
});
