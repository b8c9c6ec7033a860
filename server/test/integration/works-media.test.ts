import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { hasAigcMark } from '../../src/media/compose/index.js';
import { probeMedia } from '../../src/media/probe.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { JobRepository } from '../../src/repositories/job.repository.js';
import { bins, facePhoto, makeTone } from '../helpers/media-fixtures.js';
import { download, lufs } from '../helpers/probe.js';
import {
  api,
  createAccount,
  startServer,
  tamperSignature,
  upload,
  waitTask,
  type TestServer,
} from '../helpers/server.js';

describe('works: real media from every video and audio endpoint', () => {
  let server: TestServer;
  let token: string;
  let dir: string;
  const text = '你好，欢迎使用数字人视频服务。';
  before(async () => {
    server = await startServer({ LIKENESS_WORKERS: '2' });
    token = (await createAccount(server, { credits: 5000, plan: 'pro' })).token;
    dir = await mkdtemp(join(tmpdir(), 'likeness-works-'));
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const submit = async (path: string, body: Record<string, unknown>) => {
    const r = await api(server, 'POST', path, { token, body });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    return waitTask(server, token, '/api/v2/svc/video/task', r.body.task_id);
  };

  /** Speech length of `text` in a public voice, from the engine itself. */
  const speechSeconds = async (t: string, voice: string) => {
    const row = await server.container.services.voices.getForJob(voice);
    const r = await server.container.media.speech.synthesize(
      t,
      { language: row!.language as 'zh', profile: JSON.parse(row!.profile!), rate: 1, volume: 1, pitch: 1 },
      join(dir, `ref-${voice}.wav`),
    );
    return r.durationSec;
  };

  test('create_by_tts: H.264/AAC MP4 as long as the speech, subtitles and AIGC label', async () => {
    const done = await submit('/api/v2/svc/video/create_by_tts', {
      text,
      voice: 'pub-zh-xiaoyun',
      avatar: 'pub-avatar-lin',
      st_show: 1,
      title: 'tts',
    });
    assert.equal(done.status, 3, JSON.stringify(done));
    const { info } = await download(done.video_Url, dir, 'tts.mp4');
    assert.equal(info.video?.codec, 'h264');
    assert.equal(info.audio?.codec, 'aac');
    assert.deepEqual([info.video?.width, info.video?.height], [720, 1280]);
    const expected = await speechSeconds(text, 'pub-zh-xiaoyun');
    assert.ok(
      Math.abs(info.durationSec - expected) <= 0.1,
      `video ${info.durationSec} s vs speech ${expected} s`,
    );
    assert.equal(done.duration, Math.round(info.durationSec));
    assert.ok(hasAigcMark(info.tags.comment ?? ''), 'AIGC metadata by the account default');

    const off = await submit('/api/v2/svc/video/create_by_tts', {
      text: '关闭标识。',
      voice: 'pub-zh-xiaoyun',
      avatar: 'pub-avatar-lin',
      aigc_flag: 2,
    });
    const plain = await download(off.video_Url, dir, 'plain.mp4');
    assert.equal(hasAigcMark(plain.info.tags.comment ?? ''), false);
  });

  test('an MP3 whose header only estimates its length renders as long as its sound', async () => {
    // VBR without a length header: ffprobe estimates 10 s of sound at about 9.4 s from the bitrate.
    const mp3 = join(dir, 'estimated.mp3');
    await runMediaBinary(bins.ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'sine=frequency=220:duration=10,volume=0.5', '-af', 'tremolo=f=3:d=0.9'],
      ...['-c:a', 'libmp3lame', '-q:a', '9', '-write_xing', '0', mp3],
    ]);
    const estimated = (await probeMedia(bins.ffprobe, mp3)).durationSec;
    assert.ok(estimated < 9.7, `the header estimates ${estimated} s`);
    const fileId = await upload(server, token, 'mp3', await readFile(mp3));
    const done = await submit('/api/v2/svc/video/create_by_audio', {
      file_id: fileId,
      avatar: 'pub-avatar-chen',
    });
    assert.equal(done.status, 3, JSON.stringify(done));
    const { info } = await download(done.video_Url, dir, 'estimated.mp4');
    assert.ok(Math.abs(info.durationSec - 10) <= 0.1, `video of ${info.durationSec} s for 10 s of sound`);
  });

  test('create_by_audio: duration follows the uploaded audio; the URL supports Range', async () => {
    const wav = await makeTone(join(dir, 'tone.wav'), 6);
    const fileId = await upload(server, token, 'wav', await readFile(wav));
    const done = await submit('/api/v2/svc/video/create_by_audio', {
      file_id: fileId,
      avatar: 'pub-avatar-chen',
      video_start_msec: 500,
    });
    assert.equal(done.status, 3, JSON.stringify(done));
    const { info } = await download(done.video_Url, dir, 'audio.mp4');
    assert.ok(Math.abs(info.durationSec - 6) <= 0.1, `duration ${info.durationSec}`);
    const ranged = await fetch(done.video_Url, { headers: { range: 'bytes=0-99' } });
    assert.equal(ranged.status, 206);
    assert.equal((await ranged.arrayBuffer()).byteLength, 100);
    assert.match(ranged.headers.get('content-range') ?? '', /^bytes 0-99\/\d+$/);
    const tampered = await fetch(tamperSignature(done.video_Url));
    assert.equal(tampered.status, 403);
  });

  test('audio/create_by_tts: an MP3 as long as the speech, read through video/task', async () => {
    const t = 'Hello, this is the audio service.';
    const done = await submit('/api/v2/svc/audio/create_by_tts', {
      text: t,
      voice: 'pub-en-emma',
      title: 'audio',
    });
    assert.equal(done.status, 3, JSON.stringify(done));
    const { info } = await download(done.video_Url, dir, 'speech.mp3');
    assert.equal(info.audio?.codec, 'mp3');
    assert.equal(info.video, null);
    const expected = await speechSeconds(t, 'pub-en-emma');
    assert.ok(
      Math.abs(info.durationSec - expected) <= 0.1,
      `mp3 ${info.durationSec} s vs speech ${expected} s`,
    );
  });

  test('create_by_template: layout, bgm mixed, loudness target met, custom cover as poster', async () => {
    const bgm = await makeTone(join(dir, 'bgm.wav'), 8);
    const bgmId = await upload(server, token, 'wav', await readFile(bgm));
    const coverId = await upload(server, token, 'jpg', await readFile(facePhoto(2)));
    const templates = (
      await api(server, 'GET', '/api/v2/svc/video/lively_templates', { token, query: { type: 1 } })
    ).body.data;
    const done = await submit('/api/v2/svc/video/create_by_template', {
      template: templates[0].template,
      text,
      voice: 'pub-zh-haoran',
      avatar: 'pub-avatar-alex',
      title: '模板视频',
      bgm_file_id: bgmId,
      cover_file_id: coverId,
      norm_lufs: 16,
    });
    assert.equal(done.status, 3, JSON.stringify(done));
    const { path, info } = await download(done.video_Url, dir, 'template.mp4');
    assert.deepEqual([info.video?.width, info.video?.height], [1280, 720], 'landscape template');
    const loud = await lufs(path);
    assert.ok(Math.abs(loud - -16) <= 1, `integrated loudness ${loud} LUFS`);
    const streams = JSON.parse(
      (
        await (
          await import('../../src/media/run-ffmpeg.js')
        ).runMediaBinary(bins.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_streams', path], {
          captureStdout: true,
        })
      ).stdout,
    ) as { streams: { disposition?: { attached_pic?: number } }[] };
    assert.ok(
      streams.streams.some((s) => s.disposition?.attached_pic === 1),
      'cover attached as the poster picture',
    );
  });

  test('create_by_sing and create_by_image (realistic and cartoon): MP4s with no duration in the query', async () => {
    const photo = await upload(server, token, 'jpg', await readFile(facePhoto(1)));
    const song = await upload(server, token, 'wav', await readFile(await makeTone(join(dir, 'song.wav'), 5)));
    const cases: [string, Record<string, unknown>][] = [
      ['/api/v2/svc/video/create_by_sing', { image_file_id: photo, audio_file_id: song }],
      [
        '/api/v2/svc/video/create_by_image',
        { image_file_id: photo, voice: 'pub-zh-xiaoyun', text: '你好。' },
      ],
      [
        '/api/v2/svc/video/create_by_image',
        { image_file_id: photo, voice: 'pub-zh-xiaoyun', text: '卡通。', model: 6 },
      ],
    ];
    for (const [i, [path, body]] of cases.entries()) {
      const done = await submit(path, body);
      assert.equal(done.status, 3, JSON.stringify(done));
      assert.equal('duration' in done, false, `${path} reports no duration`);
      const { info } = await download(done.video_Url, dir, `x-${i}.mp4`);
      assert.equal(info.video?.codec, 'h264');
      assert.ok(info.durationSec > 0.5);
    }
  });

  test('deleting a task while it renders stops the render and refunds it', async () => {
    const left = async () =>
      (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left as number;
    const before = await left();
    const long = '今天我们来聊一聊数字人视频。'.repeat(12);
    const r = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: { text: long, voice: 'pub-zh-xiaoyun', avatar: 'pub-avatar-lin' },
    });
    assert.equal(r.body.code, 0);
    const id = r.body.task_id as string;
    for (;;) {
      const q = await api(server, 'GET', '/api/v2/svc/video/task', { token, query: { task_id: id } });
      assert.ok(q.body.status <= 2, 'deleted before it finished');
      if (q.body.status === 2 && q.body.progress >= 20) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    const del = await api(server, 'DELETE', '/api/v2/svc/video/task', { token, query: { task_id: id } });
    assert.equal(del.body.code, 0);
    await server.container.queue.drain();
    const [job] = await new JobRepository(server.container.db).ofTask(id);
    assert.deepEqual([job?.state, job?.last_error], ['done', 'cancelled']);
    assert.equal(await server.container.blobs.stat(`works/${id}/video.mp4`), null, 'no output stored');
    assert.equal(await left(), before, 'refunded');
  });
});
