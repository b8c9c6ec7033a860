import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  animateFrames,
  AvatarStreamEndedError,
  exactlyFrames,
  FramePool,
  readFrames,
} from './frame-stream.js';

async function* chunks(...parts: number[][]) {
  for (const p of parts) yield Buffer.from(p);
}
const collect = async (it: AsyncIterable<Buffer>) => {
  const out: number[][] = [];
  for await (const f of it) out.push([...f]);
  return out;
};

test('frames are cut from a byte stream whatever the chunk boundaries', async () => {
  const frames = await collect(readFrames(chunks([1, 2], [3, 4, 5, 6, 7], [8]), 4));
  assert.deepEqual(frames, [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
  ]);
});

test('exactly the requested number of frames, and an early end is an error', async () => {
  const still = await collect(animateFrames({ kind: 'still', frame: new Uint8Array([9, 9]) }, 3, null));
  assert.equal(still.length, 3);
  const stream = { kind: 'stream' as const, frames: readFrames(chunks([1, 1, 2, 2, 3, 3]), 2) };
  assert.equal((await collect(animateFrames(stream, 2, null))).length, 2);
  const short = { kind: 'stream' as const, frames: readFrames(chunks([1, 1]), 2) };
  await assert.rejects(collect(animateFrames(short, 2, null)), AvatarStreamEndedError);
});

test('a pass decoded a frame or two short holds its last picture; a much shorter one is passed on', async () => {
  const pool = new FramePool(2);
  const frames = (...values: number[]) => readFrames(chunks(values.flatMap((v) => [v, v])), 2);
  const firsts = async (it: AsyncIterable<Buffer>) => (await collect(it)).map((f) => f[0]);
  assert.deepEqual(await firsts(exactlyFrames(frames(1, 2, 3), 3, pool, 2)), [1, 2, 3]);
  assert.deepEqual(await firsts(exactlyFrames(frames(1, 2, 3, 4), 3, pool, 2)), [1, 2, 3]);
  assert.deepEqual(await firsts(exactlyFrames(frames(1, 2), 4, pool, 2)), [1, 2, 2, 2]);
  assert.deepEqual(await firsts(exactlyFrames(frames(1), 4, pool, 2)), [1]);
  assert.deepEqual(await firsts(exactlyFrames(frames(), 4, pool, 2)), []);
  assert.deepEqual(await firsts(exactlyFrames(frames(1, 2), 0, pool, 2)), []);
});

test('held copies are separate buffers: changing one frame leaves the next untouched', async () => {
  const pool = new FramePool(2);
  const out: number[] = [];
  for await (const f of exactlyFrames(readFrames(chunks([5, 5]), 2), 3, pool, 2)) {
    out.push(f[0]!);
    f[0] = 0; // the animator draws into the frame it gets
  }
  assert.deepEqual(out, [5, 5, 5]);
});
