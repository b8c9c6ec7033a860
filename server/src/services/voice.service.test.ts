import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Config } from '../config.js';
import type { TaskRow } from '../db/schema.js';
import { SvcCode } from '../errors/codes.js';
import { systemClock } from '../lib/clock.js';
import { SpeechInputError, type VoiceProfile } from '../media/speech/index.js';
import type { VoiceRepository } from '../repositories/voice.repository.js';
import { strictFake } from '../../test/helpers/strict-fake.js';
import type { TaskService } from './task.service.js';
import type { UploadService } from './upload.service.js';
import { sampleExtension, sampleProblem, VoiceService } from './voice.service.js';

// A cloned voice: pending (at submission) → ready or failed (by the voice.create job), with its task.

function service(tasksById: Record<string, Partial<TaskRow>> = {}) {
  const calls: unknown[][] = [];
  const voices = strictFake<VoiceRepository>('voices', {
    update: async (id, patch) => {
      calls.push(['voice', id, patch]);
    },
  });
  const tasks = strictFake<TaskService>('tasks', {
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
  const s = new VoiceService(
    voices,
    tasks,
    strictFake<UploadService>('uploads', {}),
    strictFake<Config>('config', {}),
    systemClock,
  );
  return { s, calls };
}

const profile = { medianPitchHz: 180 } as VoiceProfile;

test('a cloned voice becomes ready with its profile, sample and demo; its task completes with the demo', async () => {
  const { s, calls } = service();
  await s.completeClone('t_1', 'vo_1', {
    profile,
    sampleKey: 'voices/vo_1/sample.wav',
    demoKey: 'voices/vo_1/demo.mp3',
  });
  assert.deepEqual(calls, [
    [
      'voice',
      'vo_1',
      {
        state: 'ready',
        profile: JSON.stringify(profile),
        sample_key: 'voices/vo_1/sample.wav',
        demo_key: 'voices/vo_1/demo.mp3',
      },
    ],
    ['complete', 't_1', { voice: 'vo_1', blobKey: 'voices/vo_1/demo.mp3' }],
  ]);
});

test('a voice that cannot be cloned fails with its task; a job that gave up fails both as internal', async () => {
  const { s, calls } = service({ t_2: { id: 't_2', subject_id: 'vo_2' } });
  await s.failClone('t_1', 'vo_1', SvcCode.VoiceProtected, 'protected');
  await s.giveUpClone('t_2', 'internal');
  assert.deepEqual(calls, [
    ['voice', 'vo_1', { state: 'failed' }],
    ['fail', 't_1', SvcCode.VoiceProtected, 'protected'],
    ['voice', 'vo_2', { state: 'failed' }],
    ['fail', 't_2', SvcCode.Internal, 'internal'],
  ]);
});

test('a sample is kept under the extension of its container', () => {
  assert.equal(sampleExtension('wav'), 'wav');
  assert.equal(sampleExtension('mp3'), 'mp3');
  assert.equal(sampleExtension('mov,mp4,m4a,3gp,3g2,mj2'), 'm4a');
});

test('a sample the analysis refuses is a 2013 that says what to record instead', () => {
  const e = sampleProblem(new SpeechInputError('too-short', 'sample is 3.1 s'));
  assert.equal(e.code, SvcCode.AudioResourceFailed);
  assert.match(e.message, /shorter than 5 seconds/);
});
