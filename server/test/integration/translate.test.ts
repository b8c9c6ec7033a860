import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, createAccount, startServer, upload, type TestServer } from '../helpers/server.js';
import { taggingTranslationEngine } from '../helpers/translation.js';

/**
 * video/translate: the server decides the set of target languages from the translation engines it
 * found at start (spec: "the set is decided by the server"); what it cannot translate is refused at
 * once with code 11, before anything is charged.
 */
describe('video/translate: the languages are the engines’', () => {
  let bare: TestServer;
  let equipped: TestServer;
  before(async () => {
    [bare, equipped] = await Promise.all([
      startServer(),
      startServer({}, { translationEngines: [taggingTranslationEngine()] }),
    ]);
  });
  after(async () => {
    await Promise.all([bare.close(), equipped.close()]);
  });

  const translate = async (server: TestServer, lang: string) => {
    const { token } = await createAccount(server, { credits: 1000 });
    const video = await upload(server, token, 'mp4', Buffer.alloc(2000));
    const r = await api(server, 'POST', '/api/v2/svc/video/translate', {
      token,
      body: { video_file_id: video, target_language_code: lang },
    });
    const left = (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left;
    return { body: r.body, left };
  };

  test('without an engine every target is refused with code 11, saying why, and nothing is charged', async () => {
    const r = await translate(bare, 'es');
    assert.equal(r.body.code, 11);
    assert.match(
      r.body.message,
      /video translation is not available on this server: no translation engine is installed/,
    );
    assert.equal(r.left, 1000);
  });

  test("with an engine, a target it cannot reach is code 11 listing the server's set; one it can is a task", async () => {
    const no = await translate(equipped, 'ja');
    assert.equal(no.body.code, 11);
    assert.match(
      no.body.message,
      /must be one of es on this server \(it translates speech in en\); got 'ja'/,
    );
    assert.equal(no.left, 1000);
    const yes = await translate(equipped, ' ES ');
    assert.equal(yes.body.code, 0, JSON.stringify(yes.body));
    assert.match(yes.body.task_id, /./);
  });

  test('the OpenAPI description says how the set is decided and where it is listed', async () => {
    const spec = (await api(equipped, 'GET', '/docs/json')).body;
    const op = spec.paths['/api/v2/svc/video/translate'].post;
    assert.match(op.description, /The target languages are this server's/);
    assert.match(op.description, /refused at once with code 11, whose message lists this server's set/);
  });
});
