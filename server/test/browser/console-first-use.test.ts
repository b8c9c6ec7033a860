/**
 * What a new user meets in the web console, in a real browser (headless Chromium through
 * playwright-core) against the real service, with the machine's own fonts only (no CJK font):
 * Chinese names drawn with the console's served CJK font, task types and ledger entries in words,
 * the Create tabs on a phone, and a failed sign-in link's message that goes away. Screenshots go to
 * server/test-output/console/first-use-*.png. Skipped, with the reason, where Chromium is missing.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  browserUnavailable,
  launchBrowser,
  screenshot,
  watchPage,
  type TestBrowser,
} from '../helpers/browser.js';
import { facePhoto } from '../helpers/media-fixtures.js';
import { api, createAccount, startServer, upload, waitTask, type TestServer } from '../helpers/server.js';

const unavailable = browserUnavailable();
if (unavailable) console.log(`# browser tests SKIPPED: ${unavailable}`);

const UI_MS = 15_000;
/** A public avatar and voice every install has (the catalogue). */
const AVATAR = 'pub-avatar-alex';
const VOICE = 'pub-en-james';
const TASK_MS = 120_000;

describe('web console, first use', { skip: unavailable ?? false }, () => {
  let server: TestServer;
  let browser: TestBrowser;
  let context: BrowserContext;
  let page: Page;
  let pageLog: { errors: string[] };
  let account: { account_id: string; token: string };
  const tasks: Record<'clone' | 'cancelled' | 'failed' | 'audio', string> = {
    clone: '',
    cancelled: '',
    failed: '',
    audio: '',
  };

  const goto = (hash: string) => page.goto(`${server.url}/console/#${hash}`);
  const signIn = async () => {
    const link = await server.container.services.consoleSessions.createLink(account.account_id);
    await page.goto('about:blank');
    await page.goto(link.url);
    await page.getByTestId('page-overview').waitFor();
  };

  before(async () => {
    server = await startServer();
    account = await createAccount(server, { credits: 1000 });
    const token = account.token;
    // An avatar cloned from a portrait (the clone API's task type, clone_avatar).
    const image = await upload(server, token, 'jpg', await readFile(facePhoto(1)));
    const cloned = await api(server, 'POST', '/api/app/v1/clone/avatar/by_image', {
      token,
      body: { file_id: image, title: 'Portrait' },
    });
    assert.equal(cloned.body.code, 0, JSON.stringify(cloned.body));
    tasks.clone = cloned.body.data.task.id;
    // A video deleted before it was made: charged, then refunded as cancelled.
    const video = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: { avatar: AVATAR, voice: VOICE, text: 'Hello from likeness.', title: 'Deleted video' },
    });
    assert.equal(video.body.code, 0, JSON.stringify(video.body));
    tasks.cancelled = video.body.task_id;
    const deleted = await api(server, 'DELETE', '/api/v2/svc/video/task', {
      token,
      query: { task_id: tasks.cancelled },
    });
    assert.equal(deleted.body.code, 0, JSON.stringify(deleted.body));
    // A video from a file that is no sound: charged, then refunded as failed.
    const noise = await upload(server, token, 'mp3', Buffer.alloc(4096, 7));
    const failing = await api(server, 'POST', '/api/v2/svc/video/create_by_audio', {
      token,
      body: { avatar: AVATAR, file_id: noise, title: 'Broken audio' },
    });
    assert.equal(failing.body.code, 0, JSON.stringify(failing.body));
    tasks.failed = failing.body.task_id;
    // Audio from text that completes.
    const audio = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
      token,
      body: { voice: VOICE, text: 'A short line.' },
    });
    assert.equal(audio.body.code, 0, JSON.stringify(audio.body));
    tasks.audio = audio.body.task_id;
    for (const id of [tasks.failed, tasks.audio]) {
      const done = await waitTask(server, token, '/api/v2/svc/video/task', id, TASK_MS);
      assert.ok(done.status === 3 || done.status === 4, JSON.stringify(done));
    }

    // The machine's fonts only: on this machine none of them has Chinese characters.
    browser = await launchBrowser({ systemFontsOnly: true });
    context = await browser.browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(UI_MS);
    page = await context.newPage();
    pageLog = watchPage(page);
    await signIn();
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  test(
    '(a) Chinese names are drawn with the CJK font the service serves, not as boxes',
    { timeout: 150_000 },
    async () => {
      await goto('/create');
      await page.getByTestId('avatar-picker').getByText('林晓', { exact: false }).waitFor();
      // The page asks for the font itself (its text needs it); nothing here loads it by hand.
      await page.waitForFunction(
        () =>
          [...document.fonts].some(
            (f) => f.family.replace(/"/g, '') === 'Likeness CJK' && f.status === 'loaded',
          ),
        undefined,
        { timeout: 30_000 },
      );
      assert.equal(await page.evaluate(() => document.fonts.check('16px "Likeness CJK"', '中文')), true);
      // The font file is one of the console's hashed assets, cached for good.
      const url = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .find((n) => /\/console\/assets\/cjk-[0-9a-f]+\.otf$/.test(n)),
      );
      assert.ok(url, 'the page fetched the CJK font');
      const font = await page.request.get(url);
      assert.equal(font.status(), 200);
      assert.match(font.headers()['cache-control'] ?? '', /max-age=31536000.*immutable/);
      assert.equal(font.headers()['content-type'], 'font/otf');
      // Which font draws each Chinese name's characters, as the browser reports it: every one, the first
      // laid out (whose characters made the page fetch the font) included.
      const cdp = await context.newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const names = await page
        .getByTestId('avatar-picker')
        .locator('.pick-title')
        .evaluateAll((els) =>
          els
            .filter((el) => /[\u4e00-\u9fff]/.test(el.textContent ?? ''))
            .map((el, i) => {
              el.setAttribute('data-font-probe', String(i));
              return el.textContent ?? '';
            }),
        );
      assert.ok(names.length >= 3, names.join(', '));
      for (const [i, text] of names.entries()) {
        const { root } = await cdp.send('DOM.getDocument');
        const { nodeId } = await cdp.send('DOM.querySelector', {
          nodeId: root.nodeId,
          selector: `[data-font-probe="${i}"]`,
        });
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        const cjk = [...text].filter((c) => /[\u4e00-\u9fff]/.test(c)).length;
        const custom = fonts.find((f) => f.isCustomFont);
        assert.ok(custom && custom.glyphCount >= cjk, `${text}: drawn with ${JSON.stringify(fonts)}`);
        assert.match(custom.familyName, /Noto Sans S Chinese/);
      }
      await screenshot(page, 'first-use-cjk-names');

      // Template names in Chinese and English.
      await goto('/create?tab=template');
      const picker = page.getByTestId('template-picker');
      await picker.getByText('新闻播报 News Report').waitFor();
      // The previews may still be rendering on a fresh service (503): the pictures retry, then show.
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid=template-picker] img')].every(
            (i) => (i as HTMLImageElement).naturalWidth > 0,
          ),
        undefined,
        { timeout: 90_000 },
      );
      await screenshot(page, 'first-use-cjk-templates');
    },
  );

  test('(b) the Tasks page names task types in words', async () => {
    await goto('/tasks');
    const clone = page.getByTestId(`task-${tasks.clone}`);
    await clone.waitFor();
    assert.equal(await clone.getByTestId('task-type').textContent(), 'Avatar from a portrait');
    assert.equal(
      await page.getByTestId(`task-${tasks.audio}`).getByTestId('task-type').textContent(),
      'Audio from text',
    );
    const types = await page.getByTestId('task-type').allTextContents();
    assert.ok(types.length >= 3, types.join(', '));
    for (const t of types) assert.doesNotMatch(t, /_/, `a raw type name: ${t}`);
    await screenshot(page, 'first-use-tasks');
  });

  test('(c) the ledger says what each entry was for', async () => {
    await goto('/credits');
    await page.getByTestId('ledger-table').waitFor();
    const texts = (await page.getByTestId('ledger-what').allTextContents()).map((t) => t.trim());
    const has = (re: RegExp) =>
      assert.ok(
        texts.some((t) => re.test(t)),
        `${re} in ${JSON.stringify(texts)}`,
      );
    has(/^Top-up$/);
    has(new RegExp(`^Charged for video ${tasks.cancelled}$`));
    has(new RegExp(`^Refunded: video ${tasks.cancelled} was cancelled$`));
    has(new RegExp(`^Refunded: video ${tasks.failed} failed$`));
    has(new RegExp(`^Charged for audio ${tasks.audio}$`));
    has(new RegExp(`^Charged for avatar ${tasks.clone}$`));
    for (const t of texts) assert.doesNotMatch(t, /reserved for a task|reservation/);
    await screenshot(page, 'first-use-ledger');
  });

  test('(e) on a phone the Create tabs stay one row that scrolls sideways', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await goto('/create?tab=cover');
      const tabs = page.getByTestId('create-tabs');
      await tabs.waitFor();
      await page.getByTestId('tab-cover').waitFor();
      const row = await tabs.evaluate((nav) => {
        const style = getComputedStyle(nav);
        const box = nav.getBoundingClientRect();
        const items = [...nav.querySelectorAll<HTMLElement>('.tab')].map((t) => ({
          top: t.getBoundingClientRect().top,
          left: t.getBoundingClientRect().left,
          right: t.getBoundingClientRect().right,
          active: t.classList.contains('active'),
        }));
        return {
          overflowX: style.overflowX,
          flexWrap: style.flexWrap,
          scrollWidth: nav.scrollWidth,
          clientWidth: nav.clientWidth,
          box: { left: box.left, right: box.right },
          items,
        };
      });
      assert.equal(row.overflowX, 'auto');
      assert.equal(row.flexWrap, 'nowrap');
      assert.ok(
        row.scrollWidth > row.clientWidth,
        `the row is wider than the screen: ${JSON.stringify(row)}`,
      );
      assert.equal(new Set(row.items.map((i) => Math.round(i.top))).size, 1, 'one row');
      // The current tab (the last one) was scrolled into view.
      const active = row.items.find((i) => i.active);
      assert.ok(
        active && active.left >= row.box.left - 1 && active.right <= row.box.right + 1,
        JSON.stringify(row),
      );
      const page375 = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(page375 <= 375, `the page is ${page375}px wide`);
      await screenshot(page, 'first-use-create-tabs-375-cover');
      // Scrolled back by hand, the first tab shows and can be used.
      await tabs.evaluate((nav) => nav.scrollTo({ left: 0 }));
      await page.getByTestId('tab-tts').click();
      await page.getByTestId('form-tts').waitFor();
      await screenshot(page, 'first-use-create-tabs-375');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  test('(f) a failed sign-in link says so until the next move, and not after a later sign-in', async () => {
    await goto('/');
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-page').waitFor();

    // A link that does not work, opened in this tab (only the address's hash changes).
    await goto('/sign-in?code=not-a-code');
    const notice = page.getByTestId('sign-in-notice');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /This sign-in link did not work/);
    await screenshot(page, 'first-use-sign-in-link-failed');
    // Moving on clears it.
    await goto('/');
    await page.getByText('This sign-in link did not work').waitFor({ state: 'detached' });

    // Failed again, then a working link in the same tab: signed in, and after signing out the
    // sign-in page has nothing left from the failure.
    await goto('/sign-in?code=still-not-a-code');
    await notice.waitFor();
    const link = await server.container.services.consoleSessions.createLink(account.account_id);
    await page.goto(link.url);
    await page.getByTestId('page-overview').waitFor();
    assert.ok(!page.url().includes(link.code), 'the code left the address bar');
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-page').waitFor();
    // (Signing out says so; nothing about the link.)
    assert.doesNotMatch((await notice.allTextContents()).join(' '), /did not work/, 'no stale notice');
    await screenshot(page, 'first-use-sign-in-after-link');

    // Signed in with the token after a failed link: the same.
    await goto('/sign-in?code=nope');
    await notice.waitFor();
    await page.getByTestId('sign-in-token').fill(account.token);
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('page-overview').waitFor();
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-page').waitFor();
    assert.doesNotMatch(
      (await notice.allTextContents()).join(' '),
      /did not work/,
      'no stale notice after a token sign-in',
    );
  });

  test('the pages ran without script errors', () => {
    const errors = pageLog.errors.filter((e) => !e.includes('Failed to load resource'));
    assert.deepEqual(errors, []);
  });
});
