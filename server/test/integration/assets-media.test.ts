import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { extractFrame, hashFile } from '../../src/media/compose/index.js';
import {
  bins,
  facePhoto,
  makeCutAwayVideo,
  makeFaceVideo,
  makePatternVideo,
  makeSwayVideo,
  makeTone,
  MARKER_PX_PER_SEC,
  markerX,
} from '../helpers/media-fixtures.js';
import { downloadCatalogue, fetchCatalogue } from '../helpers/catalogue.js';
import { download } from '../helpers/probe.js';
import { api, createAccount, startServer, upload, waitTask, type TestServer } from '../helpers/server.js';

describe('avatars, voices, covers and the clone API with real media', () => {
  let server: TestServer;
  let token: string;
  let dir: string;
  let files: Server;
  let filesUrl: string;
  before(async () => {
    server = await startServer({ LIKENESS_WORKERS: '2', LIKENESS_PLAN_GATES: 'on' });
    token = (await createAccount(server, { credits: 5000, plan: 'pro' })).token;
    dir = await mkdtemp(join(tmpdir(), 'likeness-assets-'));
    await makeFaceVideo(join(dir, 'face.mp4'), facePhoto(1), 5.5);
    await makePatternVideo(join(dir, 'pattern.mp4'), 5.5);
    // A local file server for URL inputs (allowed through LIKENESS_FETCH_ALLOW=127.0.0.1).
    files = createServer((req, res) => {
      const p = join(dir, (req.url ?? '').replace(/^\//, '').split('?')[0]!);
      stat(p).then(
        (s) => {
          res.setHeader('content-length', s.size);
          createReadStream(p).pipe(res);
        },
        () => {
          res.statusCode = 404;
          res.end();
        },
      );
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    filesUrl = `http://127.0.0.1:${(files.address() as { port: number }).port}`;
  });
  after(async () => {
    files.closeAllConnections();
    files.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const avatarTask = async (body: Record<string, unknown>, path = '/api/v2/svc/avatar/create_by_video') => {
    const r = await api(server, 'POST', path, { token, body });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    return waitTask(server, token, '/api/v2/svc/avatar/task', r.body.task_id);
  };

  test('avatar from a video URL; the same URL gives the same avatar; a video without a face is 2015', async () => {
    const url = `${filesUrl}/face.mp4?x=1`;
    // The second submission arrives while the first one's avatar is being made (one after the
    // other, so the avatar is the first one's, titled 'me'; submissions at the same instant are
    // the database contract's case).
    const submit = async (body: Record<string, unknown>) => {
      const r = await api(server, 'POST', '/api/v2/svc/avatar/create_by_video', { token, body });
      assert.equal(r.body.code, 0, JSON.stringify(r.body));
      return r.body.task_id as string;
    };
    const first = await submit({ video_url: url, title: 'me' });
    const second = await submit({ video_url: url });
    const [a, b] = await Promise.all(
      [first, second].map((id) => waitTask(server, token, '/api/v2/svc/avatar/task', id)),
    );
    assert.equal(a.status, 3, JSON.stringify(a));
    assert.match(a.avatar, /^av_/);
    assert.equal(b.avatar, a.avatar);
    const c = await avatarTask({ video_url: url });
    assert.equal(c.avatar, a.avatar);
    const list = (await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 1 } })).body
      .data;
    assert.deepEqual(
      list.filter((x: { avatar: string }) => x.avatar === a.avatar),
      [{ avatar: a.avatar, kind: 1, title: 'me' }],
    );

    const none = await avatarTask({ video_url: `${filesUrl}/pattern.mp4` });
    assert.equal(none.status, 4);
    assert.equal(none.fail_code, 2015);
    assert.match(none.fail_reason, /face/);
    await makeFaceVideo(join(dir, 'short.mp4'), facePhoto(1), 2);
    const tooShort = await avatarTask({
      file_id: await upload(server, token, 'mp4', await readFile(join(dir, 'short.mp4'))),
    });
    assert.equal(tooShort.fail_code, 2014);
    assert.match(tooShort.fail_reason, /5 seconds to 30 minutes/);
    const blocked = await api(server, 'POST', '/api/v2/svc/avatar/create_by_video', {
      token,
      body: { video_url: 'http://169.254.169.254/latest/meta-data' },
    });
    const blockedDone = await waitTask(server, token, '/api/v2/svc/avatar/task', blocked.body.task_id);
    assert.equal(blockedDone.fail_code, 2014);
    assert.match(blockedDone.fail_reason, /private or local address/);
  });

  test('a video avatar keeps its mouth region when it is made, and its first video reads that entry', async () => {
    const regions = join(server.dataDir, 'cache', 'regions');
    const entries = async () =>
      Promise.all(
        (await readdir(regions))
          .filter((n) => n.endsWith('.yuv'))
          .map(async (n) => `${n}#${(await stat(join(regions, n))).ino}`),
      );
    // Uploaded: its SHA-256, taken as it was stored, names the region (the job does not hash it again).
    const clip = await readFile(join(dir, 'face.mp4'));
    const avatar = (await avatarTask({ file_id: await upload(server, token, 'mp4', clip) })).avatar;
    const kept = await entries();
    assert.ok(kept.length >= 1, 'the region was kept when the avatar was made');
    const r = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: { text: '你好，今天天气很好。', voice: 'pub-zh-xiaoyun', avatar },
    });
    const done = await waitTask(server, token, '/api/v2/svc/video/task', r.body.task_id);
    assert.equal(done.status, 3, JSON.stringify(done));
    // The same files (names and inodes): the video read the entry instead of writing one of its own.
    assert.deepEqual((await entries()).sort(), kept.sort());
    // Named by the clip's hash taken when the avatar was made, not by one taken at each render.
    const row = (await server.container.services.avatars.getForJob(avatar))!;
    const stored = await server.container.blobs.toLocalPath(row.media_key!, server.dataDir);
    assert.equal(row.media_sha256, await hashFile(stored));
    assert.equal(row.media_sha256, createHash('sha256').update(clip).digest('hex'));
    // Its red marker moves on and never comes back: no seamless loop cut, its videos cross-fade.
    assert.equal(row.loop_cut_frames, null);
  });

  test('a video avatar that sways back to its start keeps where it loops with no seam', async () => {
    // 6 s swaying with a 2 s period: at 25 fps, frames 100, 101, 102 show frames 0, 1, 2 again.
    const photo = join(dir, 'sway-person.png');
    await sharp(facePhoto(1)).extract({ left: 148, top: 0, width: 720, height: 1280 }).png().toFile(photo);
    await makeSwayVideo(join(dir, 'sway.mp4'), photo, 6, 2);
    const avatar = (await avatarTask({ video_url: `${filesUrl}/sway.mp4` })).avatar;
    const row = (await server.container.services.avatars.getForJob(avatar))!;
    assert.equal(row.loop_cut_frames, 100);
  });

  test('a video that cuts away to a slide: the avatar plays the part with the face, and its videos show it throughout', async () => {
    // 3.4 s of a face, then 1.8 s of a slide: the face is in 65% of the frames; its 3.4 s are the avatar.
    await makeCutAwayVideo(join(dir, 'cut-away.mp4'), facePhoto(1), 3.4, 1.8);
    const made = await avatarTask({ video_url: `${filesUrl}/cut-away.mp4` });
    assert.equal(made.status, 3, JSON.stringify(made));
    assert.match(
      made.face.notice,
      /^the face was found in 6\d% of the video's frames; the avatar plays the 3\.\d s from 0\.0 s to 3\.\d s, where it stays in view/,
    );
    const row = (await server.container.services.avatars.getForJob(made.avatar))!;
    assert.ok(Math.abs(row.duration_sec! - 3.4) < 0.1, `the avatar keeps ${row.duration_sec} s`);
    // About 6 s of speech: past the clip's cut, the video loops the face instead of showing the slide.
    const r = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: {
        text: 'Good morning. Today we look at the numbers for the quarter, and what they mean for us.',
        voice: 'pub-en-emma',
        avatar: made.avatar,
      },
    });
    const done = await waitTask(server, token, '/api/v2/svc/video/task', r.body.task_id);
    assert.equal(done.status, 3, JSON.stringify(done));
    const { path, info } = await download(done.video_Url, dir, 'cut-away-out.mp4');
    assert.ok(info.durationSec > 5, `${info.durationSec} s`);
    for (const at of [1, 3.8, info.durationSec - 0.3]) {
      const frame = join(dir, `cut-away-${at}.png`);
      await extractFrame(bins, path, at, frame);
      const { channels } = await sharp(frame).stats();
      // The slide is blue (0x203a80) with white bars; the photo is not.
      const [red, , blue] = channels.map((c) => c.mean);
      assert.ok(blue! - red! < 40, `a face at ${at} s, not the slide: red ${red}, blue ${blue}`);
    }
  });

  test('a work uses the video avatar from video_start_msec', async () => {
    const url = `${filesUrl}/face.mp4?x=1`;
    const avatar = (await avatarTask({ video_url: url })).avatar;
    const r = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: { text: '你好。', voice: 'pub-zh-xiaoyun', avatar, video_start_msec: 2000 },
    });
    const done = await waitTask(server, token, '/api/v2/svc/video/task', r.body.task_id);
    assert.equal(done.status, 3, JSON.stringify(done));
    const { path, info } = await download(done.video_Url, dir, 'from-video.mp4');
    assert.deepEqual([info.video?.width, info.video?.height], [360, 640]);
    // The first frame shows the footage at 2.0 s: the marker has moved 2 × 40 px.
    const frame = join(dir, 'first.png');
    await extractFrame(bins, path, 0, frame);
    const { data, info: px } = await sharp(frame).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const x = markerX(data, px.width);
    assert.ok(
      Math.abs(x - 2 * MARKER_PX_PER_SEC) <= 6,
      `marker at x=${x}, expected about ${2 * MARKER_PX_PER_SEC}`,
    );
  });

  test('avatar from an image (credits); an image without a face is 2015 and refunded', async () => {
    const before = (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left;
    const photo = await upload(server, token, 'jpg', await readFile(facePhoto(3)));
    const ok = await avatarTask({ file_id: photo, model: 1 }, '/api/v2/svc/avatar/create_by_image');
    assert.equal(ok.status, 3, JSON.stringify(ok));
    const blank = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#88aacc' } })
      .png()
      .toBuffer();
    const none = await avatarTask(
      { file_id: await upload(server, token, 'png', blank) },
      '/api/v2/svc/avatar/create_by_image',
    );
    assert.equal(none.fail_code, 2015);
    const after = (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left;
    assert.equal(before - after, 20, 'one image avatar charged, the failed one refunded');
  });

  test('voice clone: profile from the sample, demo in the voice, edits shown in the list', async () => {
    const sample = join(dir, 'sample.wav');
    await server.container.media.speech.synthesize(
      '大家好，我是今天的主持人。欢迎收看我们的节目，希望大家喜欢。',
      {
        language: 'zh',
        profile: {
          medianPitchHz: 180,
          pitchP10Hz: 150,
          pitchP90Hz: 220,
          syllablesPerSec: 4,
          loudnessLufs: -20,
          speechRatio: 0.8,
        },
        rate: 1,
        volume: 1,
        pitch: 1,
      },
      sample,
    );
    const fileId = await upload(server, token, 'wav', await readFile(sample));
    const r = await api(server, 'POST', '/api/v2/svc/voice/create', {
      token,
      body: { title: '主持人', voice_type: 8, file_id: fileId, languages: 'zh' },
    });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    const done = await waitTask(server, token, '/api/v2/svc/voice/task', r.body.task_id);
    assert.equal(done.status, 3, JSON.stringify(done));
    assert.match(done.voice, /^vo_/);
    const demo = await download(done.demo_url, dir, 'demo.mp3');
    assert.equal(demo.info.audio?.codec, 'mp3');
    assert.ok(demo.info.durationSec > 1);
    const profile = JSON.parse((await server.container.services.voices.getForJob(done.voice))!.profile!);
    assert.ok(Math.abs(profile.medianPitchHz - 180) / 180 < 0.08, `median pitch ${profile.medianPitchHz}`);
    assert.ok(profile.syllablesPerSec > 0);
    const say = async () => {
      const t = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
        token,
        body: { voice: done.voice, text: '今天我们来聊一聊数字人。' },
      });
      const d = await waitTask(server, token, '/api/v2/svc/video/task', t.body.task_id);
      return (await download(d.video_Url, dir, `say-${t.body.task_id}.mp3`)).info.durationSec;
    };
    const before = await say();
    const edit = await api(server, 'POST', '/api/v2/svc/voice/edit', {
      token,
      body: { voice: done.voice, rate: '1.5', volume: '0.8', pitch: '1' },
    });
    assert.equal(edit.body.code, 0);
    const after = await say();
    assert.ok(
      Math.abs(after / before - 1 / 1.5) < 0.05,
      `rate 1.5 takes effect: ${before.toFixed(2)} s → ${after.toFixed(2)} s`,
    );
    const list = (await api(server, 'GET', '/api/v2/svc/voice/list', { token })).body.data;
    assert.deepEqual(list[0], {
      voice: done.voice,
      type: 8,
      title: '主持人',
      rate: '1.5',
      volume: '0.8',
      pitch: '1.0',
    });
    const pub = (await api(server, 'GET', '/api/v2/svc/voice/list', { token, query: { kind: 2, size: 300 } }))
      .body.data;
    assert.ok(pub.length >= 13 && pub.every((v: { type: number }) => v.type === 10));
    const noSpeech = await upload(
      server,
      token,
      'wav',
      await readFile(await makeTone(join(dir, 'hum.wav'), 6)),
    );
    const bad = await api(server, 'POST', '/api/v2/svc/voice/create', {
      token,
      body: { title: 'hum', voice_type: 8, file_id: noSpeech },
    });
    const badDone = await waitTask(server, token, '/api/v2/svc/voice/task', bad.body.task_id);
    assert.equal(badDone.status, 4);
    assert.equal(badDone.fail_code, 2013);
  });

  test('covers at 9:16 JPG and 3:4 PNG, with and without an avatar figure', async () => {
    const styles = (await api(server, 'GET', '/api/v2/svc/project/cover_styles', { token })).body;
    assert.ok(styles.total >= 6);
    const preview = await fetchCatalogue(styles.data[0].url);
    assert.equal(preview.headers.get('content-type'), 'image/png');
    assert.deepEqual((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).format, 'png');
    const jpg = await api(server, 'POST', '/api/v2/svc/project/covers', {
      token,
      body: {
        template: styles.data[0].id,
        content: '五个习惯，让你的工作效率翻倍。坚持一个月就能看到变化。',
      },
    });
    assert.equal(jpg.body.code, 0, JSON.stringify(jpg.body));
    const a = await sharp(Buffer.from(await (await fetch(jpg.body.url)).arrayBuffer())).metadata();
    assert.deepEqual([a.format, a.width, a.height], ['jpeg', 1080, 1920]);
    // Explicit slots, placed by name or in order; one more than the style's areas is refused.
    const news = styles.data.find((x: { id: string }) => x.id === 'cover-news').id;
    const png = await api(server, 'POST', '/api/v2/svc/project/covers', {
      token,
      body: {
        template: news,
        slots: [
          { name: 'headline', value: 'Hello' },
          { name: 'tag', value: 'NEW' },
        ],
        canvas_preset: '3:4',
        output_format: 'png',
      },
    });
    assert.equal(png.body.code, 0, JSON.stringify(png.body));
    const b = await sharp(Buffer.from(await (await fetch(png.body.url)).arrayBuffer())).metadata();
    assert.deepEqual([b.format, b.width, b.height], ['png', 1080, 1440]);
    const badSlot = await api(server, 'POST', '/api/v2/svc/project/covers', {
      token,
      body: {
        template: news,
        slots: [{ value: 'a' }, { value: 'b' }, { value: 'c' }, { name: 'nope', value: 'x' }],
      },
    });
    assert.equal(badSlot.body.code, 11);
    assert.match(badSlot.body.message, /slots\[3\] 'nope' has no text area left/);
    const withAvatar = await api(server, 'POST', '/api/v2/svc/project/covers', {
      token,
      body: {
        template: styles.data[1].id,
        avatar: 'pub-avatar-mei',
        content: '新品发布',
        canvas_preset: '3:4',
        output_format: 'png',
      },
    });
    assert.equal(withAvatar.body.code, 0, JSON.stringify(withAvatar.body));
    const c = await sharp(Buffer.from(await (await fetch(withAvatar.body.url)).arrayBuffer())).metadata();
    assert.deepEqual([c.format, c.width, c.height], ['png', 1080, 1440]);
    const missing = await api(server, 'POST', '/api/v2/svc/project/covers', {
      token,
      body: { template: 'nope', content: 'x' },
    });
    assert.equal(missing.body.code, 14);
  });

  test('lively templates: at least 2 per orientation, with cover images', async () => {
    for (const type of [0, 1, 2, 3]) {
      const r = await api(server, 'GET', '/api/v2/svc/video/lively_templates', { token, query: { type } });
      assert.ok(r.body.total >= 2, `type ${type}`);
      assert.ok(r.body.data.every((t: { type: number }) => t.type === type));
    }
    const one = (await api(server, 'GET', '/api/v2/svc/video/lively_templates', { token })).body.data[0];
    const only = await api(server, 'GET', '/api/v2/svc/video/lively_templates', {
      token,
      query: { template: one.template },
    });
    assert.deepEqual(
      only.body.data.map((t: { template: string }) => t.template),
      [one.template],
    );
    const cover = await fetchCatalogue(one.cover_url);
    assert.equal(cover.status, 200);
    assert.equal(cover.headers.get('content-type'), 'image/png');
    assert.ok((await cover.arrayBuffer()).byteLength > 1000);
    const demo = await downloadCatalogue(one.demo_url, dir, 'template-demo.mp4');
    assert.equal(demo.info.video?.codec, 'h264');
    assert.equal(demo.info.audio?.codec, 'aac');
    assert.ok(demo.info.durationSec > 1);
  });

  test('clone API: portrait image → avatar asset usable by the generation API; wrong category 1402; cursor paging', async () => {
    const img = await upload(server, token, 'jpg', await readFile(facePhoto(4)));
    const r = await api(server, 'POST', '/api/app/v1/clone/avatar/by_image', {
      token,
      body: { file_id: img, title: 'clone' },
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.code, 0);
    assert.equal(r.body.message, 'ok');
    assert.deepEqual(Object.keys(r.body.data).sort(), ['asset', 'paid_plan_required', 'task']);
    assert.equal(r.body.data.asset.category, 'avatar');
    assert.equal(r.body.data.paid_plan_required.required, false);
    const done = await waitTask(server, token, '/api/v2/svc/avatar/task', r.body.data.task.id);
    assert.equal(done.avatar, r.body.data.asset.id);
    const mp3 = await upload(server, token, 'mp3', Buffer.alloc(1000));
    const wrong = await api(server, 'POST', '/api/app/v1/clone/avatar/by_image', {
      token,
      body: { file_id: mp3 },
    });
    assert.equal(wrong.body.code, 1402);
    assert.equal(wrong.body.message, 'asset category mismatch');
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 10; i++) {
      const page = await api(server, 'GET', '/api/app/v1/clone/avatars', {
        token,
        query: cursor ? { limit: 1, cursor } : { limit: 1 },
      });
      assert.equal(page.body.code, 0);
      seen.push(...page.body.data.items.map((x: { id: string }) => x.id));
      cursor = page.body.data.next_cursor;
      if (!cursor) break;
    }
    assert.equal(new Set(seen).size, seen.length, 'no item twice');
    assert.ok(seen.includes(r.body.data.asset.id));
    const free = await createAccount(server, { plan: 'free' });
    const freeImg = await upload(server, free.token, 'jpg', await readFile(facePhoto(4)));
    const paid = await api(server, 'POST', '/api/app/v1/clone/avatar/by_image', {
      token: free.token,
      body: { file_id: freeImg },
    });
    assert.equal(paid.body.code, 1409);
    assert.equal(paid.body.data.paid_plan_required.required, true);
    const poor = await createAccount(server, { credits: 0, plan: 'pro' });
    const poorImg = await upload(server, poor.token, 'jpg', await readFile(facePhoto(4)));
    const broke = await api(server, 'POST', '/api/app/v1/clone/avatar/by_image', {
      token: poor.token,
      body: { file_id: poorImg },
    });
    assert.equal(broke.body.code, 1401);
  });
});
