import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ERRORS } from '../../errors/app-error.js';
import { ComposeInputError } from '../../media/compose/index.js';
import { MediaDefectError } from '../../media/media-defect.js';
import { FfmpegError } from '../../media/run-ffmpeg.js';
import { UnrecoverableError } from '../job-queue.js';
import { classifyFailure, internalFailureMessage } from './job-failure.js';
import { StepTimeoutError } from './time-limits.js';

const running = new AbortController().signal;

test("the client's errors fail the task with their own code and message", () => {
  assert.deepEqual(classifyFailure(ERRORS.video('the video is too short'), running, 't_1'), {
    kind: 'fail',
    code: 2014,
    message: 'the video is too short',
  });
});

test("the render engine's input errors get messages that name no file", () => {
  const err = new ComposeInputError(
    'speech file_abc.mp3 cannot be read: ffprobe exited with code 1',
    'speech',
  );
  const f = classifyFailure(err, running, 't_1');
  assert.equal(f.kind, 'fail');
  assert.ok(f.kind === 'fail' && f.code === 2013 && !/file_abc|ffprobe/.test(f.message));
  const output = classifyFailure(new ComposeInputError('fps 0 is out of range', 'output'), running, 't_1');
  assert.deepEqual(output, { kind: 'fail', code: 99, message: internalFailureMessage('t_1') });
});

test('a step that names its input fails with that code and says what to do, not 99', () => {
  const stuck = new StepTimeoutError(
    'face tracking',
    { totalMs: 600_000, stallMs: 90_000, code: 2015, advice: 'submit it again later' },
    true,
  );
  assert.deepEqual(classifyFailure(stuck, running, 't_8'), {
    kind: 'fail',
    code: 2015,
    message: 'face tracking made no progress for 90 s; the task was not charged: submit it again later',
  });
  const long = new StepTimeoutError('rendering', {
    totalMs: 300_000,
    code: 1001,
    advice: 'send a shorter sound',
  });
  const f = classifyFailure(long, running, 't_8');
  assert.ok(
    f.kind === 'fail' &&
      f.code === 1001 &&
      /rendering did not finish within 5 minutes.*shorter sound/.test(f.message),
  );
});

test('a step past its time limit fails at once (not retried), with code 99', () => {
  const f = classifyFailure(new StepTimeoutError('rendering', 300_000), running, 't_9');
  assert.equal(f.kind, 'fail');
  assert.ok(
    f.kind === 'fail' && f.code === 99 && /rendering did not finish within 5 minutes.*t_9/.test(f.message),
  );
});

test('faults of the server are retried; their message never reaches the client', () => {
  const tool = new FfmpegError(
    'ffmpeg exited with code 1: /data/blobs/uploads/acc_x/file_y.mp4: moov atom not found',
    1,
    '',
  );
  assert.deepEqual(classifyFailure(tool, running, 't_1'), { kind: 'retry' });
  assert.deepEqual(classifyFailure(new MediaDefectError('unreadable', 'x'), running, 't_1').kind, 'fail');
  assert.doesNotMatch(internalFailureMessage('t_1'), /ffmpeg|data|acc_/);
});

test("the queue's own errors pass through: shutdown, cancellation, a task no longer open", () => {
  const stopped = new AbortController();
  stopped.abort(new Error('server shutting down'));
  assert.deepEqual(classifyFailure(ERRORS.video('x'), stopped.signal, 't_1'), { kind: 'pass' });
  assert.deepEqual(classifyFailure(new UnrecoverableError('gone'), running, 't_1'), { kind: 'pass' });
});

test('a video that stops decoding part way fails with 2014, not retried', () => {
  const ended = Object.assign(new Error('the avatar picture stream ended after 6 of 252 frames'), {
    name: 'AvatarStreamEndedError',
  });
  const f = classifyFailure(ended, running, 't_1');
  assert.ok(f.kind === 'fail' && f.code === 2014 && /export it again/.test(f.message));
});
