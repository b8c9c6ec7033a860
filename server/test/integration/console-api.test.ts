import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { CONSOLE_DIST } from '../../src/http/console/static.js';
import { api, createAccount, startServer, TestClock, waitTask, type TestServer } from '../helpers/server.js';

interface Reply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are asserted field by field
  body: any;
}

/** A browser-like client of the console API: keeps the session cookie, sends same-origin metadata. */
class ConsoleClient {
  cookie = '';
  constructor(
    private readonly server: TestServer,
    private readonly site: string | null = 'same-origin',
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const h: Record<string, string> = this.site ? { 'sec-fetch-site': this.site } : {};
    Object.assign(h, headers);
    if (this.cookie) h.cookie = this.cookie;
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(`${this.server.url}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(set) ? '' : set.split(';')[0]!;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (204, HTML)
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }
}

describe('console API: sessions, cross-site refusal, account settings, library', () => {
  let server: TestServer;
  const clock = new TestClock();
  let account: { account_id: string; token: string };
  let other: { account_id: string; token: string };

  before(async () => {
    server = await startServer({}, { clock });
    account = await createAccount(server, { credits: 500 });
    other = await createAccount(server, { credits: 500 });
  });
  after(() => server.close());

  test('signing in with a token sets an HttpOnly, SameSite=Strict cookie scoped to /console; the reply has no token', async () => {
    const c = new ConsoleClient(server);
    const r = await c.call('POST', '/console/api/session', { token: account.token });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const set = r.headers.get('set-cookie') ?? '';
    assert.match(set, /^likeness_session=[A-Za-z0-9_-]{40,};/);
    assert.match(set, /HttpOnly/);
    assert.match(set, /SameSite=Strict/);
    assert.match(set, /Path=\/console/);
    assert.equal(r.body.account_id, account.account_id);
    assert.equal(r.body.balance, 500);
    assert.equal(r.body.token_prefix, account.token.slice(0, 8));
    assert.ok(!JSON.stringify(r.body).includes(account.token), 'the token is not echoed');

    const me = await c.call('GET', '/console/api/me');
    assert.equal(me.status, 200);
    assert.equal(me.body.account_id, account.account_id);
  });

  test('a wrong token, no cookie or an unknown cookie is 401 with code 2003 and a message', async () => {
    const c = new ConsoleClient(server);
    const bad = await c.call('POST', '/console/api/session', { token: 'lk_nope' });
    assert.equal(bad.status, 401);
    assert.equal(bad.body.code, 2003);
    assert.match(bad.body.message, /unknown API token/);
    const none = await c.call('GET', '/console/api/me');
    assert.equal(none.status, 401);
    assert.match(none.body.message, /not signed in/);
    c.cookie = 'likeness_session=forged';
    const forged = await c.call('GET', '/console/api/me');
    assert.equal(forged.status, 401);
    assert.match(forged.body.message, /ended or expired/);
  });

  test('requests a browser sends from another site are refused, even with a valid session', async () => {
    const c = new ConsoleClient(server);
    await c.call('POST', '/console/api/session', { token: account.token });
    for (const [headers, why] of [
      [{ 'sec-fetch-site': 'cross-site' }, /Sec-Fetch-Site: cross-site/],
      [{ 'sec-fetch-site': 'same-site' }, /Sec-Fetch-Site: same-site/],
    ] as const) {
      const r = await c.call('PATCH', '/console/api/settings', { aigc: 2 }, headers);
      assert.equal(r.status, 403);
      assert.match(r.body.message, why);
    }
    const noMeta = new ConsoleClient(server, null);
    noMeta.cookie = c.cookie;
    const evil = await noMeta.call('POST', '/console/api/token/rotate', undefined, {
      origin: 'https://evil.example',
    });
    assert.equal(evil.status, 403);
    const sameOrigin = await noMeta.call('GET', '/console/api/me', undefined, { origin: server.url });
    assert.equal(sameOrigin.status, 200);
    // Cross-site sign-in is refused too (login CSRF).
    const login = await new ConsoleClient(server, 'cross-site').call('POST', '/console/api/session', {
      token: account.token,
    });
    assert.equal(login.status, 403);
  });

  test("the spec's routes stay bearer-only: the console cookie does not authenticate them", async () => {
    const c = new ConsoleClient(server);
    await c.call('POST', '/console/api/session', { token: account.token });
    const r = await c.call('GET', '/api/v2/svc/account/credit');
    assert.equal(r.status, 401);
    assert.equal(r.body.code, 2003);
    const mirrored = await c.call('GET', '/console/api/v2/svc/account/credit');
    assert.equal(mirrored.status, 200);
    assert.deepEqual([mirrored.body.code, mirrored.body.left], [0, 500]);
    const bearerOnMirror = await new ConsoleClient(server).call(
      'GET',
      '/console/api/v2/svc/account/credit',
      undefined,
      {
        authorization: `Bearer ${account.token}`,
      },
    );
    assert.equal(bearerOnMirror.status, 401, 'the mirror takes the session, not a bearer token');
  });

  test('a one-time link signs in once, and not after it expires', async () => {
    const link = await server.container.services.consoleSessions.createLink(account.account_id);
    assert.equal(link.url, `${server.url}/console/#/sign-in?code=${link.code}`);
    const first = new ConsoleClient(server);
    assert.equal((await first.call('POST', '/console/api/session', { code: link.code })).status, 200);
    const again = await new ConsoleClient(server).call('POST', '/console/api/session', { code: link.code });
    assert.equal(again.status, 401);
    assert.match(again.body.message, /already used or has expired/);

    const late = await server.container.services.consoleSessions.createLink(account.account_id);
    clock.advance(16 * 60);
    const expired = await new ConsoleClient(server).call('POST', '/console/api/session', { code: late.code });
    assert.equal(expired.status, 401);
    // The session made from the first link is still good: sessions last days, links minutes.
    assert.equal((await first.call('GET', '/console/api/me')).status, 200);
  });

