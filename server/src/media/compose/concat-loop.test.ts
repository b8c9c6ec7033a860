import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planVideoLoop } from './avatar-filters.js';
import {
  concatEntryFrames,
  concatPlaylist,
  loopEntryFrames,
  passSelect,
  seamlessOutpoint,
} from './concat-loop.js';
import { planRegionLoop } from './region-loop.js';

test('an entry lasts a whole number of output frames, microseconds and time-base ticks, past the clip', () => {
  // 25 fps on a 1/15360 time base: 614.4 ticks a frame, so entries come in steps of 5 frames.
  assert.equal(concatEntryFrames({ containerSec: 7.3, timeBase: { num: 1, den: 15360 } }, 25), 185);
  // 1/12800: 512 ticks a frame, any whole number of frames; 10 s is 250 frames, plus one.
  assert.equal(concatEntryFrames({ containerSec: 10, timeBase: { num: 1, den: 12800 } }, 25), 251);
  // 30 fps: a frame is 33333.3 µs, so steps of 3 frames (and 1/90000 ticks agree).
  assert.equal(concatEntryFrames({ containerSec: 2, timeBase: { num: 1, den: 90000 } }, 30), 63);
  // A time base of 1/1000 (Matroska) at 30 fps: 100/3 ms a frame, steps of 3.
  assert.equal(concatEntryFrames({ containerSec: 1.01, timeBase: { num: 1, den: 1000 } }, 30), 33);
  for (const [sec, den, fps] of [
    [3.3, 15360, 25],
    [12.345, 30000, 30],
    [5, 600, 24],
  ] as const) {
    const m = concatEntryFrames({ containerSec: sec, timeBase: { num: 1, den } }, fps)!;
    assert.ok(m >= sec * fps + 1, `${sec} s: ${m} frames cover the clip and a frame`);
    assert.ok(Number.isInteger((m * 1e6) / fps), `${m} frames are whole microseconds`);
    assert.ok(Number.isInteger((m * den) / fps), `${m} frames are whole ticks of 1/${den}`);
  }
});

test('no entry length without an integer rate or a usable time base', () => {
  assert.equal(concatEntryFrames({ containerSec: 3, timeBase: { num: 1, den: 15360 } }, 29.97), null);
  assert.equal(concatEntryFrames({ containerSec: 3, timeBase: null }, 25), null);
  assert.equal(concatEntryFrames({ containerSec: 0, timeBase: { num: 1, den: 15360 } }, 25), null);
  // Ticks of 3/7 s at 25 fps would need entries in steps of 75 frames: too long a gap per pass.
  assert.equal(concatEntryFrames({ containerSec: 3, timeBase: { num: 3, den: 7 } }, 25), null);
});

test("only a cross-faded or seamless loop from the clip's start is played by the concat demuxer", () => {
  const clip = { containerSec: 3, timeBase: { num: 1, den: 12800 } };
  assert.equal(loopEntryFrames(planVideoLoop(3, 0, 9, 25, 50), clip, 25), 76, 'a seamless cut');
  assert.equal(loopEntryFrames(planVideoLoop(3, 0, 9, 25), clip, 25), 76);
  assert.equal(loopEntryFrames(planVideoLoop(3, 0.5, 9, 25), clip, 25), null, 'a later start');
  assert.equal(loopEntryFrames(planVideoLoop(3, 0, 2, 25), clip, 25), null, 'played once');
  assert.equal(loopEntryFrames(planVideoLoop(0.8, 0, 9, 25), clip, 25), null, 'a plain cut');
});

test('select keeps [0, m) of every pass of a seamless loop, whose entries are read a little past it', () => {
  const plan = planRegionLoop(planVideoLoop(3, 0, 9, 25, 50), 25, 226)!;
  assert.equal(passSelect(plan, 80), "select='lt(mod(n,80),50)'");
  const clip = { containerSec: 3, timeBase: { num: 1, den: 12800 }, startSec: 0.04 };
  assert.equal(seamlessOutpoint(plan, clip, 25), 0.04 + 53 / 25);
  assert.equal(seamlessOutpoint(planRegionLoop(planVideoLoop(3, 0, 9, 25), 25, 226)!, clip, 25), null);
  assert.equal(
    concatPlaylist('/a.mp4', 1, 80, 25, 0.04 + 53 / 25),
    "ffconcat version 1.0\nfile '/a.mp4'\noutpoint 2.160000\nduration 3.200000\n",
  );
});

test('the playlist repeats the clip with exact entry lengths, its path quoted', () => {
  assert.equal(
    concatPlaylist("/data/it's here.mp4", 2, 185, 25),
    "ffconcat version 1.0\nfile '/data/it'\\''s here.mp4'\nduration 7.400000\n" +
      "file '/data/it'\\''s here.mp4'\nduration 7.400000\n",
  );
  assert.match(concatPlaylist('/a.mp4', 1, 63, 30), /duration 2\.100000\n$/);
});

test("select keeps the first pass's material and every later pass from the end of its head", () => {
  // 3 s from 0 (75 frames, 73 used), a 12-frame fade, entries of 80 frames.
  const plan = planRegionLoop(planVideoLoop(3, 0, 9, 25), 25, 226)!;
  assert.equal(plan.materialFrames, 73);
  assert.equal(plan.fadeFrames, 12);
  const expr = passSelect(plan, 80);
  assert.equal(expr, "select='lt(mod(n,80),73)*(lt(n,80)+gte(mod(n,80),12))'");
  // The same rule in numbers: kept frames are [0, 73), then [92, 153), [172, 233), …
  const keep = (n: number) => n % 80 < 73 && (n < 80 || n % 80 >= 12);
  const kept = Array.from({ length: 240 }, (_, n) => n).filter(keep);
  assert.deepEqual(kept.slice(72, 75), [72, 92, 93]);
  assert.deepEqual(kept.slice(72 + 61, 72 + 63), [152, 172]);
});
