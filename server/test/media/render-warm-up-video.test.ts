import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import { renderWarmUpVideo } from '../../src/media/compose/render-warm-up-video.js';

const bins = resolveMediaBinaries();

test("the render thread's warm-up render animates every frame of its picture and leaves nothing behind", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-render-warm-'));
  try {
    const scratch = path.join(dir, 'scratch');
    const result = await renderWarmUpVideo(bins, scratch, new AbortController().signal);
    assert.equal(result.pipeline, 'frames', 'a picture: whole frames');
    assert.deepEqual([result.width, result.height], [240, 320]);
    assert.ok(Math.abs(result.durationSec - 2) < 0.1, `${result.durationSec} s`);
    assert.equal(result.unanimatedFrames, 0);
    assert.ok(result.animatedFrames >= 50);
    assert.deepEqual(await readdir(scratch), []);

    // Stopped as a real render arrives (here while its inputs are written): it renders nothing,
    // rejects with the reason, and leaves nothing either.
    const stop = new AbortController();
    const stopped = renderWarmUpVideo(bins, scratch, stop.signal);
    stop.abort(new Error('a render arrived'));
    await assert.rejects(stopped, /a render arrived/);
    assert.deepEqual(await readdir(scratch), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
