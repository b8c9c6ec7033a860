import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, startServer, upload, type TestServer } from '../helpers/server.js';
import { taggingTranslationEngine } from '../helpers/translation.js';

/**
 * A new account can use every operation of both specs without set-up: plan gates (1005/1006) are
 * the operator's to turn on, and a burst of works is queued, not refused (1001 only past a ceiling
 * far above a normal burst). The gated state is tested in limits.test.ts.
 */
describe('open by default: every operation for every account, works queued', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({}, { translationEngines: [taggingTranslationEngine()] });
    // Submissions only: nothing renders, so every task stays waiting.
    await server.container.queue.stop();
  });
  after(() => server.close());

  /** An account as `likeness accounts create` makes it: the default plan. */
  const newAccount = async (plan?: 'free') =>
    (await server.container.services.accounts.create({ credits: 100_000, plan })).token;

  test('singing, translation, image-driven video, voice cloning and cloning by image need no plan', async () => {
    for (const token of [await newAccount(), await newAccount('free')]) {
      const image = await upload(server, token, 'jpg', Buffer.alloc(2000));
      const song = await upload(server, token, 'mp3', Buffer.alloc(2000));
      const video = await upload(server, token, 'mp4', Buffer.alloc(2000));
      const wav = await upload(server, token, 'wav', Buffer.alloc(2000));
      const calls: [string, Record<string, unknown>][] = [
        ['/api/v2/svc/video/create_by_sing', { image_file_id: image, audio_file_id: song }],
        ['/api/v2/svc/video/translate', { video_file_id: video, target_language_code: 'es' }],
        ['/api/v2/svc/video/create_by_image', { image_file_id: image, voice: 'pub-en-emma', text: 'Hi.' }],
        ['/api/v2/svc/voice/create', { title: 'me', voice_type: 8, file_id: wav }],
        ['/api/v2/svc/avatar/create_by_image', { file_id: image }],
      ];
      for (const [path, body] of calls) {
        const r = await api(server, 'POST', path, { token, body });
        assert.equal(r.body.code, 0, `${path}: ${JSON.stringify(r.body)}`);
      }
      const clone = await api(server, 'POST', '/api/app/v1/clone/avatar/by_image', {
        token,
        body: { file_id: image },
      });
      assert.equal(clone.body.code, 0, JSON.stringify(clone.body));
      assert.equal(clone.body.data.paid_plan_required.required, false);
    }
  });

  test('a burst of works is queued; 1001 answers only past the ceiling of 100 waiting or processing', async () => {
    const token = await newAccount();
    const audio = () =>
      api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
        token,
        body: { voice: 'pub-en-emma', text: 'Queued, not refused.' },
      });
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const r = await audio();
      assert.equal(r.body.code, 0, `submission ${i + 1}: ${JSON.stringify(r.body)}`);
      ids.push(r.body.task_id);
    }
    const over = await audio();
    assert.equal(over.body.code, 1001);
    assert.match(over.body.message, /100 works are already being generated/);
    // A finished or cancelled work frees its place.
    await api(server, 'DELETE', '/api/v2/svc/video/task', { token, query: { task_id: ids[0]! } });
    assert.equal((await audio()).body.code, 0);
  });
});
