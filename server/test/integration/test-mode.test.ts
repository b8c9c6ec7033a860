import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { extractFrame } from '../../src/media/compose/index.js';
import { TEST_BALANCE } from '../../src/services/test-mode.js';
import { FAIL_CODES_OF, REFUSE_CODES } from '../../src/services/test-outcomes.js';
import { bins } from '../helpers/media-fixtures.js';
import { download } from '../helpers/probe.js';
import { api, createAccount, startServer, upload, waitTask, type TestServer } from '../helpers/server.js';

describe('test mode: test tokens', () => {
  let server: TestServer;
  before(async () => {
    // Workers off: this is about tokens, balances and what each token sees, not rendering.
    server = await startServer();
    await server.container.queue.stop();
  });
  after(() => server.close());

  const credit = async (token: string) =>
    (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left as number;
  const publicAvatar = async (token: string) =>
    (await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } })).body.data[0]
      .avatar as string;

  test('a test token has a balance of its own; its works are apart from live ones both ways', async () => {
    const live = await createAccount(server, { credits: 50 });
    const accounts = server.container.services.accounts;
    const { token: testToken } = await accounts.createTestToken(live.account_id);
    assert.match(testToken, /^lk_test_[A-Za-z0-9_-]{40,}$/);
    assert.equal(await credit(testToken), TEST_BALANCE);
    assert.equal(await credit(live.token), 50);

    const body = { text: 'Hello there.', voice: 'pub-en-emma', avatar: await publicAvatar(testToken) };
    const made = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', { token: testToken, body });
    assert.equal(made.body.code, 0, JSON.stringify(made.body));
    const spent = TEST_BALANCE - (await credit(testToken));
    assert.ok(spent > 0, 'the test balance pays for test works');
    assert.equal(await credit(live.token), 50, 'live credits untouched');

    const query = (token: string, taskId: string) =>
      api(server, 'GET', '/api/v2/svc/video/task', { token, query: { task_id: taskId } });
    assert.equal((await query(testToken, made.body.task_id)).body.code, 0);
    assert.equal((await query(live.token, made.body.task_id)).body.code, 14, 'a test work is not live');
    const liveWork = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token: live.token,
      body: { ...body, avatar: await publicAvatar(live.token) },
    });
    assert.equal(liveWork.body.code, 0, JSON.stringify(liveWork.body));
    assert.equal((await query(testToken, liveWork.body.task_id)).body.code, 14, 'a live work is not test');
    const del = await api(server, 'DELETE', '/api/v2/svc/video/task', {
      token: testToken,
      query: { task_id: liveWork.body.task_id },
    });
    assert.equal(del.body.code, 14, 'a test token cannot delete live work');

    // Reset: the test balance is back, with a ledger entry; live is still untouched.
    assert.equal(await accounts.resetTestBalance(live.account_id), TEST_BALANCE);
    assert.equal(await credit(testToken), TEST_BALANCE);
    assert.ok((await credit(live.token)) < 50);
  });

  test('a new test token revokes the last; the twin follows the live settings and is not listed', async () => {
    const live = await createAccount(server, { credits: 5 });
    const accounts = server.container.services.accounts;
    const first = await accounts.createTestToken(live.account_id);
    const second = await accounts.createTestToken(live.account_id);
    assert.equal(second.test_account_id, first.test_account_id, 'one twin per account');
    assert.equal(await credit(second.token), TEST_BALANCE);
    // The auth cache is cleared by the new token, so the old one is refused at once.
    const old = await api(server, 'GET', '/api/v2/svc/account/credit', { token: first.token });
    assert.equal(old.status, 401);
    assert.equal(old.body.code, 2003);

    await accounts.update(live.account_id, { callbackUrl: 'http://127.0.0.1:9/hook', v2Callback: true });
    const secret = await accounts.rotateCallbackSecret(live.account_id);
    const twin = (await accounts.resolve({ accountId: first.test_account_id }))!;
    assert.equal(twin.callback_url, 'http://127.0.0.1:9/hook');
    assert.equal(twin.v2_callback, 1);
    assert.equal(twin.callback_secret, secret, 'test callbacks are signed with the live secret');

    const listed = await accounts.list();
    assert.ok(!listed.some((a) => a.account_id === first.test_account_id), 'twins are not listed');
    const mine = listed.find((a) => a.account_id === live.account_id)!;
    assert.deepEqual(mine.test, { token_prefix: second.token.slice(0, 12), credits: TEST_BALANCE });
    await assert.rejects(accounts.createTestToken(first.test_account_id), /is a test account/);
  });

  test('a live token asking for a test outcome is refused with 11, naming what to change', async () => {
    const live = await createAccount(server, { credits: 50 });
    const avatar = await publicAvatar(live.token);
    const reserved = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token: live.token,
      body: { text: 'Hello.', voice: 'pub-en-emma', avatar: 'test_fail_2014' },
    });
    assert.equal(reserved.body.code, 11);
    assert.match(reserved.body.message, /avatar 'test_fail_2014'.*need a test token \(lk_test_/);
    const voice = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
      token: live.token,
      body: { text: 'Hello.', voice: 'test_wait' },
    });
    assert.equal(voice.body.code, 11);
    assert.match(voice.body.message, /voice 'test_wait'/);
    const prefer = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token: live.token,
      body: { text: 'Hello.', voice: 'pub-en-emma', avatar },
      headers: { prefer: 'respond-async, likeness-outcome=fail; code=2014' },
    });
    assert.equal(prefer.body.code, 11);
    assert.match(
      prefer.body.message,
      /Prefer: likeness-outcome=fail; code=2014: test outcomes need a test token/,
    );
    assert.equal(await credit(live.token), 50, 'nothing was charged');
    // Other preferences are not test mode's business.
    const plain = await api(server, 'GET', '/api/v2/svc/account/credit', {
      token: live.token,
      headers: { prefer: 'respond-async' },
    });
    assert.equal(plain.body.code, 0);
  });
});