  test('two sign-ins with one link at the same time: exactly one succeeds', async () => {
    const link = await server.container.services.consoleSessions.createLink(account.account_id);
    const results = await Promise.all(
      [1, 2, 3, 4].map(() =>
        new ConsoleClient(server).call('POST', '/console/api/session', { code: link.code }),
      ),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 401, 401, 401]);
  });

  test('signing out ends the session on the server and clears the cookie', async () => {
    const c = new ConsoleClient(server);
    await c.call('POST', '/console/api/session', { token: account.token });
    const stolen = c.cookie;
    const out = await c.call('DELETE', '/console/api/session');
    assert.equal(out.status, 204);
    assert.equal(c.cookie, '', 'the cookie is cleared');
    const replay = new ConsoleClient(server);
    replay.cookie = stolen;
    assert.equal((await replay.call('GET', '/console/api/me')).status, 401);
  });

  test('rotating the token from the console: the new token works, the old one does not, the console stays signed in', async () => {
    const own = await createAccount(server, { credits: 10 });
    const c = new ConsoleClient(server);
    await c.call('POST', '/console/api/session', { token: own.token });
    const r = await c.call('POST', '/console/api/token/rotate');
    assert.equal(r.status, 200);
    assert.match(r.body.token, /^lk_/);
    assert.equal(r.body.token_prefix, r.body.token.slice(0, 8));
    assert.equal((await api(server, 'GET', '/api/v2/svc/account/credit', { token: own.token })).status, 401);
    const fresh = await api(server, 'GET', '/api/v2/svc/account/credit', { token: r.body.token });
    assert.deepEqual([fresh.status, fresh.body.left], [200, 10]);
    const me = await c.call('GET', '/console/api/me');
    assert.equal(me.body.token_prefix, r.body.token.slice(0, 8));
  });

  test('settings: callback URL checked, V2 switch, AIGC preference, credit-warning threshold', async () => {
    const c = new ConsoleClient(server);
    await c.call('POST', '/console/api/session', { token: other.token });
    const bad = await c.call('PATCH', '/console/api/settings', { callback_url: 'ftp://x' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 11);
    assert.match(bad.body.message, /callback_url must be an http\(s\) URL/);
    const wrongType = await c.call('PATCH', '/console/api/settings', { aigc: 3 });
    assert.equal(wrongType.status, 400);
    assert.equal(wrongType.body.code, 11);
    const r = await c.call('PATCH', '/console/api/settings', {
      callback_url: 'https://hooks.example.com/likeness',
      v2_callback: true,
      aigc: 2,
      credit_warning_threshold: 1000,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(
      [
        r.body.callback_url,
        r.body.v2_callback,
        r.body.aigc,
        r.body.credit_warning_threshold,
        r.body.credit_warning_active,
      ],
      ['https://hooks.example.com/likeness', true, 2, 1000, true],
    );
    const cleared = await c.call('PATCH', '/console/api/settings', {
      callback_url: '',
      credit_warning_threshold: 0,
    });
    assert.deepEqual([cleared.body.callback_url, cleared.body.credit_warning_active], [null, false]);
    const secret = await c.call('GET', '/console/api/callback/secret');
    const rotated = await c.call('POST', '/console/api/callback/secret/rotate');
    assert.equal(typeof secret.body.secret, 'string');
    assert.notEqual(rotated.body.secret, secret.body.secret);
    assert.equal((await c.call('GET', '/console/api/callback/secret')).body.secret, rotated.body.secret);
  });

  test("work made through the console's mirror is listed with its progress and result; no other account sees it", async () => {
    const c = new ConsoleClient(server);
    await c.call('POST', '/console/api/session', { token: account.token });
    const est = await c.call('POST', '/console/api/estimate', {
      type: 'audio_tts',
      text: 'Hello from the console.',
    });
    assert.equal(est.status, 200);
    assert.ok(est.body.credits >= 1 && est.body.per_minute === 2, JSON.stringify(est.body));
    // A work from a 6 s file costs 6 s, but holds a minute (what the submission reserves) until measured.
    const fromFile = await c.call('POST', '/console/api/estimate', { type: 'video_audio', seconds: 6 });
    assert.deepEqual([fromFile.body.charge, fromFile.body.credits], [1, 10]);
    const badEst = await c.call('POST', '/console/api/estimate', { type: 'nonsense' });
    assert.equal(badEst.status, 400);

    const made = await c.call('POST', '/console/api/v2/svc/audio/create_by_tts', {
      voice: 'pub-en-arthur',
      text: 'Hello from the console.',
      title: 'console audio',
    });
    assert.equal(made.body.code, 0, JSON.stringify(made.body));
    const taskId = made.body.task_id as string;
    const listed = await c.call('GET', '/console/api/tasks?family=work');
    const item = listed.body.data.find((t: { task_id: string }) => t.task_id === taskId);
    assert.ok(item, 'the new task is listed');
    assert.ok([1, 2, 3].includes(item.status));
    assert.equal(item.media_kind, 'audio');

    await waitTask(server, account.token, '/api/v2/svc/video/task', taskId);
    const done = (await c.call('GET', '/console/api/tasks')).body.data.find(
      (t: { task_id: string }) => t.task_id === taskId,
    );
    assert.deepEqual([done.status, done.progress, done.title], [3, 100, 'console audio']);
    assert.ok(done.duration > 0);
    const media = await fetch(done.media_url, { headers: { range: 'bytes=0-99' } });
    assert.equal(media.status, 206);
    assert.equal((await media.arrayBuffer()).byteLength, 100);

    const ledger = await c.call('GET', '/console/api/credits/ledger?size=5');
    assert.equal(ledger.status, 200);
    assert.ok(ledger.body.data.some((e: { task_id: string | null }) => e.task_id === taskId));

    const stranger = new ConsoleClient(server);
    await stranger.call('POST', '/console/api/session', { token: other.token });
    const theirs = await stranger.call('GET', '/console/api/tasks');
    assert.ok(!theirs.body.data.some((t: { task_id: string }) => t.task_id === taskId));
    const peek = await stranger.call('GET', `/console/api/v2/svc/video/task?task_id=${taskId}`);
    assert.equal(peek.body.code, 14);
  });

  test('library lists: own and public avatars and voices, covers', async () => {
    const c = new ConsoleClient(server);
    await c.call('POST', '/console/api/session', { token: account.token });
    const pub = await c.call('GET', '/console/api/avatars?kind=2');
    assert.equal(pub.status, 200);
    assert.ok(pub.body.data.length > 0);
    assert.ok(pub.body.data.every((a: { kind: number }) => a.kind === 2));
    const voices = await c.call('GET', '/console/api/voices?kind=2');
    assert.ok(voices.body.data.length > 0);
    assert.match(voices.body.data[0].demo_url, /\/catalogue\/voices\/.+\/demo\.mp3$/);
    assert.deepEqual((await c.call('GET', '/console/api/avatars')).body.data, []);
    assert.deepEqual((await c.call('GET', '/console/api/covers')).body.data, []);
    assert.equal((await c.call('GET', '/console/api/avatars?kind=3')).status, 400);
    assert.equal((await c.call('GET', '/console/api/nothing-here')).status, 404);
  });

  test('the console page: served with a content security policy; hashed assets cached for good; not in /docs', async () => {
    const redirect = await fetch(`${server.url}/console`, { redirect: 'manual' });
    assert.equal(redirect.status, 301);
    assert.equal(redirect.headers.get('location'), '/console/');
    const spec = await api(server, 'GET', '/docs/json');
    assert.ok(
      !Object.keys(spec.body.paths).some((p) => p.startsWith('/console')),
      'console routes stay out of the API reference',
    );
    if (!existsSync(`${CONSOLE_DIST}/index.html`)) {
      const page = await fetch(`${server.url}/console/`);
      assert.equal(page.status, 503);
      assert.match(await page.text(), /npm run build/);
      return;
    }
    const page = await fetch(`${server.url}/console/`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    const html = await page.text();
    const asset = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(asset, html);
    const js = await fetch(`${server.url}${asset}`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('cache-control') ?? '', /immutable/);
    await js.arrayBuffer();
  });
});
