import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Prices } from '../config.js';
import type { TaskRow } from '../db/schema.js';
import { strictFake } from '../../test/helpers/strict-fake.js';
import type { TaskResult, TaskService } from './task.service.js';
import { WorkBillingService } from './work-billing.service.js';

const prices: Prices = {
  videoPerMinute: 10,
  audioPerMinute: 2,
  translatePerMinute: 30,
  singPerMinute: 20,
  imageVideoPerMinute: 15,
  avatarImage: 20,
};

const task = (type: string, reserved = 3) => ({ id: 't_1', type, credits_reserved: reserved }) as TaskRow;

function billing() {
  const reserved: [string, number][] = [];
  const completed: [string, TaskResult, number | undefined][] = [];
  const tasks = strictFake<TaskService>('tasks', {
    ensureReserved: async (t: TaskRow, needed: number) => {
      reserved.push([t.id, needed]);
    },
    complete: async (id: string, result: TaskResult, charge?: number) => {
      completed.push([id, result, charge]);
      return true;
    },
  });
  return { service: new WorkBillingService(prices, tasks), reserved, completed };
}

test('a work costs its type’s price per minute, per second of output, rounded up', () => {
  const { service } = billing();
  assert.equal(service.costFor('video_tts', 60), 10);
  assert.equal(service.costFor('video_tts', 61), 11);
  assert.equal(service.costFor('audio_tts', 90), 3);
  assert.equal(service.costFor('video_sing', 30), 10);
  assert.equal(service.costFor('video_image', 4), 1);
  assert.equal(service.reserveForMinute('video_audio'), 10);
  assert.equal(service.reserveForText('video_tts', '你好世界你好世界'), 1);
});

test('once the sound is measured the reservation is raised to the cost of its length', async () => {
  const { service, reserved } = billing();
  await service.reserveForSound(task('video_audio'), 150);
  await service.reserveForSound(task('audio_tts'), 150);
  assert.deepEqual(reserved, [
    ['t_1', 25],
    ['t_1', 5],
  ]);
});

test('completion charges the output’s duration, not the reservation', async () => {
  const { service, completed } = billing();
  assert.equal(
    await service.complete(task('video_tts', 40), { blobKey: 'works/t_1/video.mp4', durationSec: 12.5 }),
    true,
  );
  assert.deepEqual(completed, [['t_1', { blobKey: 'works/t_1/video.mp4', durationSec: 12.5 }, 3]]);
});

test('a video work keeps its poster still with its result; a work without one stores no key', async () => {
  const { service, completed } = billing();
  const out = { blobKey: 'works/t_1/video.mp4', durationSec: 6, posterKey: 'works/t_1/poster.jpg' };
  await service.complete(task('video_tts', 10), out);
  assert.deepEqual(completed, [['t_1', out, 1]]);
});
