import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  AuthenticationError,
  InsufficientCreditsError,
  InvalidParameterError,
  LikenessClient,
  LikenessError,
  MediaError,
  NotFoundError,
  PlanRequiredError,
  TaskFailedError,
  TaskTimeoutError,
  type TaskProgress,
} from '../src/node.js';
import {
  clientFor,
  createAccount,
  facePhoto,
  makeFaceVideo,
  makeTone,
  probe,
  QUICK,
  startServer,
  type TestServer,
} from './helpers/service.js';
import { taggingTranslationEngine } from '../../server/test/helpers/translation.js';

/** Every endpoint of both APIs through the SDK, against the real service on a random port. */
describe('LikenessClient against the real service', () => {
  let server: TestServer;
  let client: LikenessClient;
  let dir: string;
  let faceVideo: string;
  before(async () => {
    server = await startServer(
      { LIKENESS_WORKERS: '2', LIKENESS_PLAN_GATES: 'on' },
      { translationEngines: [taggingTranslationEngine()] },
    );
    const { token } = await createAccount(server, { credits: 5000, plan: 'pro' });
    client = clientFor(server, token);
    dir = await mkdtemp(join(tmpdir(), 'likeness-sdk-'));
    faceVideo = await makeFaceVideo(join(dir, 'face.mp4'), facePhoto(1), 5.5);
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const download = async (url: string, name: string) => {
    const res = await fetch(url);
    assert.equal(res.status, 200);
    const path = join(dir, name);
    await writeFile(path, Buffer.from(await res.arrayBuffer()));
    return probe(path);
  };

  test('account: the credit balance', async () => {
    const r = await client.account.credit();
    assert.equal(r.code, 0);
    assert.equal(r.left, 5000);
    assert.match(r.request_id, /^req_/);
  });

  test('uploads: from a path, bytes, a Blob, a Node stream and a web stream; a grant and a PUT apart', async () => {
    const photo = facePhoto(1);
    const size = (await stat(photo)).size;
    const fromPath = await client.upload(photo);
    assert.match(fromPath.file_id, /^file_/);
    assert.equal(fromPath.size, size);
    assert.equal(fromPath.content_type, 'image/jpeg');

    const bytes = await readFile(photo);
    assert.equal((await client.upload(bytes, { extension: 'jpg' })).size, size);
    const blob = new Blob([bytes], { type: 'image/jpeg' });
    assert.equal((await client.upload(blob)).size, size, 'the extension comes from the Blob type');
    const nodeStream = await client.upload(createReadStream(photo), { size });
    assert.equal(nodeStream.size, size, 'the extension comes from the stream path');
    const web = new Blob([bytes]).stream();
    assert.equal((await client.upload(web, { extension: 'jpg' })).size, size, 'chunked, no length given');

    const grant = await client.uploads.createUrl({ file_extension: 'wav' });
    const tone = await makeTone(join(dir, 'tone.wav'), 1);
    const put = await client.uploads.put(grant, tone);
    assert.equal(put.file_id, grant.file_id);

    await assert.rejects(client.upload(bytes), /pass options.extension/);
    await assert.rejects(client.upload(bytes, { extension: 'exe' }), (e: unknown) => {
      assert.ok(e instanceof MediaError);
      assert.equal(e.code, 2012);
      return true;
    });
  });

  test('avatars: from a video and an image, task, list, delete; waitForTask finds the kind and reports progress', async () => {
    const video = await client.avatars.createByVideo({
      file_id: (await client.upload(faceVideo)).file_id,
      title: 'Me',
    });
    const image = await client.avatars.createByImage({
      file_id: (await client.upload(facePhoto(2))).file_id,
      model: 1,
    });
    const seen: TaskProgress[] = [];
    const done = await client.waitForTask(video.task_id, { ...QUICK, onProgress: (p) => seen.push(p) });
    assert.equal(done.status, 3);
    assert.ok('avatar' in done && /^av_/.test(done.avatar));
    assert.equal(seen[0]!.kind, 'avatar', 'the kind was found out');
    assert.equal(seen.at(-1)!.progress, 100);
    assert.ok(seen.every((p, i) => i === 0 || p.progress >= seen[i - 1]!.progress));
    const imageDone = await client.waitForTask(image.task_id, { ...QUICK, kind: 'avatar' });
    assert.match(imageDone.avatar, /^av_/);
    assert.equal((await client.avatars.task(image.task_id)).status, 3);

    const own = await client.avatars.list({ kind: 1 });
    assert.deepEqual(own.data.map((a) => a.avatar).sort(), [done.avatar, imageDone.avatar].sort());
    const all = await client.avatars.list({ kind: 0, size: 200 });
    assert.ok(all.data.length > own.data.length, 'own first, then the public ones');
    assert.equal((await client.avatars.list()).data[0]!.kind, 2, 'the default lists public avatars');
    await client.avatars.delete(imageDone.avatar);
    assert.equal((await client.avatars.list({ kind: 1 })).data.length, 1);
    await assert.rejects(client.avatars.delete('pub-avatar-lin'), InvalidParameterError);
  });

  test('voices: clone from speech made by the service itself, task, edit, list', async () => {
    const speech = await client.audio.createByTts({
      voice: 'pub-en-james',
      text: 'This is a sample of my voice. I speak calmly and clearly, so that the clone sounds like me.',
    });
    const spoken = await client.waitForTask(speech.task_id, { ...QUICK, kind: 'work' });
    const sample = join(dir, 'sample.mp3');
    await writeFile(sample, Buffer.from(await (await fetch(spoken.video_Url)).arrayBuffer()));
    const created = await client.voices.create({
      title: 'Narrator',
      voice_type: 8,
      file_id: (await client.upload(sample)).file_id,
      languages: 'en',
    });
    const done = await client.waitForTask(created.task_id, { ...QUICK, kind: 'voice' });
    assert.match(done.voice, /^vo_/);
    assert.ok(done.demo_url.startsWith(server.url));
    assert.equal((await client.voices.task(created.task_id)).voice, done.voice);
    await client.voices.edit({ voice: done.voice, rate: '1.2', volume: '1.0', pitch: '0.9' });
    const mine = await client.voices.list({ kind: 1 });
    assert.deepEqual(
      mine.data.map((v) => [v.voice, v.rate, v.pitch]),
      [[done.voice, '1.2', '0.9']],
    );
    assert.ok(
      (await client.voices.list({ kind: 2, size: 300 })).data.some((v) => v.voice === 'pub-zh-xiaoyun'),
    );
  });

  test('videos: by text (a real MP4), by audio, by template; task; templates; delete', async () => {
    const tts = await client.videos.createByTts({
      text: '你好，欢迎。',
      avatar: 'pub-avatar-lin',
      voice: 'pub-zh-xiaoyun',
      st_show: 1,
      title: 'Hello',
    });
    const tone = await makeTone(join(dir, 'drive.wav'), 5.2);
    const byAudio = await client.videos.createByAudio({
      file_id: (await client.upload(tone)).file_id,
      avatar: 'pub-avatar-alex',
    });
    const templates = await client.videos.livelyTemplates({ type: 0, size: 5 });
    assert.ok(templates.total > 0 && templates.data.length > 0);
    const byTemplate = await client.videos.createByTemplate({
      template: templates.data[0]!.template,
      text: 'Breaking news.',
      avatar: 'pub-avatar-alex',
      voice: 'pub-en-emma',
    });

    const video = await client.waitForTask(tts.task_id, { ...QUICK, kind: 'work' });
    assert.ok((video.duration ?? 0) >= 1);
    const info = await download(video.video_Url, 'tts.mp4');
    assert.equal(info.video?.codec, 'h264');
    assert.equal(info.audio?.codec, 'aac');
    assert.equal((await client.videos.task(tts.task_id)).status, 3);

    const audioVideo = await client.waitForTask(byAudio.task_id, { ...QUICK, kind: 'work' });
    assert.ok((audioVideo.duration ?? 0) >= 5);
    const templateVideo = await client.waitForTask(byTemplate.task_id, { ...QUICK, kind: 'work' });
    assert.equal(templateVideo.status, 3);

    await client.videos.deleteTask(tts.task_id);
    await assert.rejects(client.videos.task(tts.task_id), NotFoundError);
  });

  test('videos: translate, sing and image-driven tasks; a failed task is a TaskFailedError', async () => {
    const image = (await client.upload(facePhoto(1))).file_id;
    const song = (await client.upload(await makeTone(join(dir, 'song.wav'), 3))).file_id;
    const video = (await client.upload(faceVideo)).file_id;
    // The test server's translation engine (a tagging double) takes English to Spanish only: another
    // target is refused at once (code 11) with the server's set; a Spanish one is a task.
    await assert.rejects(
      client.videos.translate({ video_file_id: video, target_language_code: 'ja' }),
      (e: unknown) => {
        assert.ok(e instanceof InvalidParameterError);
        assert.match(e.message, /must be one of es on this server/);
        return true;
      },
    );
    const translate = await client.videos.translate({ video_file_id: video, target_language_code: 'es' });
    const sing = await client.videos.createBySing({ image_file_id: image, audio_file_id: song });
    const byImage = await client.videos.createByImage({
      image_file_id: image,
      voice: 'pub-en-emma',
      text: 'Hi.',
      model: 6,
    });
    for (const id of [sing.task_id, byImage.task_id]) {
      const r = await client.videos.task(id);
      assert.ok([1, 2, 3].includes(r.status), `task ${id}: ${JSON.stringify(r)}`);
    }
    // The double recognises no speech in the face video: the task fails, refunded.
    await assert.rejects(client.waitForTask(translate.task_id, QUICK), (e: unknown) => {
      assert.ok(e instanceof TaskFailedError);
      assert.equal(e.taskId, translate.task_id);
      assert.match(e.message, /no sound to translate|no speech was found/);
      assert.ok(e.code > 0);
      return true;
    });
    await assert.rejects(client.videos.deleteTask(sing.task_id), InvalidParameterError);
  });

  test('audio from text and covers', async () => {
    const audio = await client.audio.createByTts({ voice: 'pub-en-emma', text: 'Hello there.' });
    const done = await client.waitForTask(audio.task_id, { ...QUICK, kind: 'work' });
    assert.equal((await download(done.video_Url, 'speech.mp3')).audio?.codec, 'mp3');

    const styles = await client.covers.styles({ size: 200 });
    assert.equal(styles.data.length, styles.total);
    const cover = await client.covers.create({
      template: styles.data[0]!.id,
      content: 'New product\nLive tonight',
      output_format: 'png',
      canvas_preset: '3:4',
    });
    assert.match(cover.cover_id, /^cov_/);
    const img = await fetch(cover.url);
    assert.equal(img.headers.get('content-type'), 'image/png');
  });

  test('clone API: Avatar / Clone by Image, the asset list with cursor paging', async () => {
    const a = await client.clone.avatarByImage({
      file_id: (await client.upload(facePhoto(3))).file_id,
      title: 'C1',
    });
    assert.equal(a.asset.category, 'avatar');
    assert.equal(a.paid_plan_required.required, false);
    const b = await client.clone.avatarByImage({
      file_id: (await client.upload(facePhoto(4))).file_id,
      title: 'C2',
    });
    await client.waitForTask(a.task.id, { ...QUICK, kind: 'avatar' });
    await client.waitForTask(b.task.id, { ...QUICK, kind: 'avatar' });
    const first = await client.clone.avatars({ limit: 1 });
    assert.equal(first.items.length, 1);
    assert.ok(first.next_cursor);
    const second = await client.clone.avatars({ limit: 1, cursor: first.next_cursor });
    assert.notEqual(second.items[0]!.id, first.items[0]!.id);
    const all = [];
    for await (const asset of client.cloneAvatars({ limit: 1 })) all.push(asset.id);
    assert.ok(all.includes(a.asset.id) && all.includes(b.asset.id));
    assert.equal(new Set(all).size, all.length);
    await assert.rejects(client.clone.avatars({ cursor: 'garbage' }), (e: unknown) => {
      assert.ok(e instanceof InvalidParameterError);
      assert.equal(e.code, 12);
      assert.equal(e.api, 'clone');
      assert.equal(e.httpStatus, 400);
      assert.match(e.requestId, /^req_/, 'from the x-request-id header: the clone envelope has none');
      assert.match(e.detail ?? '', /cursor/);
      return true;
    });
  });

  test('errors are typed and carry code, message and request_id', async () => {
    const bad = new LikenessClient({ baseUrl: server.url, token: 'lk_wrong' });
    await assert.rejects(bad.account.credit(), (e: unknown) => {
      assert.ok(e instanceof AuthenticationError);
      assert.equal(e.code, 2003);
      assert.equal(e.httpStatus, 401);
      assert.match(e.request_id, /^req_/);
      assert.match(e.message, /invalid token/);
      return true;
    });
    await assert.rejects(
      bad.clone.avatars(),
      (e: unknown) => e instanceof AuthenticationError && e.code === 13,
    );
    await assert.rejects(
      client.videos.createByTts({ text: 'hi', avatar: 'pub-avatar-lin', voice: 'nope' }),
      (e: unknown) => e instanceof NotFoundError && e.code === 14 && /voice 'nope'/.test(e.message),
    );
    await assert.rejects(
      client.audio.createByTts({ voice: 'pub-en-emma', text: '<b>x</b>' }),
      (e: unknown) => e instanceof InvalidParameterError && /text/.test(e.message),
    );
    const poor = await createAccount(server, { credits: 0, plan: 'pro' });
    await assert.rejects(
      clientFor(server, poor.token).audio.createByTts({ voice: 'pub-en-emma', text: 'Hello.' }),
      (e: unknown) => e instanceof InsufficientCreditsError && e.code === 1002,
    );
    const free = await createAccount(server, { credits: 100, plan: 'free' });
    const freeClient = clientFor(server, free.token);
    const fileId = (await freeClient.upload(facePhoto(1))).file_id;
    await assert.rejects(freeClient.clone.avatarByImage({ file_id: fileId }), (e: unknown) => {
      assert.ok(e instanceof PlanRequiredError);
      assert.equal(e.code, 1409);
      assert.deepEqual((e.data as { paid_plan_required: unknown }).paid_plan_required, {
        required: true,
        minimum_plan: 'basic',
        current_plan: 'free',
      });
      return true;
    });
    assert.ok(new NotFoundError({ code: 14, message: 'x', api: 'svc' }) instanceof LikenessError);
  });

  test('waitForTask gives up after its time limit with TaskTimeoutError', async () => {
    const t = await client.videos.createByTts({
      text: 'This one takes a moment to render, longer than the limit.',
      avatar: 'pub-avatar-lin',
      voice: 'pub-en-emma',
    });
    await assert.rejects(
      client.waitForTask(t.task_id, { kind: 'work', timeoutMs: 1, intervalMs: 50 }),
      (e: unknown) => {
        assert.ok(e instanceof TaskTimeoutError);
        assert.equal(e.taskId, t.task_id);
        assert.ok([1, 2].includes(e.lastStatus));
        return true;
      },
    );
    await assert.rejects(client.waitForTask('t_missing', QUICK), NotFoundError);
  });
});

describe('retries against the real service', () => {
  test('code 1001 (too many works in progress) is retried with backoff until a slot frees', async () => {
    const server = await startServer({ LIKENESS_MAX_ACTIVE_WORKS: '1' });
    try {
      const { token } = await createAccount(server);
      let calls = 0;
      const client = clientFor(server, token, {
        retry: { retries: 8, minDelayMs: 200, maxDelayMs: 2000 },
        fetch: (input, init) => {
          calls++;
          return fetch(input, init);
        },
      });
      const first = await client.audio.createByTts({ voice: 'pub-en-emma', text: 'First.' });
      const before = calls;
      const second = await client.audio.createByTts({ voice: 'pub-en-emma', text: 'Second.' });
      assert.ok(calls - before > 1, `the second submission was retried (${calls - before} calls)`);
      assert.notEqual(first.task_id, second.task_id);
      assert.equal((await client.waitForTask(second.task_id, { ...QUICK, kind: 'work' })).status, 3);
    } finally {
      await server.close();
    }
  });
});
