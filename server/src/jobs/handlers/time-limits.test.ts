import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StepTimeoutError, TIME_LIMITS, withTimeLimit } from './time-limits.js';

const never = new AbortController().signal;

test('a step that finishes in time returns its value and leaves no timer behind', async () => {
  assert.equal(await withTimeLimit(never, 10_000, 'step', async () => 42), 42);
});

test('a step past its limit is aborted and rejects with StepTimeoutError', async () => {
  let seen: AbortSignal | undefined;
  const err = await withTimeLimit(never, 20, 'face tracking', (signal) => {
    seen = signal;
    return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('killed'))));
  }).catch((e: unknown) => e);
  assert.ok(err instanceof StepTimeoutError);
  assert.equal(err.step, 'face tracking');
  assert.equal(seen?.aborted, true, 'the step was told to stop');
});

test('a step that ignores its signal still cannot outlive the limit', async () => {
  const err = await withTimeLimit(never, 20, 'render', () => new Promise(() => undefined)).catch((e) => e);
  assert.ok(err instanceof StepTimeoutError);
});

test("the job's own abort (shutdown, cancellation) passes through unchanged", async () => {
  const job = new AbortController();
  const run = withTimeLimit(job.signal, 10_000, 'step', (signal) => {
    return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  });
  job.abort(new Error('server shutting down'));
  await assert.rejects(run, /server shutting down/);
});

test('a step that keeps making progress may run past its stall limit; one that stops is cut off', async () => {
  const limit = { totalMs: 10_000, stallMs: 40, code: 2015, advice: 'try later' };
  const slow = await withTimeLimit(never, limit, 'face tracking', async (_signal, progressed) => {
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 20));
      progressed();
    }
    return 'done';
  });
  assert.equal(slow, 'done', '120 ms of work in 20 ms steps under a 40 ms stall limit');
  const err = await withTimeLimit(never, limit, 'face tracking', (_signal, progressed) => {
    progressed();
    return new Promise(() => undefined);
  }).catch((e: unknown) => e);
  assert.ok(err instanceof StepTimeoutError);
  assert.equal(err.stalled, true);
  assert.equal(err.code, 2015);
  assert.equal(err.limitMs, 40);
  assert.match(err.message, /face tracking made no progress for 0 s/);
});

test('limits grow with the work: a 30-minute render may take 4 hours; tracking grows with length and frame size', () => {
  assert.equal(TIME_LIMITS.render(1800), 180_000 + 8_000 * 1800);
  assert.equal(TIME_LIMITS.trackVideo(300).totalMs, 120_000 + 6_000 * 300);
  assert.equal(TIME_LIMITS.trackVideo(300, 1920 * 1080).totalMs, 120_000 + 6_000 * 300);
  assert.equal(TIME_LIMITS.trackVideo(300, 3840 * 2160).totalMs, 120_000 + 4 * 6_000 * 300);
  assert.equal(TIME_LIMITS.copyStretch(300, 3840 * 2160).totalMs, 60_000 + 4 * 4_000 * 300);
  assert.equal(TIME_LIMITS.copyStretch(6, 640 * 360, 2015).stallMs, 60_000);
  assert.equal(TIME_LIMITS.trackVideo(25, 720 * 720, 2014).code, 2014);
  assert.equal(TIME_LIMITS.synthesis(10_000), 1_120_000);
});
