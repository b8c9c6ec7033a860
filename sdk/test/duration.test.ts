import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { fileDurationSec, humanDuration } from '../src/cli/inputs.js';
import { describeDuration, formatSeconds, measureDuration, mediaDurationSec } from '../src/index.js';
import { probe } from './helpers/service.js';
import { bins } from '../../server/test/helpers/media-fixtures.js';

const run = promisify(execFile);

/** A box: 32-bit size, type, body. */
function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const size = 8 + body.reduce((n, b) => n + b.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(Buffer.from(type, 'latin1'), 4);
  let at = 8;
  for (const b of body) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/** A version-0 movie header: timescale and duration at bytes 12 and 16 of the body. */
function mvhd(timescale: number, duration: number): Uint8Array {
  const body = new Uint8Array(100);
  const v = new DataView(body.buffer);
  v.setUint32(12, timescale);
  v.setUint32(16, duration);
  return box('mvhd', body);
}

/** n MPEG-1 layer III frames, 128 kb/s, 44.1 kHz, stereo (417 bytes each), the first maybe an Info frame. */
function mp3Frames(n: number, info?: { frames: number; delay: number; padding: number }): Uint8Array {
  const frame = 417;
  const out = new Uint8Array(frame * n);
  for (let i = 0; i < n; i++) out.set([0xff, 0xfb, 0x90, 0x00], i * frame);
  if (info) {
    const x = 4 + 32;
    out.set(Buffer.from('Info'), x);
    new DataView(out.buffer).setUint32(x + 4, 1); // frames only
    new DataView(out.buffer).setUint32(x + 8, info.frames);
    const lame = x + 12;
    out.set(Buffer.from('LAME3.100'), lame);
    out.set(
      [info.delay >> 4, ((info.delay & 0xf) << 4) | (info.padding >> 8), info.padding & 0xff],
      lame + 21,
    );
  }
  return out;
}

test('formatSeconds and describeDuration: the fraction when measured, else "about" the whole seconds', () => {
  assert.equal(formatSeconds(1.52), '1.52 s');
  assert.equal(formatSeconds(75.004), '1 min 15.00 s');
  assert.equal(describeDuration(2, 1.52), '1.52 s');
  assert.equal(describeDuration(2), 'about 2 s');
  assert.equal(describeDuration(2, null), 'about 2 s');
  assert.equal(describeDuration(0), 'under 0.5 s');
  assert.equal(describeDuration(undefined), '');
  assert.equal(describeDuration(undefined, 3.25), '3.25 s');
  // What the CLI prints in its `duration` line, and that duration_sec then stays out of it.
  assert.deepEqual(humanDuration({ duration: 2, duration_sec: 1.52 }), {
    duration: '1.52 s',
    duration_sec: undefined,
  });
  assert.deepEqual(humanDuration({ duration: 2 }), { duration: 'about 2 s', duration_sec: undefined });
  // Not completed: the API's 0 is no length.
  assert.deepEqual(humanDuration({ status: 2, duration: 0 }), {
    duration: undefined,
    duration_sec: undefined,
  });
  assert.equal(humanDuration({ status: 3, duration: 0 }).duration, 'under 0.5 s');
});

test('mediaDurationSec reads an MP4 movie header and an MP3 Info frame or its frames', () => {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1'));
  const mp4 = Buffer.concat([
    ftyp,
    box('moov', mvhd(1000, 1520), box('trak')),
    box('mdat', new Uint8Array(64)),
  ]);
  assert.equal(mediaDurationSec(mp4), 1.52);
  // The index at the end and only the head read: unknown, not a guess.
  const late = Buffer.concat([ftyp, box('mdat', new Uint8Array(64)), box('moov', mvhd(1000, 1520))]);
  assert.equal(mediaDurationSec(late.subarray(0, ftyp.length + 72)), null);
  assert.equal(mediaDurationSec(late), 1.52);

  // 100 frames of 1152 samples at 44.1 kHz, counted (the whole file) or read from an Info frame.
  assert.equal(mediaDurationSec(mp3Frames(100), true), (100 * 1152) / 44100);
  assert.equal(mediaDurationSec(mp3Frames(100), false), null);
  const info = mp3Frames(101, { frames: 100, delay: 576, padding: 1000 });
  assert.equal(mediaDurationSec(info.subarray(0, 2000)), (100 * 1152 - 1576) / 44100);
  // An ID3v2 tag before the first frame is skipped.
  const id3 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 20]), new Uint8Array(20)]);
  assert.equal(mediaDurationSec(Buffer.concat([id3, mp3Frames(10)]), true), (10 * 1152) / 44100);
  assert.equal(mediaDurationSec(Buffer.from('not media at all')), null);
});

describe('real files: the length ffprobe reads', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'likeness-duration-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const ffmpeg = (args: string[]) => run(bins.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

  test('an MP4 with its index in front, and MP3s with and without a Xing frame', async () => {
    const mp4 = join(dir, 'v.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=s=160x120:r=25:d=1.52', '-f', 'lavfi', '-i', 'sine=d=1.52'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-movflags', '+faststart', mp4],
    ]);
    const mp3 = join(dir, 'a.mp3');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=d=3.3', '-c:a', 'libmp3lame', '-b:a', '64k', mp3]);
    const bare = join(dir, 'bare.mp3');
    await ffmpeg(['-i', mp3, '-c', 'copy', '-write_xing', '0', bare]);
    for (const file of [mp4, mp3, bare]) {
      const measured = await fileDurationSec(file);
      const probed = (await probe(file)).durationSec;
      assert.ok(measured !== null && Math.abs(measured - probed) < 0.06, `${file}: ${measured} vs ${probed}`);
    }
    assert.ok(Math.abs((await fileDurationSec(mp4))! - 1.52) < 0.05);
  });

  test('measureDuration reads the head of a URL with one ranged GET', async () => {
    const mp4 = join(dir, 'v.mp4');
    const bytes = await readFile(mp4);
    const ranges: string[] = [];
    const server = createServer((req, res) => {
      const range = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '');
      ranges.push(req.headers.range ?? '');
      if (!range) return res.end(bytes);
      const end = Math.min(Number(range[2]), bytes.length - 1);
      res.writeHead(206, { 'content-range': `bytes ${range[1]}-${end}/${bytes.length}` });
      res.end(bytes.subarray(Number(range[1]), end + 1));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v.mp4?sig=x`;
      const sec = await measureDuration(url, { headBytes: 4096 });
      assert.ok(sec !== null && Math.abs(sec - 1.52) < 0.05, String(sec));
      assert.deepEqual(ranges, ['bytes=0-4095']);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
