import assert from 'node:assert/strict';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, test } from 'node:test';
import { FramePool } from '../../src/media/animate/frame-stream.js';
import { frameBytes } from '../../src/media/animate/frame.js';
import { planVideoLoop } from '../../src/media/compose/avatar-filters.js';
import { END_MARGIN_FRAMES } from '../../src/media/compose/region-loop.js';
import { openAvatarFrames } from '../../src/media/compose/avatar-frames.js';
import { renderTalkingVideo } from '../../src/media/compose/index.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { FAST_H264 } from '../helpers/media-fixtures.js';
import { bins, ffmpegsLeft, makeTempDir } from './compose-fixtures.js';

// A video avatar against every relation of clip and sound lengths: each must render, last exactly
// as long as the sound, and show the moments of the clip the loop plan says. The clips are grey
// ramps (luma 40 + 70 per second of footage, slower for long clips), so a frame's brightness tells
// which moment of the footage it shows.
const FPS = 25;
const W = 96;
const H = 128;

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;

const ff = (args: string[]) =>
  runMediaBinary(bins.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args]);

interface Ramp {
  path: string;
  /** Luma of the clip at `t` seconds of footage. */
  luma: (t: number) => number;
}

async function rampClip(name: string, seconds: number, rate = FPS): Promise<Ramp> {
  const file = path.join(dir, name);
  const slope = Math.min(70, 180 / seconds);
  await ff([
    ...['-f', 'lavfi', '-i', `color=c=gray:s=${W}x${H}:r=${rate}:d=${seconds}`],
    ...['-vf', `format=yuv420p,geq=lum='40+${slope}*T':cb=128:cr=128`, ...FAST_H264, file],
  ]);
  return { path: file, luma: (t) => 40 + slope * t };
}

async function tone(name: string, seconds: number): Promise<string> {
  const file = path.join(dir, name);
  await ff(['-f', 'lavfi', '-i', `sine=f=220:sample_rate=22050:d=${seconds}`, '-ac', '1', file]);
  return file;
}

/** Mean luma (Y, as stored) of every frame of a video's picture. */
async function frameLumas(file: string): Promise<number[]> {
  const chunks: Buffer[] = [];
  await runMediaBinary(
    bins.ffmpeg,
    ['-v', 'error', '-i', file, '-vf', 'scale=8:8', '-pix_fmt', 'yuv420p', '-f', 'rawvideo', 'pipe:1'],
    { onStdout: (out: Readable) => out.on('data', (c: Buffer) => chunks.push(c)) },
  );
  const all = Buffer.concat(chunks);
  const out: number[] = [];
  const frame = frameBytes(8, 8);
  for (let at = 0; at + frame <= all.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + 64; i++) sum += all[i]!;
    out.push(sum / 64);
  }
  return out;
}

async function render(clip: Ramp, soundSec: number, startSec = 0) {
  const speech = await tone(`speech-${soundSec}.wav`, soundSec);
  const out = path.join(dir, `out-${path.basename(clip.path)}-${soundSec}-${startSec}.mp4`);
  const res = await renderTalkingVideo(bins, {
    avatar: { kind: 'video', path: clip.path, startSec },
    speech: { path: speech },
    output: { path: out, width: W, height: H, fps: FPS, preset: 'ultrafast' },
  });
  const lumas = await frameLumas(out);
  // The picture ends on the first frame boundary at or after the sound's end.
  assert.equal(lumas.length, Math.ceil(soundSec * FPS - 1e-6), `frames for ${soundSec} s`);
  assert.ok(Math.abs(res.durationSec - soundSec) <= 1 / FPS + 0.01, `duration ${res.durationSec}`);
  return { res, lumas };
}

/** Frame k of the output shows footage moment `at(k)` of the clip (within compression noise). */
function assertShows(clip: Ramp, lumas: number[], at: (k: number) => number, what: string) {
  lumas.forEach((l, k) => {
    const want = clip.luma(at(k));
    assert.ok(
      Math.abs(l - want) < 4,
      `${what}: frame ${k} luma ${l.toFixed(1)}, expected ${want.toFixed(1)}`,
    );
  });
}

