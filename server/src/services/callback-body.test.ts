import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { callbackBody, signCallback } from './callback.service.js';

const url = async (key: string) => `https://h/files/${key}?sig=x`;
const task = (over: Record<string, unknown>) => ({
  id: 't_1',
  type: 'video_tts',
  family: 'work',
  status: 3,
  error_code: null,
  error_message: null,
  title: 'Hello',
  result: JSON.stringify({ blobKey: 'works/t_1/video.mp4', durationSec: 5.4 }),
  ...over,
});

test('work, avatar and voice events carry exactly the spec fields', async () => {
  assert.deepEqual(await callbackBody(task({}), url), {
    type: 1,
    body: {
      task_id: 't_1',
      message: '',
      code: 0,
      status: 3,
      type: 1,
      video_Url: 'https://h/files/works/t_1/video.mp4?sig=x',
      duration: 5,
      title: 'Hello',
    },
  });
  assert.deepEqual(
    (await callbackBody(task({ family: 'avatar', type: 'avatar_video', result: '{"avatar":"av_1"}' }), url))
      ?.body,
    {
      task_id: 't_1',
      message: '',
      code: 0,
      status: 3,
      type: 2,
      avatar: 'av_1',
    },
  );
  assert.deepEqual(
    (
      await callbackBody(
        task({
          family: 'voice',
          type: 'voice_clone',
          result: '{"voice":"vo_1","blobKey":"voices/vo_1/demo.mp3"}',
        }),
        url,
      )
    )?.body,
    {
      task_id: 't_1',
      message: '',
      code: 0,
      status: 3,
      type: 3,
      voice: 'vo_1',
      demo_url: 'https://h/files/voices/vo_1/demo.mp3?sig=x',
    },
  );
});

test('a failed task sends its code and message with empty results', async () => {
  assert.deepEqual(
    (await callbackBody(task({ status: 4, error_code: 2013, error_message: 'bad audio', result: null }), url))
      ?.body,
    {
      task_id: 't_1',
      message: 'bad audio',
      code: 2013,
      status: 4,
      type: 1,
      video_Url: '',
      duration: 0,
      title: 'Hello',
    },
  );
});

test('translate, sing and image-driven tasks send nothing', async () => {
  for (const type of ['video_translate', 'video_sing', 'video_image'])
    assert.equal(await callbackBody(task({ type }), url), null);
});

test('the signature is v1= hex HMAC-SHA256 of "timestamp.body" with the account secret', () => {
  const expected = createHmac('sha256', 'secret-1').update('1700000000.{"a":1}').digest('hex');
  assert.equal(signCallback('secret-1', '1700000000', '{"a":1}'), `v1=${expected}`);
  assert.notEqual(signCallback('secret-1', '1700000001', '{"a":1}'), `v1=${expected}`);
});
