import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Config } from '../config.js';
import type { TaskRow } from '../db/schema.js';
import { SvcCode } from '../errors/codes.js';
import { systemClock } from '../lib/clock.js';
import type { FaceTrackReport } from '../media/face/index.js';
import type { AvatarRepository } from '../repositories/avatar.repository.js';
import type { RateLimitRepository } from '../repositories/rate-limit.repository.js';
import { strictFake } from '../../test/helpers/strict-fake.js';
import { AvatarService, imageAvatarMotion } from './avatar.service.js';
import type { TaskService } from './task.service.js';
import type { UploadService } from './upload.service.js';

// The avatar state machine: pending (at submission) → ready or failed (by the avatar.create job),
// with every task waiting on the avatar ending the same way. Calls are recorded in order.

function service(open: Record<string, string[]>, tasksById: Record<string, Partial<TaskRow>> = {}) {
  const calls: unknown[][] = [];
  const avatars = strictFake<AvatarRepository>('avatars', {
    update: async (id, patch) => {
      calls.push(['avatar', id, patch]);
    },
  });
  const tasks = strictFake<TaskService>('tasks', {
    getOpenForSubject: async (subject: string) => (open[subject] ?? []).map((id) => ({ id }) as TaskRow),
    getForJob: async (id: string) => tasksById[id] as TaskRow | undefined,
    complete: async (id, result) => {
      calls.push(['complete', id, result]);
      return true;
    },
    fail: async (id, code, message) => {
      calls.push(['fail', id, code, message]);
      return true;
    },
  });
  const s = new AvatarService(
    avatars,
    tasks,
    strictFake<UploadService>('uploads', {}),
    strictFake<RateLimitRepository>('rateLimits', {}),
    strictFake<Config>('config', {}),
    systemClock,
  );
  return { s, calls };
}

const report = { samples: 10 } as unknown as FaceTrackReport;
const face = { report, track: { key: 'avatars/av_1/face-track.bin', fromSec: 0, toSec: 4, sampleFps: 8 } };

test('a made video avatar becomes ready first, then every task waiting on it completes with it', async () => {
  const { s, calls } = service({ av_1: ['t_1', 't_2'] });
  await s.completeCreation('av_1', {
    media_key: 'avatars/av_1/source.mp4',
    media_kind: 'video',
    width: 720,
    height: 1280,
    duration_sec: 12.5,
    media_sha256: 'ab'.repeat(32),
    loop_cut_frames: 125,
    face,
  });
  assert.deepEqual(calls, [
    [
      'avatar',
      'av_1',
      {
        state: 'ready',
        media_key: 'avatars/av_1/source.mp4',
        media_kind: 'video',
        width: 720,
        height: 1280,
        duration_sec: 12.5,
        media_sha256: 'ab'.repeat(32),
        loop_cut_frames: 125,
        face: JSON.stringify(face),
        motion: null,
      },
    ],
    ['complete', 't_1', { avatar: 'av_1' }],
    ['complete', 't_2', { avatar: 'av_1' }],
  ]);
});

test('a picture avatar keeps its idle motion: model 1 calmer, otherwise livelier', async () => {
  assert.equal(imageAvatarMotion(1), 'subtle');
  assert.equal(imageAvatarMotion(2), 'lively');
  assert.equal(imageAvatarMotion(undefined), 'lively');
  const { s, calls } = service({ av_2: ['t_3'] });
  await s.completeCreation('av_2', {
    media_key: 'avatars/av_2/image.png',
    media_kind: 'image',
    width: 600,
    height: 800,
    face: { report, track: null },
    motion: 'subtle',
  });
  const [, , patch] = calls[0] as [string, string, Record<string, unknown>];
  assert.equal(patch.motion, 'subtle');
  assert.equal(patch.duration_sec, null);
  assert.equal(patch.media_sha256, null);
  assert.equal(patch.loop_cut_frames, null);
  assert.equal(patch.state, 'ready');
});

test('an avatar that cannot be made fails, and so does every task waiting on it', async () => {
  const { s, calls } = service({ av_1: ['t_1', 't_2'] });
  await s.failCreation('av_1', SvcCode.AvatarCloneFailed, 'no face found');
  assert.deepEqual(calls, [
    ['avatar', 'av_1', { state: 'failed' }],
    ['fail', 't_1', SvcCode.AvatarCloneFailed, 'no face found'],
    ['fail', 't_2', SvcCode.AvatarCloneFailed, 'no face found'],
  ]);
});

test('a job that gave up fails the avatar, its waiting tasks and its own task with an internal error', async () => {
  const { s, calls } = service({ av_1: ['t_2'] }, { t_1: { id: 't_1', subject_id: 'av_1' } });
  await s.giveUpCreation('t_1', 'internal');
  assert.deepEqual(calls, [
    ['avatar', 'av_1', { state: 'failed' }],
    ['fail', 't_2', SvcCode.Internal, 'internal'],
    ['fail', 't_1', SvcCode.Internal, 'internal'],
  ]);
  // A task that is gone leaves nothing to fail.
  const gone = service({});
  await gone.s.giveUpCreation('t_9', 'internal');
  assert.deepEqual(gone.calls, []);
});
