import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { facePhoto, makeSmallFaceVideo } from '../helpers/media-fixtures.js';
import { download } from '../helpers/probe.js';
import { api, createAccount, startServer, upload, waitTask, type TestServer } from '../helpers/server.js';

/**
 * Drives the API the way clients written for the original service do: their default titles are
 * longer than the documented 20 characters ("Text-driven Lipsync Video", "vido-<uuid>"), they make an
 * avatar from an uploaded image or video, reuse it, create asynchronously and poll. Every flow must
 * end with a playable video as long as its sound.
 */
describe('clients of the original service work unchanged', () => {
  let server: TestServer;
  let token: string;
  let accountId: string;
  let dir: string;
  let hook: Server;
  const callbacks: { title?: string; task_id?: string }[] = [];

  before(async () => {
    hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        callbacks.push(JSON.parse(body) as { title?: string });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    server = await startServer({ LIKENESS_WORKERS: '2' });
    const account = await createAccount(server, { credits: 5000, plan: 'basic' });
    token = account.token;
    accountId = account.account_id;
    await server.container.services.accounts.update(accountId, {
      callbackUrl: `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`,
    });
    dir = await mkdtemp(join(tmpdir(), 'likeness-compat-'));
  });
  after(async () => {
    await server.close();
    hook.close();
    await rm(dir, { recursive: true, force: true });
  });

  const create = async (path: string, body: Record<string, unknown>) => {
    const r = await api(server, 'POST', path, { token, body });
    assert.equal(r.body.code, 0, `${path}: ${JSON.stringify(r.body)}`);
    return { taskId: r.body.task_id as string, contract: r.headers.get('x-likeness-contract') ?? '' };
  };

  const video = async (path: string, body: Record<string, unknown>, name: string) => {
    const { taskId, contract } = await create(path, body);
    const done = await waitTask(server, token, '/api/v2/svc/video/task', taskId, 240_000);
    assert.equal(done.status, 3, JSON.stringify(done));
    const { info } = await download(done.video_Url as string, dir, name);
    assert.equal(info.video?.codec, 'h264');
    assert.equal(info.audio?.codec, 'aac');
    assert.equal(done.duration, Math.round(info.durationSec), 'duration reported = duration of the file');
    return { taskId, contract, info };
  };

  let imageAvatar = '';
  let speech = { fileId: '', seconds: 0 };

  test('long titles are kept as their first 20 characters, and the client is told', async () => {
    // Audio that the lip-sync flows below use, made the way a client would: text to speech, downloaded.
    const { taskId, contract } = await create('/api/v2/svc/audio/create_by_tts', {
      voice: 'pub-en-emma',
      text: 'Hello, this is a test of the lip-sync pipeline with a longer title than the limit.',
      title: 'Text-to-speech Audio Test',
    });
    assert.match(contract, /^title: at most 20 characters; cut from 25 to 20 characters$/);
    const done = await waitTask(server, token, '/api/v2/svc/video/task', taskId);
    assert.equal(done.status, 3, JSON.stringify(done));
    const mp3 = await download(done.video_Url as string, dir, 'speech.mp3');
    speech = {
      fileId: await upload(server, token, 'mp3', await readFile(mp3.path)),
      seconds: mp3.info.durationSec,
    };
    assert.ok(speech.seconds > 5, `speech of ${speech.seconds} s`);

    const notes = await server.container.services.contract.list(accountId);
    const titleNote = notes.find((n) => n.field === 'title');
    assert.equal(titleNote?.operation, 'POST /api/v2/svc/audio/create_by_tts');
    assert.equal(titleNote?.rule, 'at most 20 characters');
  });

  test('Image Avatar Text Test: an avatar from an uploaded photo speaks text', async () => {
    const photo = await upload(server, token, 'jpg', await readFile(facePhoto(2)));
    const { taskId } = await create('/api/v2/svc/avatar/create_by_image', {
      file_id: photo,
      title: 'Image Avatar Text Test',
    });
    const avatarTask = await waitTask(server, token, '/api/v2/svc/avatar/task', taskId, 120_000);
    assert.equal(avatarTask.status, 3, JSON.stringify(avatarTask));
    imageAvatar = avatarTask.avatar as string;
    // A photo of three people: the reply says so and which one speaks.
    const face = avatarTask.face as { faces_found: number; speaker: { place: string }; notice: string };
    assert.equal(face.faces_found, 3, JSON.stringify(face));
    assert.match(face.notice, /^3 faces were found in the image; the one .* speaks/);
    const { taskId: work, info } = await video(
      '/api/v2/svc/video/create_by_tts',
      {
        text: 'Hello from an image avatar.',
        avatar: imageAvatar,
        voice: 'pub-en-emma',
        title: 'Text-driven Lipsync Video',
      },
      'image-text.mp4',
    );
    assert.ok(info.durationSec > 1);
    await until(() => callbacks.some((c) => c.task_id === work));
    assert.equal(callbacks.find((c) => c.task_id === work)?.title, 'Text-driven Lipsync ');
  });

  test('Video Avatar Audio Test and the lip-sync pipeline: uploaded video and audio, titles of 23 and 41 characters', async () => {
    // What a user films: a small face (~90 px), looking down and tilted, in a 640x360 frame.
    const clip = await makeSmallFaceVideo(join(dir, 'me.mp4'), 6);
    const videoFile = await upload(server, token, 'mp4', await readFile(clip));
    const { taskId } = await create('/api/v2/svc/avatar/create_by_video', {
      file_id: videoFile,
      title: 'Video Avatar Audio Test',
    });
    const avatarTask = await waitTask(server, token, '/api/v2/svc/avatar/task', taskId, 120_000);
    assert.equal(avatarTask.status, 3, JSON.stringify(avatarTask));
    const face = avatarTask.face as { faces_found: number; face_width_px: number; notice?: string };
    assert.equal(face.faces_found, 1);
    assert.ok(face.face_width_px > 80 && face.face_width_px < 110, JSON.stringify(face));
    assert.equal(face.notice, undefined);
    const a = await video(
      '/api/v2/svc/video/create_by_audio',
      { file_id: speech.fileId, avatar: avatarTask.avatar, title: 'Video Avatar Audio Test' },
      'video-audio.mp4',
    );
    assert.ok(
      Math.abs(a.info.durationSec - speech.seconds) <= 0.1,
      `${a.info.durationSec} vs ${speech.seconds}`,
    );
    // The video-production app names every work vido-<uuid> and sends the uploaded video itself.
    const b = await video(
      '/api/v2/svc/video/create_by_audio',
      {
        file_id: speech.fileId,
        video_file_id: videoFile,
        title: 'vido-3f2b8c1e-9d4a-4e7b-b6a1-0c5d2e8f7a91',
      },
      'lipsync.mp4',
    );
    assert.match(b.contract, /cut from 41 to 20 characters/);
    assert.ok(Math.abs(b.info.durationSec - speech.seconds) <= 0.1);
  });

  test('Reuse Avatar Audio Test and Specific Voice ID Test', async () => {
    const reuse = await video(
      '/api/v2/svc/video/create_by_audio',
      { file_id: speech.fileId, avatar: imageAvatar, title: 'Reuse Avatar Audio Test' },
      'reuse.mp4',
    );
    assert.ok(Math.abs(reuse.info.durationSec - speech.seconds) <= 0.1);
    const voiced = await video(
      '/api/v2/svc/video/create_by_template',
      {
        template: (await api(server, 'GET', '/api/v2/svc/video/lively_templates', { token })).body.data[0]
          .template,
        text: 'A specific voice reads this.',
        avatar: imageAvatar,
        voice: 'pub-en-james',
        title: 'Specific Voice ID Test',
      },
      'voice.mp4',
    );
    assert.ok(voiced.info.durationSec > 1);
  });

  test('an empty title takes the default and a title that is not a string is still refused', async () => {
    const { taskId } = await create('/api/v2/svc/audio/create_by_tts', {
      voice: 'pub-en-emma',
      text: 'Hi.',
      title: '',
    });
    await waitTask(server, token, '/api/v2/svc/video/task', taskId);
    await until(() => callbacks.some((c) => c.task_id === taskId));
    assert.equal(callbacks.find((c) => c.task_id === taskId)?.title, 'Untitled');
    const r = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
      token,
      body: { voice: 'pub-en-emma', text: 'Hi.', title: 25 },
    });
    assert.equal(r.body.code, 11);
    assert.match(r.body.message, /title must be a string/);
  });
});

async function until(cond: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
