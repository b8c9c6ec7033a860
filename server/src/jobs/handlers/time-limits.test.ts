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

test('limits grow with the work: a 30-minute render may take 4 hours, tracking 5 minutes of video 11 minutes', () => {
  assert.equal(TIME_LIMITS.render(1800), 180_000 + 8_000 * 1800);
  assert.equal(TIME_LIMITS.trackVideo(300), 660_000);
  assert.equal(TIME_LIMITS.synthesis(10_000), 1_120_000);
});
