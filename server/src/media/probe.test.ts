import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { resolveMediaBinaries } from './binaries.js';
import { MediaDefectError } from './media-defect.js';
import { displaySize, parseProbeJson, probeArgs, probeMedia } from './probe.js';

/** ffprobe -show_format -show_streams output recorded from real files (test/fixtures/ffprobe). */
const recorded = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/ffprobe/${name}.json`, import.meta.url), 'utf8'));

test('probeArgs asks for JSON format and stream information, keeping warnings', () => {
  assert.deepEqual(probeArgs('/in/a.mp4'), [
    '-v',
    'warning',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    '/in/a.mp4',
  ]);
});

test('an MP4 with H.264 video and AAC audio', () => {
  const info = parseProbeJson(recorded('p1-mp4'));
  assert.match(info.formatName, /mp4/);
  assert.ok(Math.abs(info.durationSec - 2) < 0.1);
  assert.ok(info.sizeBytes > 0);
  assert.deepEqual(info.video, {
    codec: 'h264',
    width: 720,
    height: 1280,
    fps: 25,
    rotation: 0,
    attachedPic: false,
    startSec: 0,
    durationSec: 2,
    timeBase: { num: 1, den: 12800 },
  });
  assert.equal(info.audio?.codec, 'aac');
  assert.equal(info.durationEstimated, false);
});

test('a mono WAV has no video', () => {
  const info = parseProbeJson(recorded('p3-wav'));
  assert.equal(info.video, null);
  const { durationSec, ...stream } = info.audio!;
  assert.deepEqual(stream, { codec: 'pcm_s16le', sampleRate: 22050, channels: 1, startSec: 0 });
  assert.ok(Math.abs(durationSec - 3) < 0.01);
  assert.ok(Math.abs(info.durationSec - 3) < 0.01);
});

test('cover art in an MP3 is not taken for the video stream', () => {
  const info = parseProbeJson(recorded('p4-mp3'));
  assert.equal(info.audio?.codec, 'mp3');
  assert.equal(info.video?.attachedPic, true, 'only an attached picture: reported, and marked as such');
});

test('rotation from the display matrix turns the display size', () => {
  const info = parseProbeJson({
    format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '6.0', size: '1000' },
    streams: [
      {
        codec_type: 'video',
        codec_name: 'h264',
        width: 1920,
        height: 1080,
        avg_frame_rate: '30000/1001',
        side_data_list: [{ rotation: -90 }],
      },
    ],
  });
  assert.equal(info.video?.rotation, 270);
  assert.ok(Math.abs((info.video?.fps ?? 0) - 29.97) < 0.01);
  assert.deepEqual(displaySize(info.video!), { width: 1080, height: 1920 });
});

test('missing numbers default instead of becoming NaN', () => {
  const info = parseProbeJson({ format: {}, streams: [{ codec_type: 'audio' }] });
  assert.equal(info.durationSec, 0);
  assert.equal(info.sizeBytes, 0);
  assert.deepEqual(info.audio, { codec: 'unknown', sampleRate: 0, channels: 0, startSec: 0, durationSec: 0 });
});

test('a length guessed from the bitrate is marked as estimated', () => {
  const raw = { format: { format_name: 'mp3', duration: '9.23' }, streams: [{ codec_type: 'audio' }] };
  const warning = '[mp3 @ 0x5fcaac0] Estimating duration from bitrate, this may be inaccurate\n';
  assert.equal(parseProbeJson(raw, warning).durationEstimated, true);
  assert.equal(parseProbeJson(raw, '').durationEstimated, false);
});

test('a file that is not media fails as unreadable, naming no path', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'likeness-probe-'));
  try {
    const file = join(dir, 'notes.mp4');
    await writeFile(file, 'not a video\n'.repeat(10));
    const err = await probeMedia(resolveMediaBinaries().ffprobe, file).catch((e: unknown) => e);
    assert.ok(err instanceof MediaDefectError);
    assert.equal(err.defect, 'unreadable');
    assert.equal(err.message.includes(dir), false);
    assert.match(err.detail, /Invalid data/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
