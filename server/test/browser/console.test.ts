/**
 * The web console in a real browser (headless Chromium through playwright-core) against the real
 * service: sign-in, token rotation, callbacks and their delivery log, a video from text played back
 * in the library, uploads with progress, a voice edit that survives a reload, credits, sign-out and
 * one-time links. Each page is also saved as a screenshot under server/test-output/console/.
 * Skipped, with the reason, where /usr/bin/chromium is missing (.ci/run installs it).
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  browserUnavailable,
  launchBrowser,
  screenshot,
  watchPage,
  type TestBrowser,
} from '../helpers/browser.js';
import { facePhoto, makeFaceVideo, makeTone } from '../helpers/media-fixtures.js';
import { api, createAccount, startServer, upload, waitTask, type TestServer } from '../helpers/server.js';

const unavailable = browserUnavailable();
if (unavailable) console.log(`# browser tests SKIPPED: ${unavailable}`);

/** Time limits of the waits below; every wait is for a condition, none is a fixed sleep. */
const UI_MS = 15_000;
const RENDER_MS = 150_000;

interface Receiver {
  server: Server;
  url: string;
  got: string[];
}

/** A callback receiver on 127.0.0.1 that answers 200 and keeps the bodies. */
async function startReceiver(): Promise<Receiver> {
  const got: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, got };
}

