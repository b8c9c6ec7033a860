/**
 * The API reference (/docs, swagger-ui) in a real browser (headless Chromium through playwright-core)
 * against the real service, as a new user meets it: authorize with the demo account's token, open
 * `POST /api/v2/svc/video/create_by_tts` and a clone API operation, "Try it out", Execute the
 * prefilled example unchanged, and get code 0 with a task id (an asset list for the clone API). The
 * page is saved as server/test-output/docs-try-it.png for a person to look at.
 * Skipped, with the reason, where /usr/bin/chromium is missing (.ci/run installs it).
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { EXAMPLE } from '../../src/http/schemas/examples.js';
import { browserUnavailable, launchBrowser, watchPage, type TestBrowser } from '../helpers/browser.js';
import { api, startServer, type TestServer } from '../helpers/server.js';

const unavailable = browserUnavailable();
if (unavailable) console.log(`# browser tests SKIPPED: ${unavailable}`);

/** Time limit of each wait below; every wait is for a condition, none is a fixed sleep. */
const UI_MS = 20_000;
const SHOT = fileURLToPath(new URL('../../test-output/docs-try-it.png', import.meta.url));

describe(
  'API reference in a browser: "Try it out" works as prefilled',
  { skip: unavailable ?? false },
  () => {
    let server: TestServer;
    let browser: TestBrowser;
    let context: BrowserContext;
    let page: Page;
    let pageLog: { errors: string[] };
    let demoToken: string;

    before(async () => {
      // API only (submitted tasks stay queued), with the demo account `npm start` makes on first start.
      server = await startServer({ LIKENESS_DEMO_ACCOUNT: 'on' }, { role: 'api' });
      const demo = await server.container.services.accounts.ensureDemoAccount();
      assert.ok(demo, 'the demo account is made on a fresh install');
      demoToken = demo.token;
      browser = await launchBrowser();
      context = await browser.browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(UI_MS);
      page = await context.newPage();
      pageLog = watchPage(page);
    });

    after(async () => {
      await context?.close();
      await browser?.close();
      await server?.close();
    });

    /** The operation block of `method path`, expanded, with "Try it out" on. */
    const openOperation = async (method: string, path: string): Promise<Locator> => {
      const block = page.locator(`.opblock-${method}`, {
        has: page.locator(`.opblock-summary-path[data-path="${path}"]`),
      });
      await block.locator('.opblock-summary').first().click();
      await block.locator('.try-out__btn').click();
      await block.locator('.execute').waitFor();
      return block;
    };

    /** Executes the operation as prefilled and returns the body swagger-ui shows for the live response. */
    const execute = async (block: Locator): Promise<{ status: string; body: Record<string, unknown> }> => {
      await block.locator('.execute').click();
      const live = block.locator('.live-responses-table .response').first();
      const code = live.locator('.response-col_status').first();
      await code.waitFor();
      const text = await live.locator('.response-col_description pre').first().innerText();
      return { status: (await code.innerText()).trim(), body: JSON.parse(text) as Record<string, unknown> };
    };

    test('the demo token is entered in Authorize', async () => {
      await page.goto(`${server.url}/docs/`);
      await page.locator('.btn.authorize').first().click();
      const dialog = page.locator('.modal-ux');
      await dialog.locator('input').first().fill(demoToken);
      await dialog.locator('button.authorize').first().click();
      await dialog.locator('button.btn-done').click();
      await dialog.waitFor({ state: 'detached' });
    });

    test('POST /api/v2/svc/video/create_by_tts: the prefilled example executes with code 0 and a task id', async () => {
      const block = await openOperation('post', '/api/v2/svc/video/create_by_tts');
      const prefilled = JSON.parse(await block.locator('textarea.body-param__text').inputValue()) as Record<
        string,
        unknown
      >;
      // The example a new user sees: catalogue ids of a fresh install, and one of avatar/video_file_id.
      assert.equal(prefilled.avatar, EXAMPLE.avatar);
      assert.equal(prefilled.voice, EXAMPLE.voice);
      assert.equal('video_file_id' in prefilled, false);
      const { status, body } = await execute(block);
      assert.equal(status, '200');
      assert.equal(body.code, 0, JSON.stringify(body));
      assert.match(String(body.task_id), /^t_[0-9a-z]{24}$/);
      // The task is real: the demo account can query it.
      const task = await api(server, 'GET', '/api/v2/svc/video/task', {
        token: demoToken,
        query: { task_id: String(body.task_id) },
      });
      assert.equal(task.body.code, 0);
      assert.equal(task.body.status, 1, 'waiting (this server runs no jobs)');

      await block.locator('.live-responses-table').scrollIntoViewIfNeeded();
      await mkdir(dirname(SHOT), { recursive: true });
      await block.screenshot({ path: SHOT });
    });

    test('GET /api/app/v1/clone/avatars: the prefilled query executes with code 0', async () => {
      const block = await openOperation('get', '/api/app/v1/clone/avatars');
      const { status, body } = await execute(block);
      assert.equal(status, '200');
      assert.equal(body.code, 0, JSON.stringify(body));
      assert.equal(body.message, 'ok');
      assert.ok(Array.isArray((body.data as { items: unknown[] }).items));
    });

    test('the page ran clean', () => {
      assert.deepEqual(pageLog.errors, []);
    });
  },
);