describe('test mode: outcomes on demand', () => {
  let server: TestServer;
  let hook: Server;
  const got: { headers: Record<string, string | string[] | undefined>; body: string; at: number }[] = [];
  let live: { account_id: string; token: string };
  let testToken: string;
  let avatar: string;
  before(async () => {
    // A short retry schedule (1 s in all), so a late callback comes 2 s after its task ends.
    server = await startServer({ LIKENESS_CALLBACK_RETRY_SEC: '0.5,0.5' });
    hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push({ headers: req.headers, body, at: Date.now() });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    live = await createAccount(server, { credits: 50 });
    const port = (hook.address() as { port: number }).port;
    await server.container.services.accounts.update(live.account_id, {
      callbackUrl: `http://127.0.0.1:${port}/hook`,
    });
    testToken = (await server.container.services.accounts.createTestToken(live.account_id)).token;
    avatar = (await api(server, 'GET', '/api/v2/svc/avatar/list', { token: testToken, query: { kind: 2 } }))
      .body.data[0].avatar;
  });
  after(async () => {
    await new Promise<void>((r) => hook.close(() => r()));
    await server.close();
  });

  // Each test starts from a full test balance (reset as an integrator would between runs).
  beforeEach(() => server.container.services.accounts.resetTestBalance(live.account_id));

  /** Share of strongly red pixels in the frame's top-left quarter at `atSec` (the TEST mark's box). */
  async function redShare(video: string, dir: string): Promise<number> {
    const png = join(dir, `${Math.random().toString(36).slice(2)}.png`);
    await extractFrame(bins, video, 0.5, png);
    const img = sharp(png);
    const { width = 0, height = 0 } = await img.metadata();
    const { data, info } = await img
      .extract({ left: 0, top: 0, width: width >> 1, height: height >> 2 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i]! > 170 && data[i + 1]! < 90 && data[i + 2]! < 90) red++;
    }
    return red / (info.width * info.height);
  }

  test("a test token's video is a draft: 360 px, 8 fps, mono, marked TEST, about as long as the live one", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'likeness-draft-'));
    try {
      const body = {
        text: 'Hello, this is a draft.',
        voice: 'pub-en-emma',
        avatar: 'pub-avatar-lin',
        st_show: 1,
      };
      const [t, l] = await Promise.all(
        [testToken, live.token].map((token) =>
          api(server, 'POST', '/api/v2/svc/video/create_by_tts', { token, body }),
        ),
      );
      const draft = await waitTask(server, testToken, '/api/v2/svc/video/task', t!.body.task_id, 60_000);
      const full = await waitTask(server, live.token, '/api/v2/svc/video/task', l!.body.task_id, 60_000);
      assert.equal(draft.status, 3, JSON.stringify(draft));
      const d = await download(draft.video_Url, dir, 'draft.mp4');
      const f = await download(full.video_Url, dir, 'full.mp4');
      assert.deepEqual([d.info.video?.width, d.info.video?.height], [360, 640]);
      assert.deepEqual([f.info.video?.width, f.info.video?.height], [720, 1280]);
      assert.ok(Math.abs((d.info.video?.fps ?? 0) - 8) < 0.01, `draft fps ${d.info.video?.fps}`);
      // A draft's voice skips the measured rate correction (SynthesizeOptions.draft): the same words,
      // a length within a few per cent.
      assert.ok(
        Math.abs(d.info.durationSec - f.info.durationSec) <= 0.15 * f.info.durationSec,
        `${d.info.durationSec} vs ${f.info.durationSec}`,
      );
      assert.equal(d.info.audio?.codec, 'aac');
      assert.equal(d.info.audio?.channels, 1);
      assert.equal(f.info.audio?.channels, 2);
      assert.ok((await redShare(d.path, dir)) > 0.02, 'the draft shows its red TEST box');
      assert.ok((await redShare(f.path, dir)) < 0.002, 'the live render has none');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  const credit = async (token: string) =>
    (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left as number;
  const tts = (body: Record<string, unknown>, prefer?: string) =>
    api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token: testToken,
      body: { text: 'Hello there.', voice: 'pub-en-emma', avatar, title: 'outcome', ...body },
      headers: prefer ? { prefer } : undefined,
    });

  test('test_fail_2014: accepted, then failed with 2014, refunded, and called back signed like live', async () => {
    const liveBefore = await credit(live.token);
    const r = await tts({ avatar: 'test_fail_2014' });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    const done = await waitTask(server, testToken, '/api/v2/svc/video/task', r.body.task_id, 20_000);
    assert.equal(done.status, 4);
    assert.equal(done.fail_code, 2014);
    assert.match(done.fail_reason, /avatar video could not be read.*\(test outcome\)$/);
    assert.equal(await credit(testToken), TEST_BALANCE, 'the reservation is refunded');
    assert.equal(await credit(live.token), liveBefore);
    await server.container.queue.drain();
    const mine = got.filter((g) => g.body.includes(r.body.task_id));
    assert.equal(mine.length, 1);
    const body = JSON.parse(mine[0]!.body);
    assert.deepEqual(
      Object.keys(body).sort(),
      ['code', 'duration', 'message', 'status', 'task_id', 'title', 'type', 'video_Url'].sort(),
    );
    assert.equal(body.code, 2014);
    const secret = (await server.container.services.accounts.settings(live.account_id)).callback_secret;
    const ts = String(mine[0]!.headers['x-likeness-timestamp']);
    const expected = `v1=${createHmac('sha256', secret).update(`${ts}.${mine[0]!.body}`).digest('hex')}`;
    assert.equal(mine[0]!.headers['x-likeness-signature'], expected, 'signed with the live secret');
  });

  test('test_refuse_1002 and a voice id: refused at submission with the code, nothing charged', async () => {
    const r = await tts({ avatar: 'test_refuse_1002' });
    assert.equal(r.body.code, 1002);
    assert.match(r.body.message, /insufficient credits.*\(test outcome\)$/);
    assert.equal(r.body.task_id, undefined);
    const audio = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
      token: testToken,
      body: { text: 'Hello.', voice: 'test_refuse_2012' },
    });
    assert.equal(audio.body.code, 2012);
    assert.equal(await credit(testToken), TEST_BALANCE);
  });

  test('test_wait: the task stays waiting until it is deleted, then its reservation comes back', async () => {
    const r = await tts({ voice: 'test_wait' });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    await server.container.queue.drain();
    const q = await api(server, 'GET', '/api/v2/svc/video/task', {
      token: testToken,
      query: { task_id: r.body.task_id },
    });
    assert.equal(q.body.status, 1);
    assert.ok((await credit(testToken)) < TEST_BALANCE);
    const del = await api(server, 'DELETE', '/api/v2/svc/video/task', {
      token: testToken,
      query: { task_id: r.body.task_id },
    });
    assert.equal(del.body.code, 0, JSON.stringify(del.body));
    assert.equal(await credit(testToken), TEST_BALANCE);
  });

  test('Prefer: likeness-outcome steers a real request; unknown, malformed or misplaced ones are refused', async () => {
    const r = await tts({}, 'likeness-outcome=fail; code=2013');
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    const done = await waitTask(server, testToken, '/api/v2/svc/video/task', r.body.task_id, 20_000);
    assert.equal(done.fail_code, 2013);
    const refused = await tts({}, 'likeness-outcome=refuse; code=1001');
    assert.equal(refused.body.code, 1001);

    const unknown = await tts({}, 'likeness-speed=fast');
    assert.equal(unknown.body.code, 11);
    assert.match(unknown.body.message, /'likeness-speed=fast' is not a preference likeness knows/);
    const malformed = await tts({}, 'likeness-outcome=fail');
    assert.equal(malformed.body.code, 11);
    assert.match(malformed.body.message, /'likeness-outcome=fail' is malformed/);
    const submissionOnly = await tts({ avatar: 'test_fail_1005' });
    assert.equal(submissionOnly.body.code, 11);
    assert.match(submissionOnly.body.message, /1005 is given at submission only/);
    const unknownId = await tts({ avatar: 'test_explode' });
    assert.equal(unknownId.body.code, 11);
    assert.match(unknownId.body.message, /not a reserved test id; the reserved ids are test_fail_<code>/);
    const twoOutcomes = await tts({ avatar: 'test_fail_2014' }, 'likeness-outcome=wait');
    assert.equal(twoOutcomes.body.code, 11);
    const misplaced = await api(server, 'GET', '/api/v2/svc/account/credit', {
      token: testToken,
      headers: { prefer: 'likeness-outcome=wait' },
    });
    assert.equal(misplaced.body.code, 11);
    assert.match(misplaced.body.message, /test outcomes steer works/);
    assert.equal(await credit(testToken), TEST_BALANCE);
  });

  /** The callbacks received for a task, once `count` have come (or after `ms`). */
  async function callbacksOf(taskId: string, count: number, ms = 15_000) {
    const end = Date.now() + ms;
    const mine = () => got.filter((g) => g.body.includes(taskId));
    while (mine().length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    return mine();
  }
  const signatureOf = (secret: string, g: (typeof got)[number]) =>
    `v1=${createHmac('sha256', secret)
      .update(`${String(g.headers['x-likeness-timestamp'])}.${g.body}`)
      .digest('hex')}`;

  test('Prefer: likeness-callback=duplicate and =bad-signature: the faults a receiver must survive', async () => {
    const secret = (await server.container.services.accounts.settings(live.account_id)).callback_secret;
    const dup = await tts({ avatar: 'test_fail_2014' }, 'likeness-callback=duplicate');
    const twice = await callbacksOf(dup.body.task_id, 2);
    assert.equal(twice.length, 2);
    assert.equal(twice[0]!.body, twice[1]!.body);
    assert.equal(twice[0]!.headers['x-likeness-delivery'], twice[1]!.headers['x-likeness-delivery']);
    assert.equal(twice[1]!.headers['x-likeness-signature'], signatureOf(secret, twice[1]!));

    const bad = await tts({ avatar: 'test_fail_2014' }, 'likeness-callback=bad-signature');
    const [wrong] = await callbacksOf(bad.body.task_id, 1);
    assert.match(String(wrong!.headers['x-likeness-signature']), /^v1=[0-9a-f]{64}$/);
    assert.notEqual(wrong!.headers['x-likeness-signature'], signatureOf(secret, wrong!));
    assert.equal(JSON.parse(wrong!.body).code, 2014, 'the body is as the spec gives it');
  });

  test('Prefer: likeness-callback=late and =drop: after the retry schedule, or never', async () => {
    const late = await tts({ avatar: 'test_fail_2014' }, 'likeness-callback=late');
    const dropped = await tts({ avatar: 'test_fail_2014' }, 'likeness-callback=drop');
    const failedAt = Date.now();
    await waitTask(server, testToken, '/api/v2/svc/video/task', late.body.task_id, 20_000);
    const [lateOne] = await callbacksOf(late.body.task_id, 1);
    // The schedule is 1 s in all; late comes after it and its margin (2 s after the task ended).
    assert.ok(lateOne!.at - failedAt >= 1_900, `late callback after ${lateOne!.at - failedAt} ms`);
    assert.equal(
      (await callbacksOf(dropped.body.task_id, 1, 500)).length,
      0,
      'a dropped callback never comes',
    );
    const rows = await server.container.services.callbacks.list(null, 200);
    const row = rows.find((r) => r.task_id === dropped.body.task_id)!;
    assert.equal(row.state, 'dead');
    assert.match(row.last_error ?? '', /likeness-callback=drop/);
  });

  test('Prefer: likeness-callback=out-of-order: a failure notice first, then the success', async () => {
    const r = await tts({ avatar: 'pub-avatar-lin', text: 'In order?' }, 'likeness-callback=out-of-order');
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    const pair = await callbacksOf(r.body.task_id, 2, 60_000);
    assert.deepEqual(
      pair.map((g) => JSON.parse(g.body).status),
      [4, 3],
    );
    // The true notice is scheduled a second after the false one (read from the rows, not the clock,
    // so a busy machine cannot make the test flaky).
    const rows = (await server.container.services.callbacks.list(null, 200)).filter(
      (d) => d.task_id === r.body.task_id,
    );
    const truth = rows.find((d) => JSON.parse(d.body).status === 3)!;
    assert.ok(
      Date.parse(truth.next_attempt_at) - Date.parse(truth.created_at) >= 900,
      'the true notice a second later',
    );
    const done = await waitTask(server, testToken, '/api/v2/svc/video/task', r.body.task_id, 60_000);
    assert.equal(done.status, 3, 'the task itself completed');
  });

  test('test_slow_3s and likeness-delay=3s: the task takes that long in progress, then renders or fails', async () => {
    /** Polls every 150 ms to the end; when it ended (ms after submission) and whether status 2 was seen. */
    const follow = async (taskId: string, t0: number) => {
      let processing = false;
      for (;;) {
        const q = await api(server, 'GET', '/api/v2/svc/video/task', {
          token: testToken,
          query: { task_id: taskId },
        });
        if (q.body.status === 2) processing = true;
        if (q.body.status === 3 || q.body.status === 4)
          return { ms: Date.now() - t0, processing, task: q.body };
        await new Promise((r) => setTimeout(r, 150));
      }
    };
    const t0 = Date.now();
    const [slow, delayed] = await Promise.all([
      tts({ avatar: 'test_slow_3s' }),
      tts({ avatar: 'test_fail_2016' }, 'likeness-delay=3s'),
    ]);
    assert.equal(slow.body.code, 0, JSON.stringify(slow.body));
    assert.equal(delayed.body.code, 0, JSON.stringify(delayed.body));
    const [s, d] = await Promise.all([follow(slow.body.task_id, t0), follow(delayed.body.task_id, t0)]);
    assert.equal(s.task.status, 3, JSON.stringify(s.task));
    assert.ok(s.ms >= 3_000 && s.processing, `slow: ${s.ms} ms, processing seen ${s.processing}`);
    assert.equal(d.task.fail_code, 2016);
    assert.ok(d.ms >= 3_000 && d.processing, `delayed: ${d.ms} ms, processing seen ${d.processing}`);
    const dir = await mkdtemp(join(tmpdir(), 'likeness-slow-'));
    const video = await download(s.task.video_Url, dir, 'slow.mp4').finally(() =>
      rm(dir, { recursive: true, force: true }),
    );
    assert.deepEqual(
      [video.info.video?.width, video.info.video?.height],
      [360, 640],
      'a draft of the stand-in',
    );
    const bad = await tts({ avatar: 'test_slow_0s' });
    assert.equal(bad.body.code, 11);
    assert.match(bad.body.message, /1 to 600 seconds/);
  });

  test('Prefer steers avatar and voice cloning too: failures end the avatar or voice with their task', async () => {
    const post = (path: string, body: Record<string, unknown>, prefer: string) =>
      api(server, 'POST', `/api/v2/svc${path}`, { token: testToken, body, headers: { prefer } });
    const image = { image_url: 'https://example.com/face.jpg', title: 'face' };
    const voice = {
      title: 'mine',
      voice_type: 8,
      audio_url: 'https://example.com/voice.mp3',
      languages: 'en',
    };

    const avatar = await post('/avatar/create_by_image', image, 'likeness-outcome=fail; code=2016');
    assert.equal(avatar.body.code, 0, JSON.stringify(avatar.body));
    const a = await waitTask(server, testToken, '/api/v2/svc/avatar/task', avatar.body.task_id, 20_000);
    assert.equal(a.status, 4);
    assert.equal(a.fail_code, 2016);
    const cloned = await post('/voice/create', voice, 'likeness-outcome=fail; code=1011');
    assert.equal(cloned.body.code, 0, JSON.stringify(cloned.body));
    const v = await waitTask(server, testToken, '/api/v2/svc/voice/task', cloned.body.task_id, 20_000);
    assert.equal(v.status, 4);
    assert.equal(v.fail_code, 1011);

    const refused = await post(
      '/avatar/create_by_video',
      { video_url: 'https://example.com/a.mp4' },
      'likeness-outcome=refuse; code=2012',
    );
    assert.equal(refused.body.code, 2012);
    assert.match(refused.body.message, /\(test outcome\)$/);
    const wrongCode = await post('/voice/create', voice, 'likeness-outcome=fail; code=2015');
    assert.equal(wrongCode.body.code, 11);
    assert.match(wrongCode.body.message, /a voice task can fail with 1011, 2013, 99, not 2015/);
    const waiting = await post('/avatar/create_by_image', image, 'likeness-outcome=wait');
    assert.equal(waiting.body.code, 11);
    assert.match(waiting.body.message, /cannot be asked to wait/);
    const workOnly = await tts({ avatar: 'test_fail_1011' });
    assert.equal(workOnly.body.code, 11, 'a work does not fail with 1011');
  });

  test("the clone API's operation is refused on demand with its own codes and HTTP statuses", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const fileId = await upload(server, testToken, 'png', png);
    const clone = (prefer: string) =>
      api(server, 'POST', '/api/app/v1/clone/avatar/by_image', {
        token: testToken,
        body: { file_id: fileId },
        headers: { prefer },
      });
    const provider = await clone('likeness-outcome=refuse; code=1404');
    assert.equal(provider.status, 502);
    assert.equal(provider.body.code, 1404);
    assert.equal(provider.body.message, 'provider error');
    assert.match(provider.body.detail, /could not be cloned.*\(test outcome\)$/);
    const limit = await clone('likeness-outcome=refuse; code=1410');
    assert.deepEqual([limit.status, limit.body.code], [403, 1410]);
    const svcCode = await clone('likeness-outcome=refuse; code=1002');
    assert.deepEqual([svcCode.status, svcCode.body.code], [400, 12]);
    assert.match(svcCode.body.detail, /be refused with 12, 16, 99, 1401/);
  });

  test('every code: each refusal answers the submission with it, each failure ends the task with it', async () => {
    for (const code of REFUSE_CODES) {
      const r = await tts({ avatar: `test_refuse_${code}` });
      assert.equal(r.body.code, code, JSON.stringify(r.body));
      assert.equal(r.body.task_id, undefined);
    }
    const tasks = await Promise.all(FAIL_CODES_OF.work.map((code) => tts({ voice: `test_fail_${code}` })));
    for (const [i, code] of FAIL_CODES_OF.work.entries()) {
      const done = await waitTask(
        server,
        testToken,
        '/api/v2/svc/video/task',
        tasks[i]!.body.task_id,
        20_000,
      );
      assert.deepEqual([done.status, done.fail_code], [4, code]);
    }
    assert.equal(await credit(testToken), TEST_BALANCE, 'every reservation came back');
  });
});
