import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { renderTalkingVideo, type TalkingVideoJob } from '../../src/media/compose/index.js';
import {
  renderThreadWarmed,
  spareRenderThreadId,
  warmRenderThread,
} from '../../src/media/compose/render-client.js';
import { renderTalkingVideoInThread } from '../../src/media/compose/render-video.js';
import { bins, makeAvatarVideo, makeSpeech, makeTempDir } from './compose-fixtures.js';

// A render runs in a worker thread of its own; what it makes must not depend on where it ran.
let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
let job: (out: string) => TalkingVideoJob = () => {
  throw new Error('not ready');
};

before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-render-thread-'));
  const clip = await makeAvatarVideo(path.join(dir, 'clip.mp4'), 1.5, '240x320');
  const speech = await makeSpeech(path.join(dir, 'speech.wav'), 2.5);
  job = (out) => ({
    avatar: { kind: 'video', path: clip, startSec: 0.2 },
    speech: { path: speech },
    output: { path: path.join(dir, out), width: 240, height: 320, fps: 25, preset: 'ultrafast' },
    aigcLabel: { text: 'AI生成' },
  });
});

after(() => cleanup());

const md5 = async (file: string) =>
  createHash('md5')
    .update(await readFile(file))
    .digest('hex');

test('a render in its own thread writes the same file as one in the calling thread, and reports progress', async () => {
  const here = await renderTalkingVideoInThread(bins, job('here.mp4'));
  const progress: number[] = [];
  const there = await renderTalkingVideo(bins, job('there.mp4'), { onProgress: (f) => progress.push(f) });
  assert.deepEqual(there, here);
  assert.equal(await md5(path.join(dir, 'there.mp4')), await md5(path.join(dir, 'here.mp4')));
  assert.ok(progress.length > 0);
  assert.ok(progress.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= progress[i - 1]!)));
  assert.equal(progress.at(-1), 1);
});

test('an abort before the render starts rejects with its reason and starts nothing', async () => {
  const ac = new AbortController();
  ac.abort(new Error('not wanted'));
  await assert.rejects(renderTalkingVideo(bins, job('never.mp4'), { signal: ac.signal }), /not wanted/);
});

test('the soundtrack built beside the thread is the one built in it, and a thread kept ready renders the same', async () => {
  const loud = (out: string): TalkingVideoJob => {
    const j = job(out);
    return { ...j, speech: { ...j.speech, targetLufs: -16 } };
  };
  const here = await renderTalkingVideoInThread(bins, loud('loud-here.mp4'));
  // The first render leaves a thread ready; the second takes it.
  await renderTalkingVideo(bins, loud('loud-warm.mp4'));
  const there = await renderTalkingVideo(bins, loud('loud-there.mp4'));
  assert.equal(there.soundtrack.speech?.mode, here.soundtrack.speech?.mode);
  assert.equal(there.soundtrack.speech?.outputLufs, here.soundtrack.speech?.outputLufs);
  const want = await md5(path.join(dir, 'loud-here.mp4'));
  assert.equal(await md5(path.join(dir, 'loud-there.mp4')), want);
  assert.equal(await md5(path.join(dir, 'loud-warm.mp4')), want);
});

test('a soundtrack that cannot be built fails the render, and its folders are removed', async () => {
  const { dir: tmp, cleanup: done } = await makeTempDir('likeness-render-thread-tmp-');
  try {
    const j = job('no-music.mp4');
    const bad: TalkingVideoJob = { ...j, bgm: { path: path.join(dir, 'missing.mp3') } };
    await assert.rejects(renderTalkingVideo(bins, bad, { tmpDir: tmp }), /missing\.mp3|No such file/);
    assert.deepEqual(await readdir(tmp), []);
  } finally {
    await done();
  }
});

test('a thread that rendered well takes the next render; one whose render failed is ended', async () => {
  await renderTalkingVideo(bins, job('turn-1.mp4'));
  const kept = spareRenderThreadId();
  assert.notEqual(kept, null);
  await renderTalkingVideo(bins, job('turn-2.mp4'));
  // The same thread, kept with its compiled code, rendered the second video and waits again.
  assert.equal(spareRenderThreadId(), kept);
  assert.equal(await md5(path.join(dir, 'turn-2.mp4')), await md5(path.join(dir, 'turn-1.mp4')));
  const j = job('turn-3.mp4');
  await assert.rejects(renderTalkingVideo(bins, { ...j, bgm: { path: path.join(dir, 'missing.mp3') } }));
  const fresh = spareRenderThreadId();
  assert.notEqual(fresh, null);
  assert.notEqual(fresh, kept);
});

test('a start can wait for the spare thread to end its warm-up; a kept thread has none to wait for', async () => {
  // The previous test's failed render left a new spare, warming up: the wait ends with its warm-up.
  assert.notEqual(spareRenderThreadId(), null);
  warmRenderThread(); // a spare is there: nothing new
  assert.equal(await renderThreadWarmed(60_000), 'warmed');
  assert.equal(await renderThreadWarmed(60_000), 'warmed', 'raised already: at once');
  // A thread kept after its render is warm: nothing to wait for.
  await renderTalkingVideo(bins, job('after-warm-up.mp4'));
  assert.equal(await renderThreadWarmed(60_000), 'none');
});
