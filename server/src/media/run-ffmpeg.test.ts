import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { test } from 'node:test';
import { FfmpegError, MediaTimeoutError, parseProgressTime, runMediaBinary } from './run-ffmpeg.js';

test('parseProgressTime reads the last time= of a stderr chunk', () => {
  assert.equal(parseProgressTime('frame=  10 fps=0.0 q=0.0 size=N/A time=00:00:01.50 bitrate=N/A'), 1.5);
  assert.equal(parseProgressTime('time=00:00:01.00 ... time=01:02:03.25'), 3723.25);
  assert.equal(parseProgressTime('Stream mapping: no progress here'), null);
});

test('a failing binary rejects with its exit code and the tail of stderr', async () => {
  await assert.rejects(
    runMediaBinary(process.execPath, ['-e', 'console.error("boom"); process.exit(3)']),
    (e: unknown) => {
      return e instanceof FfmpegError && e.exitCode === 3 && /boom/.test(e.stderrTail);
    },
  );
});

test('aborting kills the child and rejects with the reason', async () => {
  const controller = new AbortController();
  const run = runMediaBinary(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], {
    signal: controller.signal,
  });
  setTimeout(() => controller.abort(new Error('stop')), 50);
  await assert.rejects(run, /stop/);
});

test('a run past its timeout is killed and rejects with MediaTimeoutError naming the binary, not its path', async () => {
  const err = await runMediaBinary(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], {
    timeoutMs: 50,
  }).catch((e: unknown) => e);
  assert.ok(err instanceof MediaTimeoutError);
  const name = basename(process.execPath);
  assert.equal(err.binary, name);
  assert.equal(err.message, `${name} did not finish within 50 ms`);
});