describe('web console in a browser', { skip: unavailable ?? false }, () => {
  let server: TestServer;
  let browser: TestBrowser;
  let context: BrowserContext;
  let page: Page;
  let pageLog: { errors: string[] };
  let receiver: Receiver;
  let dir: string;
  let account: { account_id: string; token: string };
  /** A spoken sample for the voice clone, made by the service itself (a tone is refused as "no speech"). */
  let speechFile: string;
  let toneFile: string;

  const goto = async (hash: string) => {
    await page.goto(`${server.url}/console/#${hash}`);
  };

  before(async () => {
    server = await startServer();
    account = await createAccount(server, { credits: 1000 });
    receiver = await startReceiver();
    dir = await mkdtemp(join(tmpdir(), 'likeness-console-'));
    toneFile = await makeTone(join(dir, 'tone.wav'), 6);
    speechFile = await speechSample(server, join(dir, 'speech.mp3'));
    browser = await launchBrowser();
    context = await browser.browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(UI_MS);
    page = await context.newPage();
    pageLog = watchPage(page);
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await new Promise((r) => receiver?.server.close(r));
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('signs in with the API token and shows the account', async () => {
    await goto('/');
    await page.getByTestId('sign-in-page').waitFor();
    await screenshot(page, 'sign-in');
    await page.getByTestId('sign-in-token').fill('lk_not_a_token');
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('sign-in-error').waitFor();
    await page.getByTestId('sign-in-token').fill(account.token);
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('page-overview').waitFor();
    assert.equal(await page.getByTestId('overview-balance').textContent(), '1000');
    const prefix = ((await page.getByTestId('token-prefix').textContent()) ?? '').replace('…', '');
    assert.ok(prefix.length >= 4 && account.token.startsWith(prefix), `token prefix ${prefix}`);
    // The session is an HttpOnly cookie: nothing of it, nor the token, is visible to scripts.
    const visible = await page.evaluate(() => ({
      cookie: document.cookie,
      local: window.localStorage.length,
      session: window.sessionStorage.length,
    }));
    assert.deepEqual(visible, { cookie: '', local: 0, session: 0 });
    await screenshot(page, 'overview');

    await page.setViewportSize({ width: 375, height: 800 });
    await assertNoHorizontalScroll(page);
    await screenshot(page, 'overview-375');
    assert.equal(await page.getByTestId('nav-tasks').isVisible(), false, 'the nav is folded on a phone');
    await page.getByTestId('nav-toggle').click();
    await page.getByTestId('nav-tasks').waitFor();
    await screenshot(page, 'overview-375-menu');
    await page.getByTestId('nav-toggle').click();
    for (const [hash, testid] of [
      ['/create', 'form-tts'],
      ['/callbacks', 'page-callbacks'],
      ['/credits', 'page-credits'],
      ['/library?tab=avatars&kind=public', 'library-avatars'],
    ]) {
      await goto(hash!);
      await page.getByTestId(testid!).waitFor();
      await assertNoHorizontalScroll(page);
    }
    await goto('/create');
    await page.getByTestId('avatar-picker').locator('input').first().waitFor();
    await screenshot(page, 'create-375');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('test mode: a test token made on the Overview, its balance reset, and the console signed in with it', async () => {
    await goto('/');
    await page.getByTestId('make-test-token').click();
    await page.getByTestId('make-test-token-confirm').click();
    const testToken = (await page.getByTestId('new-test-token').textContent())!.trim();
    assert.match(testToken, /^lk_test_/);
    await page.getByTestId('test-balance').waitFor();
    assert.equal(await page.getByTestId('test-balance').textContent(), '10000');
    assert.ok(
      testToken.startsWith((await page.getByTestId('test-token-prefix').textContent())!.replace('…', '')),
    );
    // A test work spends test credits, not live ones; the reset button brings the test balance back.
    const work = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token: testToken,
      body: { text: 'Hello.', voice: 'pub-en-emma', avatar: 'test_wait' },
    });
    assert.equal(work.body.code, 0, JSON.stringify(work.body));
    await goto('/tasks');
    await goto('/');
    await page.getByTestId('test-balance').waitFor();
    assert.notEqual(await page.getByTestId('test-balance').textContent(), '10000');
    assert.equal(await page.getByTestId('overview-balance').textContent(), '1000', 'live balance untouched');
    await screenshot(page, 'overview-test-mode');
    await page.getByTestId('reset-test-balance').click();
    await page.getByTestId('reset-test-balance-confirm').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="test-balance"]')?.textContent === '10000',
    );

    // Signed in with the test token, the console says so on every page and shows the test data.
    const testContext = await browser.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const testPage = await testContext.newPage();
      await testPage.goto(`${server.url}/console/#/`);
      await testPage.getByTestId('sign-in-token').fill(testToken);
      await testPage.getByTestId('sign-in-submit').click();
      await testPage.getByTestId('test-mode-banner').waitFor();
      assert.equal(await testPage.getByTestId('overview-balance').textContent(), '10000');
      assert.equal(await testPage.getByTestId('test-mode').count(), 0, 'no test mode card inside test mode');
      await testPage.goto(`${server.url}/console/#/tasks`);
      await testPage.getByTestId('page-tasks').waitFor();
      await testPage.getByTestId('test-mode-banner').waitFor();
      await screenshot(testPage, 'tasks-test-mode');
    } finally {
      await testContext.close();
    }
    await api(server, 'DELETE', '/api/v2/svc/video/task', {
      token: testToken,
      query: { task_id: work.body.task_id },
    });
  });

  test('rotating the token shows the new one once; the old one stops working', async () => {
    await goto('/');
    await page.getByTestId('rotate-token').click();
    await page.getByTestId('rotate-token-confirm').click();
    const fresh = (await page.getByTestId('new-token').textContent())!.trim();
    assert.match(fresh, /^lk_/);
    assert.notEqual(fresh, account.token);
    const prefix = (await page.getByTestId('token-prefix').textContent())!.replace('…', '');
    assert.ok(fresh.startsWith(prefix), `prefix ${prefix} is the new token's`);
    await screenshot(page, 'overview-new-token');

    const old = await api(server, 'GET', '/api/v2/svc/account/credit', { token: account.token });
    assert.equal(old.status, 401);
    const now = await api(server, 'GET', '/api/v2/svc/account/credit', { token: fresh });
    assert.equal(now.body.code, 0);
    account.token = fresh;

    // Shown once: leaving the page and coming back does not bring it back.
    await page.getByTestId('nav-tasks').click();
    await page.getByTestId('page-tasks').waitFor();
    await page.getByTestId('nav-overview').click();
    await page.getByTestId('page-overview').waitFor();
    assert.equal(await page.getByTestId('new-token').count(), 0);
  });

  test('callbacks: a test event to a local receiver shows up as delivered', async () => {
    await goto('/callbacks');
    await page.getByTestId('page-callbacks').waitFor();
    await page.getByTestId('callback-url').fill(receiver.url);
    await page.getByTestId('callback-save').click();
    await page.getByTestId('callback-saved').waitFor();
    await page.getByTestId('reveal-secret').click();
    assert.ok(((await page.getByTestId('callback-secret').textContent()) ?? '').length >= 16);

    await page.getByTestId('send-test').click();
    const notice = (await page.getByTestId('delivery-notice').textContent()) ?? '';
    const deliveryId = /delivery (\S+)/.exec(notice)?.[1];
    assert.ok(deliveryId, notice);
    // The log refreshes itself while the page is open: no reload here.
    const row = page.getByTestId(`delivery-${deliveryId}`);
    await row.and(page.locator('[data-state="delivered"]')).waitFor({ timeout: 30_000 });
    assert.match((await row.textContent()) ?? '', /test.*HTTP 200/s);
    assert.ok(receiver.got.length >= 1, 'the receiver got the event');
    await screenshot(page, 'callbacks');
  });

  let workTask = '';

  test('a video from text completes and plays in the library', { timeout: RENDER_MS + 60_000 }, async () => {
    await goto('/create');
    await page.getByTestId('page-create').waitFor();
    await page.getByTestId('avatar-picker').locator('input[type=radio]').first().check();
    await page.getByTestId('voice-picker').locator('input[type=radio]').first().check();
    await page.getByTestId('create-text').fill('Hello from the console test.');
    await page.getByTestId('create-title').fill('Console video');
    await page.getByTestId('estimate-credits').waitFor();
    await screenshot(page, 'create');
    await page.getByTestId('create-submit').click();
    workTask = ((await page.getByTestId('submitted-task-id').textContent()) ?? '').trim();
    assert.match(workTask, /^t_/);

    await page.getByTestId('submitted-tasks-link').click();
    await page.getByTestId('page-tasks').waitFor();
    // The Tasks page polls by itself every 2 s.
    const row = page.getByTestId(`task-${workTask}`);
    await row.and(page.locator('[data-status="3"], [data-status="4"]')).waitFor({ timeout: RENDER_MS });
    assert.equal(await row.getAttribute('data-status'), '3', (await row.textContent()) ?? '');
    await screenshot(page, 'tasks');

    await row.getByTestId('task-library').click();
    await page.getByTestId('library-works').waitFor();
    const video = page.getByTestId(`work-${workTask}`).getByTestId('work-video');
    await video.waitFor();
    // The player shows a still of the work before it plays: a JPEG taken from the video.
    const poster = await video.getAttribute('poster');
    assert.ok(poster, 'the video has a poster');
    const still = await page.request.get(poster);
    assert.equal(still.status(), 200);
    assert.equal(still.headers()['content-type'], 'image/jpeg');
    assert.deepEqual([...(await still.body()).subarray(0, 3)], [0xff, 0xd8, 0xff], 'the poster is a JPEG');
    // Marks the element once it has had enough data to play (readyState 4) and its clock moved.
    // (Closures are passed inline: tsx's name helpers do not exist inside the page.)
    await video.evaluate((v: HTMLVideoElement) => {
      for (const ev of ['canplaythrough', 'playing', 'timeupdate']) {
        v.addEventListener(ev, () => {
          if (v.readyState === 4) v.dataset.ready = '4';
          if (v.dataset.ready && v.currentTime > 0.2) v.dataset.played = String(v.currentTime);
        });
      }
      v.muted = true;
      return v.play();
    });
    await page.locator(`[data-testid="work-${workTask}"] video[data-played]`).waitFor({ timeout: 20_000 });
    const state = await video.evaluate((v: HTMLVideoElement) => ({
      ready: v.dataset.ready,
      time: Number(v.dataset.played),
      error: v.error?.message ?? null,
    }));
    assert.equal(state.ready, '4');
    assert.ok(state.time > 0.2, JSON.stringify(state));
    assert.equal(state.error, null);
    await screenshot(page, 'library-works');
  });

  test('an audio upload shows its progress up to 100% and drives a video', async () => {
    await goto('/create?tab=audio');
    await page.getByTestId('form-audio').waitFor();
    await page.getByTestId('audio-upload-input').setInputFiles(toneFile);
    await page.getByTestId('audio-upload-done').waitFor();
    assert.equal(await page.getByTestId('audio-upload-percent').textContent(), '100%');
    assert.equal(
      await page.getByTestId('audio-upload-progress').evaluate((p: HTMLProgressElement) => p.value),
      100,
    );
    await page.getByTestId('avatar-picker').locator('input[type=radio]').first().check();
    // The estimate uses the length the browser read from the file (6 s).
    await page.getByTestId('estimate-credits').waitFor();
    await page.getByTestId('create-submit').click();
    assert.match((await page.getByTestId('submitted-task-id').textContent()) ?? '', /^t_/);
    await screenshot(page, 'create-from-audio');
  });

  test('a cloned voice: upload, clone, then its rate edited persists over a reload', async () => {
    await goto('/create?tab=voice');
    await page.getByTestId('form-voice').waitFor();
    await page.getByTestId('voice-upload-input').setInputFiles(speechFile);
    await page.getByTestId('voice-upload-done').waitFor();
    assert.equal(await page.getByTestId('voice-upload-percent').textContent(), '100%');
    await page.getByTestId('create-title').fill('Console voice');
    await page.getByTestId('create-language').selectOption('en');
    await page.getByTestId('create-submit').click();
    const taskId = ((await page.getByTestId('submitted-task-id').textContent()) ?? '').trim();

    await goto('/tasks');
    const row = page.getByTestId(`task-${taskId}`);
    await row.and(page.locator('[data-status="3"], [data-status="4"]')).waitFor({ timeout: 60_000 });
    assert.equal(await row.getAttribute('data-status'), '3', (await row.textContent()) ?? '');

    await goto('/library?tab=voices');
    const form = page.locator('[data-testid^="voice-edit-"]').first();
    await form.waitFor();
    await form.getByTestId('voice-rate').fill('1.5');
    await form.getByTestId('voice-save').click();
    await form.getByTestId('voice-saved').waitFor();
    await page.reload();
    await page.locator('[data-testid^="voice-edit-"]').first().waitFor();
    const rate = await page
      .locator('[data-testid^="voice-edit-"]')
      .first()
      .getByTestId('voice-rate')
      .inputValue();
    assert.equal(Number(rate), 1.5);
    await screenshot(page, 'library-voices');

    await goto('/library?tab=avatars&kind=public');
    await page.locator('[data-testid^="avatar-"]').first().waitFor();
    await screenshot(page, 'library-avatars');
  });

  test('an own avatar shows its preview and face report', { timeout: RENDER_MS }, async () => {
    // Made through the API (the console has no avatar form); the console shows what the service stored.
    const video = await makeFaceVideo(join(dir, 'face.mp4'), facePhoto(1), 5.5);
    const fileId = await upload(server, account.token, 'mp4', await readFile(video));
    const made = await api(server, 'POST', '/api/v2/svc/avatar/create_by_video', {
      token: account.token,
      body: { file_id: fileId, title: 'Console face' },
    });
    assert.equal(made.body.code, 0, JSON.stringify(made.body));
    const done = await waitTask(
      server,
      account.token,
      '/api/v2/svc/avatar/task',
      made.body.task_id,
      RENDER_MS,
    );
    assert.equal(done.status, 3, JSON.stringify(done));

    await goto('/library?tab=avatars');
    const card = page.getByTestId(`avatar-${done.avatar}`);
    await card.locator('video, img').first().waitFor();
    await card.getByTestId('face-report').locator('summary').click();
    const report = (await card.getByTestId('face-report').textContent()) ?? '';
    assert.match(report, /Face found in\s*\d+%/);
    assert.match(report, /Faces found\s*\d+/);
    await screenshot(page, 'library-own-avatar');

    await card.getByTestId(`delete-avatar-${done.avatar}`).click();
    await card.getByTestId(`delete-avatar-${done.avatar}-confirm`).click();
    await card.waitFor({ state: 'detached' });
  });

  test(
    'a group photo: the library says which face speaks, and its thumbnail shows that face',
    { timeout: RENDER_MS },
    async () => {
      // Three people; the one in the middle speaks.
      const fileId = await upload(server, account.token, 'jpg', await readFile(facePhoto(1)));
      const made = await api(server, 'POST', '/api/v2/svc/avatar/create_by_image', {
        token: account.token,
        body: { file_id: fileId, title: 'Console group' },
      });
      assert.equal(made.body.code, 0, JSON.stringify(made.body));
      const done = await waitTask(
        server,
        account.token,
        '/api/v2/svc/avatar/task',
        made.body.task_id,
        RENDER_MS,
      );
      assert.equal(done.status, 3, JSON.stringify(done));

      // The library is already open (the test before left it there): load it again.
      await goto('/library?tab=avatars');
      await page.reload();
      const card = page.getByTestId(`avatar-${done.avatar}`);
      await card.getByTestId('face-notice').waitFor();
      assert.match(
        (await card.getByTestId('face-notice').textContent()) ?? '',
        /^3 faces were found in the image; the one in the middle .* speaks/,
      );
      // The thumbnail is cropped around the speaking face: her middle is at about 49 % across and 43 %
      // down the picture (not the centre the browser would crop to).
      const position = await card
        .locator('img')
        .first()
        .evaluate((img) => getComputedStyle(img).objectPosition);
      const [x, y] = position.split(' ').map((v) => parseFloat(v));
      assert.ok(Math.abs(x! - 49) <= 4 && Math.abs(y! - 43) <= 4, `object-position ${position}`);
      await screenshot(page, 'library-group-avatar');

      await card.getByTestId(`delete-avatar-${done.avatar}`).click();
      await card.getByTestId(`delete-avatar-${done.avatar}-confirm`).click();
      await card.waitFor({ state: 'detached' });
    },
  );

  test('a cover from a style appears at once and in the library', async () => {
    await goto('/create?tab=cover');
    await page.getByTestId('style-picker').locator('input[type=radio]').first().check();
    await page.getByTestId('cover-content').fill('Five minutes a day: speak better English');
    await page.getByTestId('create-submit').click();
    await page.getByTestId('cover-made').locator('img').waitFor();
    // Style previews may still be rendering on a fresh service (503): the pictures retry, then show.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid=style-picker] img')].every(
          (i) => (i as HTMLImageElement).naturalWidth > 0,
        ),
      undefined,
      { timeout: 60_000 },
    );
    await screenshot(page, 'create-cover');
    await goto('/library?tab=covers');
    await page.locator('[data-testid^="cover-"] img').first().waitFor();
    await screenshot(page, 'library-covers');
  });

  test('credits: the ledger lists the reservations; a threshold above the balance shows the banner', async () => {
    await goto('/credits');
    await page.getByTestId('ledger-table').waitFor();
    assert.ok((await page.getByTestId('ledger-table').locator('tbody tr').count()) >= 1);
    await page.getByTestId('threshold-input').fill('100000');
    await page.getByTestId('threshold-save').click();
    await page.getByTestId('credit-banner').waitFor();
    await screenshot(page, 'credits');
    // The banner is on every page, not only this one.
    await page.getByTestId('nav-overview').click();
    await page.getByTestId('credit-banner').waitFor();
    await goto('/credits');
    await page.getByTestId('threshold-input').fill('0');
    await page.getByTestId('threshold-save').click();
    await page.getByTestId('credit-banner').waitFor({ state: 'detached' });
  });

  test('signing out shows the sign-in page and ends the session', async () => {
    await goto('/');
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-page').waitFor();
    const status = await page.evaluate(() => fetch('/console/api/me').then((r) => r.status));
    assert.equal(status, 401);
  });

  test('a one-time sign-in link works once', async () => {
    const link = await server.container.services.consoleSessions.createLink(account.account_id);
    await page.goto('about:blank');
    await page.goto(link.url);
    await page.getByTestId('page-overview').waitFor();
    assert.ok(!page.url().includes(link.code), `the code left the address bar: ${page.url()}`);
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-page').waitFor();

    await page.goto('about:blank');
    await page.goto(link.url);
    await page.getByTestId('sign-in-notice').waitFor();
    assert.match((await page.getByTestId('sign-in-notice').textContent()) ?? '', /already used|expired/);
    assert.equal(await page.getByTestId('page-overview').count(), 0);
  });

  test('the pages ran without script errors', () => {
    // Resource failures are the server's answers (a 401 after sign-out, 503 for catalogue pictures
    // still rendering); anything else in the console is a bug of the page.
    const errors = pageLog.errors.filter((e) => !e.includes('Failed to load resource'));
    assert.deepEqual(errors, []);
  });
});

/** The page is no wider than the viewport (nothing sticks out at phone width). */
async function assertNoHorizontalScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(scroll <= client, `page is ${scroll}px wide in a ${client}px viewport`);
}

/** Speech for a voice sample: audio from text by a public English voice, on a helper account. */
async function speechSample(server: TestServer, out: string): Promise<string> {
  const { token } = await createAccount(server, { credits: 1000 });
  const voices = await api(server, 'GET', '/api/v2/svc/voice/list', { token, query: { kind: 2, size: 300 } });
  const voice = (voices.body.data as { voice: string; title: string }[]).find((v) =>
    /english/i.test(v.title),
  );
  assert.ok(voice, 'a public English voice');
  const made = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
    token,
    body: {
      voice: voice.voice,
      text: 'Hello there. This is a recording of one person speaking, made to clone a voice. It has a few sentences, so that the sample is long enough.',
    },
  });
  assert.equal(made.body.code, 0, JSON.stringify(made.body));
  const done = await waitTask(server, token, '/api/v2/svc/video/task', made.body.task_id);
  assert.equal(done.status, 3, JSON.stringify(done));
  const res = await fetch(done.video_Url);
  await writeFile(out, Buffer.from(await res.arrayBuffer()));
  return out;
}
