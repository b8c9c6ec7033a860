import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AvatarStreamEndedError } from '../animate/frame-stream.js';
import { MediaDefectError } from '../media-defect.js';
import { FfmpegError, MediaTimeoutError } from '../run-ffmpeg.js';
import { deserialiseError, serialiseError } from './render-protocol.js';
import { ComposeInputError } from './types.js';

// Errors cross from the render's worker thread by structured clone, which keeps no classes.
const across = (err: unknown) => deserialiseError(structuredClone(serialiseError(err)));

test('errors come back from the render thread with the classes and fields callers look at', () => {
  const input = across(new ComposeInputError('avatar video has no video stream', 'avatar'));
  assert.ok(input instanceof ComposeInputError);
  assert.equal(input.input, 'avatar');
  assert.equal(input.message, 'avatar video has no video stream');

  const ff = across(new FfmpegError('ffmpeg exited with code 1: boom', 1, 'tail'));
  assert.ok(ff instanceof FfmpegError);
  assert.deepEqual([ff.exitCode, ff.stderrTail], [1, 'tail']);

  const ended = across(new AvatarStreamEndedError(3, 9));
  assert.ok(ended instanceof AvatarStreamEndedError);
  assert.deepEqual([ended.produced, ended.expected, ended.message], [3, 9, ended.message]);

  const defect = across(
    new MediaDefectError('truncated', 'cut off', { declaredSec: 10, presentSec: 4 }, 'log'),
  );
  assert.ok(defect instanceof MediaDefectError);
  assert.deepEqual(
    [defect.defect, defect.facts, defect.detail],
    ['truncated', { declaredSec: 10, presentSec: 4 }, 'log'],
  );

  const late = across(new MediaTimeoutError('ffprobe', 30_000));
  assert.ok(late instanceof MediaTimeoutError);
  assert.deepEqual(
    [late.binary, late.timeoutMs, late.message],
    ['ffprobe', 30_000, 'ffprobe did not finish within 30000 ms'],
  );

  const wrapped = across(new Error('outer', { cause: new FfmpegError('inner', 2, 'stderr') }));
  assert.ok(wrapped.cause instanceof FfmpegError);
  assert.equal(wrapped.cause.stderrTail, 'stderr');

  const other = new TypeError('bad');
  const back = across(other);
  assert.deepEqual([back.name, back.message, back.stack], ['TypeError', 'bad', other.stack]);
  assert.equal(across('plain').message, 'plain');
});
