import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { test } from 'node:test';
import { FfmpegError, MediaTimeoutError, parseProgressTime, runMediaBinary } from './run-ffmpeg.js';
import { deserialiseSpawnError, serialiseSpawnError } from './spawn-protocol.js';

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

// Runs from the main thread go through the spawn thread (spawn-thread.ts); these check what crosses it.
test('a run from the main thread reports progress and returns stdout through the spawn thread', async () => {
  const seen: number[] = [];
  const script = 'console.error("frame=1 time=00:00:01.50"); console.log("out")';
  const r = await runMediaBinary(process.execPath, ['-e', script], {
    captureStdout: true,
    onProgress: (s) => seen.push(s),
  });
  assert.equal(r.stdout, 'out\n');
  assert.match(r.stderr, /time=00:00:01.50/);
  assert.deepEqual(seen, [1.5]);
});

test('a binary that cannot be started keeps its error code across the thread', async () => {
  const err = await runMediaBinary('/nonexistent/ffmpeg', []).catch((e: unknown) => e);
  assert.ok(err instanceof Error);
  assert.equal((err as NodeJS.ErrnoException).code, 'ENOENT');
});

test('errors cross threads as the classes callers tell apart', () => {
  const ff = deserialiseSpawnError(serialiseSpawnError(new FfmpegError('x exited', 2, 'tail')));
  assert.ok(ff instanceof FfmpegError);
  assert.deepEqual([ff.message, ff.exitCode, ff.stderrTail], ['x exited', 2, 'tail']);
  const late = deserialiseSpawnError(serialiseSpawnError(new MediaTimeoutError('ffprobe', 30)));
  assert.ok(late instanceof MediaTimeoutError);
  assert.equal(late.message, 'ffprobe did not finish within 30 ms');
  const plain = deserialiseSpawnError(serialiseSpawnError('odd'));
  assert.equal(plain.message, 'odd');
});