before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-avatar-lengths-'));
});

after(() => cleanup());

test('a clip exactly as long as the sound plays once to its last frame (10 s and 2 s, 25 and 30 fps)', async () => {
  for (const [seconds, rate] of [
    [10, 25],
    [2, 25],
    [2, 30],
  ] as const) {
    const clip = await rampClip(`equal-${seconds}-${rate}.mp4`, seconds, rate);
    const { res, lumas } = await render(clip, seconds);
    assert.equal(res.loopMode, 'once');
    if (rate === FPS) assertShows(clip, lumas, (k) => k / FPS, `${seconds} s clip`);
    else
      assert.ok(
        lumas.every((l, k) => k === 0 || l >= lumas[k - 1]! - 1),
        'no jump back',
      );
  }
});

test('sound one frame shorter or longer than the clip, a multiple of it, or shorter than it', async () => {
  const clip = await rampClip('two.mp4', 2);
  const shorter = await render(clip, 1.96);
  assert.equal(shorter.res.loopMode, 'once');
  assertShows(clip, shorter.lumas, (k) => k / FPS, 'one frame shorter');
  const longer = await render(clip, 2.04);
  assert.equal(longer.res.loopMode, 'crossfade');
  // The seam starts 12 frames (the cross-fade) before the material's end; ffmpeg's loop leaves the
  // clip's last END_MARGIN_FRAMES unused (region-loop.ts).
  const seamAt = 50 - END_MARGIN_FRAMES - 12;
  assertShows(clip, longer.lumas.slice(0, seamAt), (k) => k / FPS, 'one frame longer, before the seam');
  for (const seconds of [4, 6]) assert.equal((await render(clip, seconds)).res.loopMode, 'crossfade');
  const much = await render(clip, 0.7);
  assertShows(clip, much.lumas, (k) => k / FPS, 'clip longer than the sound');
});

test('a start near the clip end loops its last frames, and one at the very end restarts at 0', async () => {
  const clip = await rampClip('end.mp4', 2);
  // Two frames of material (1.92 s and 1.96 s), looped with a cut, many decoder passes.
  const nearEnd = await render(clip, 2, 1.92);
  assert.equal(nearEnd.res.loopMode, 'cut');
  assertShows(clip, nearEnd.lumas, (k) => 1.92 + (k % 2) / FPS, 'start 1.92 s');
  const odd = await render(clip, 2.04, 1.9);
  assertShows(clip, odd.lumas, (k) => 1.9 + (k % 2) / FPS, 'start 1.9 s, sound 2.04 s');
  // Less than two frames left: the plan starts at 0 instead.
  const atEnd = await render(clip, 2, 1.97);
  assertShows(clip, atEnd.lumas, (k) => k / FPS, 'start 1.97 s');
});

test('a decoder that finishes before its frames are read keeps them (short loop passes)', async () => {
  const clip = await rampClip('prefetch.mp4', 2);
  const size = { width: W, height: H };
  const plan = planVideoLoop(2, 1.92, 1, FPS);
  const pool = new FramePool(frameBytes(W, H));
  const frames = await openAvatarFrames(
    bins,
    { kind: 'video', path: clip.path, loop: plan },
    size,
    FPS,
    6,
    pool,
  );
  assert.equal(frames.source.kind, 'stream');
  if (frames.source.kind !== 'stream') return;
  const it = frames.source.frames[Symbol.asyncIterator]();
  try {
    const lumas: number[] = [];
    const luma = (f: Buffer) => f.subarray(0, W * H).reduce((a, b) => a + b, 0) / (W * H);
    lumas.push(luma((await it.next()).value as Buffer), luma((await it.next()).value as Buffer));
    // The next pass's decoder is running by now; let it write its two frames and exit unread.
    await ffmpegsLeft();
    for (let k = 2; k < 6; k++) {
      const next = await it.next();
      assert.equal(next.done, false, `frame ${k}`);
      lumas.push(luma(next.value as Buffer));
    }
    assertShows(clip, lumas, (k) => 1.92 + (k % 2) / FPS, 'passes');
  } finally {
    await it.return?.();
    await frames.close();
  }
});
