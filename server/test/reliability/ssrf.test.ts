/**
 * No URL a client or an account supplies may make likeness connect to the machine it runs on.
 *
 * A canary HTTP server listens on 127.0.0.1 (random port) and counts every connection it accepts;
 * every URL input and the callback deliveries are pointed at it in the spellings that reach loopback,
 * and through redirects from an allowed origin, and it must see none. Only loopback is ever targeted,
 * and name resolution is replaced for the whole process, so no name can leave the machine either.
 */
import assert from 'node:assert/strict';
import dns from 'node:dns';
import { createServer, get, type Server } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { api, createAccount, startServer, waitTask, type TestServer } from '../helpers/server.js';

/** A local HTTP server that counts the connections it accepts. */
interface Listener {
  server: Server;
  port: number;
  connections: number;
  paths: string[];
}

async function listen(
  answer: (path: URL, res: import('node:http').ServerResponse) => void,
): Promise<Listener> {
  const l: Listener = { server: createServer(), port: 0, connections: 0, paths: [] };
  l.server.on('connection', () => (l.connections += 1));
  l.server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://listener');
    l.paths.push(url.pathname + url.search);
    req.resume();
    answer(url, res);
  });
  await new Promise<void>((done) => l.server.listen(0, '127.0.0.1', done));
  l.port = (l.server.address() as AddressInfo).port;
  return l;
}

const close = (l: Listener) =>
  new Promise<void>((done) => {
    l.server.closeAllConnections();
    l.server.close(() => done());
  });

/** What must happen to a URL: refused at submission (code 11), or by the worker with this message. */
type Refusal = { at: 'submission' } | { at: 'worker'; reason: RegExp };
const NOT_ALLOWED: Refusal = {
  at: 'worker',
  reason: /private or local address, which this server does not fetch/,
};
const HAS_CREDENTIALS: Refusal = { at: 'worker', reason: /the URL is not valid/ };
const OTHER_SCHEME_AFTER_REDIRECT: Refusal = {
  at: 'worker',
  reason: /only http and https URLs can be fetched/,
};

/** Loopback in the spellings a URL parser accepts, all aimed at the canary's port. */
const loopbackSpellings = (port: number): [string, Refusal][] => [
  [`http://127.0.0.1:${port}/`, NOT_ALLOWED],
  [`http://127.1:${port}/`, NOT_ALLOWED],
  [`http://2130706433:${port}/`, NOT_ALLOWED],
  [`http://0x7f000001:${port}/`, NOT_ALLOWED],
  [`http://0177.0.0.1:${port}/`, NOT_ALLOWED],
  [`http://127.0.0.1.:${port}/`, NOT_ALLOWED],
  [`http://[::1]:${port}/`, NOT_ALLOWED],
  [`http://[::ffff:127.0.0.1]:${port}/`, NOT_ALLOWED],
  [`http://[::ffff:7f00:1]:${port}/`, NOT_ALLOWED],
  [`http://0.0.0.0:${port}/`, NOT_ALLOWED],
  [`http://[::]:${port}/`, NOT_ALLOWED],
  [`http://localhost:${port}/`, NOT_ALLOWED],
  [`http://localhost.:${port}/`, NOT_ALLOWED],
  [`http://LocalHost..:${port}/`, NOT_ALLOWED],
  [`http://media.localhost:${port}/`, NOT_ALLOWED],
  [`https://127.0.0.1:${port}/`, NOT_ALLOWED],
  [`http://127.0.0.1:${port}#@example.com/`, NOT_ALLOWED],
  [`http://127.0.0.1:${port}\\@example.com/`, NOT_ALLOWED],
  [`http://example.com@127.0.0.1:${port}/`, HAS_CREDENTIALS],
  [`http://example.com:pw@[::1]:${port}/`, HAS_CREDENTIALS],
];

/** Schemes other than http(s): refused as the client sends them, and again behind a redirect. */
const otherSchemes = (port: number): string[] => [
  'file:///etc/passwd',
  `ftp://127.0.0.1:${port}/a`,
  `gopher://127.0.0.1:${port}/_a`,
  'data:audio/mpeg;base64,SUQz',
];

type TaskPath = '/api/v2/svc/avatar/task' | '/api/v2/svc/voice/task' | '/api/v2/svc/video/task';

interface UrlInput {
  name: string;
  path: string;
  task: TaskPath;
  code: number;
  body: (url: string) => Record<string, unknown>;
}

describe('SSRF: URL inputs and callbacks never reach loopback', () => {
  let canary: Listener;
  let redirector: Listener;
  let server: TestServer;
  let token: string;
  let inputs: UrlInput[];
  let avatar: string;
  const asked: string[] = [];
  const realLookup = dns.lookup;
  const realPromisesLookup = dns.promises.lookup;

  before(async () => {
    // No name may be resolved by the network: names are recorded and refused; IP literals (which
    // listening on 127.0.0.1 looks up too) are answered by the real resolver without any query.
    const refuse = (host: string) => {
      asked.push(host);
      return Object.assign(new Error(`name resolution disabled in this test (${host})`), {
        code: 'ENOTFOUND',
      });
    };
    dns.lookup = ((host: string, ...rest: unknown[]) => {
      if (isIP(host) !== 0) return (realLookup as (...a: unknown[]) => void)(host, ...rest);
      const callback = rest.at(-1) as (err: Error) => void;
      process.nextTick(() => callback(refuse(host)));
    }) as typeof dns.lookup;
    dns.promises.lookup = (async (host: string, ...rest: unknown[]) => {
      if (isIP(host) !== 0) return (realPromisesLookup as (...a: unknown[]) => unknown)(host, ...rest);
      throw refuse(host);
    }) as typeof dns.promises.lookup;

    canary = await listen((_u, res) => res.end('canary'));
    // The allowed origin: /to?u=<target> answers 302 to the target.
    redirector = await listen((u, res) => {
      if (u.pathname === '/to') res.writeHead(302, { location: u.searchParams.get('u') ?? '' }).end();
      else res.writeHead(404).end();
    });
    server = await startServer({
      // Only the redirector is allowed; the canary's port is not.
      LIKENESS_FETCH_ALLOW: `127.0.0.1:${redirector.port}`,
      LIKENESS_WORKERS: '2',
      LIKENESS_MAX_ACTIVE_WORKS: '10000',
      LIKENESS_MAX_DAILY_WORKS: '10000',
      LIKENESS_MAX_VOICE_CLONES: '10000',
      LIKENESS_MAX_AVATARS: '10000',
      LIKENESS_CALLBACK_RETRY_SEC: '0.05',
    });
    token = (await createAccount(server, { credits: 1_000_000, plan: 'enterprise' })).token;
    avatar = (await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } })).body.data[0]
      .avatar as string;
    inputs = [
      {
        name: 'avatar/create_by_video video_url',
        path: '/api/v2/svc/avatar/create_by_video',
        task: '/api/v2/svc/avatar/task',
        code: 2014,
        body: (url) => ({ video_url: url }),
      },
      {
        name: 'avatar/create_by_image image_url',
        path: '/api/v2/svc/avatar/create_by_image',
        task: '/api/v2/svc/avatar/task',
        code: 2016,
        body: (url) => ({ image_url: url }),
      },
      {
        name: 'voice/create audio_url',
        path: '/api/v2/svc/voice/create',
        task: '/api/v2/svc/voice/task',
        code: 2013,
        body: (url) => ({ title: 'ssrf', voice_type: 8, audio_url: url }),
      },
      {
        name: 'video/create_by_audio audio_url',
        path: '/api/v2/svc/video/create_by_audio',
        task: '/api/v2/svc/video/task',
        code: 2013,
        body: (url) => ({ audio_url: url, avatar }),
      },
    ];
    // The canary counts: one connection from here, then back to zero.
    await new Promise<void>((done) =>
      get(`http://127.0.0.1:${canary.port}/control`, (r) => r.resume().on('end', done)),
    );
    assert.equal(canary.connections, 1, 'the canary counts connections');
    canary.connections = 0;
    canary.paths.length = 0;
  });

  after(async () => {
    await server.close();
    await close(canary);
    await close(redirector);
    dns.lookup = realLookup;
    dns.promises.lookup = realPromisesLookup;
  });

  /** Waits for every case, then fails with the first failure: none is left polling after the test. */
  async function settleAll(cases: Promise<void>[]): Promise<void> {
    for (const r of await Promise.allSettled(cases)) if (r.status === 'rejected') throw r.reason;
  }

  /** The canary saw no connection, and no name was sent to a resolver. */
  function assertUntouched(): void {
    assert.equal(canary.connections, 0, `the canary was reached: ${canary.paths.join(', ')}`);
    assert.deepEqual(asked, [], 'names were resolved');
  }

  /** Submits `url` to `input` and checks it is refused the way `expected` says. */
  async function assertRefused(input: UrlInput, url: string, expected: Refusal): Promise<void> {
    const what = `${input.name} = ${url}`;
    const r = await api(server, 'POST', input.path, { token, body: input.body(url) });
    if (expected.at === 'submission') {
      assert.equal(r.body.code, 11, `${what}: refused at submission; got ${JSON.stringify(r.body)}`);
      return;
    }
    assert.equal(r.body.code, 0, `${what}: accepted for the worker; got ${JSON.stringify(r.body)}`);
    const done = await waitTask(server, token, input.task, r.body.task_id as string, 30_000);
    assert.equal(done.status, 4, `${what}: the task fails`);
    assert.equal(done.fail_code, input.code, `${what}: ${done.fail_reason}`);
    assert.match(String(done.fail_reason), expected.reason, what);
  }

  test('loopback in every spelling and non-http schemes are refused for every URL input', async () => {
    const cases = inputs.flatMap((input) => [
      ...loopbackSpellings(canary.port).map(([url, expected]) => ({ input, url, expected })),
      ...otherSchemes(canary.port).map((url) => ({ input, url, expected: { at: 'submission' } as Refusal })),
    ]);
    await settleAll(cases.map((c) => assertRefused(c.input, c.url, c.expected)));
    assertUntouched();
  });

  test('an allowed origin that redirects to loopback or another scheme is refused at the redirect', async () => {
    const targets: [string, Refusal][] = [
      ...loopbackSpellings(canary.port),
      ...otherSchemes(canary.port).map((u): [string, Refusal] => [u, OTHER_SCHEME_AFTER_REDIRECT]),
      // Relative to the allowed origin, but onto the canary's port.
      [`//127.0.0.1:${canary.port}/`, NOT_ALLOWED],
    ];
    let n = 0;
    const cases = inputs.flatMap((input) =>
      targets.map(([target, expected]) => {
        n += 1;
        // `n` keeps every URL distinct (the same video URL would otherwise give the same avatar task).
        const url = `http://127.0.0.1:${redirector.port}/to?n=${n}&u=${encodeURIComponent(target)}`;
        return { input, url, expected };
      }),
    );
    const before = redirector.paths.length;
    await settleAll(cases.map((c) => assertRefused(c.input, c.url, c.expected)));
    assert.equal(
      redirector.paths.length - before,
      cases.length,
      'every redirect was served by the allowed origin',
    );
    assertUntouched();
  });

  test('callback deliveries to loopback, other schemes or through a redirect are refused', async () => {
    const accounts = server.container.services.accounts;
    const targets: [string, RegExp][] = [
      ...loopbackSpellings(canary.port).map(([u, e]): [string, RegExp] => [
        u,
        e === HAS_CREDENTIALS ? /must not contain credentials/ : /is not allowed/,
      ]),
      ...otherSchemes(canary.port).map((u): [string, RegExp] => [u, /scheme .* is not allowed/]),
      // The allowed origin answers 302: a failed delivery, never followed to the canary.
      [
        `http://127.0.0.1:${redirector.port}/to?u=${encodeURIComponent(`http://127.0.0.1:${canary.port}/`)}`,
        /HTTP 302/,
      ],
    ];
    await settleAll(
      targets.map(async ([callbackUrl, error]) => {
        const { account_id: accountId, token: own } = await createAccount(server, { credits: 1000 });
        await accounts.update(accountId, { callbackUrl });
        // A work that fails at once (its audio URL is refused) still sends its callback.
        const r = await api(server, 'POST', '/api/v2/svc/video/create_by_audio', {
          token: own,
          body: { audio_url: `http://127.0.0.1:${canary.port}/audio`, avatar },
        });
        assert.equal(r.body.code, 0, JSON.stringify(r.body));
        await waitTask(server, own, '/api/v2/svc/video/task', r.body.task_id as string, 30_000);
        const deadline = Date.now() + 20_000;
        for (;;) {
          const [row] = await server.container.services.callbacks.list(accountId);
          if (row && row.state !== 'pending') {
            assert.equal(row.state, 'dead', `${callbackUrl}: the delivery gives up`);
            assert.match(String(row.last_error), error, callbackUrl);
            break;
          }
          assert.ok(Date.now() < deadline, `${callbackUrl}: the delivery is still pending`);
          await new Promise((done) => setTimeout(done, 50));
        }
      }),
    );
    assertUntouched();
  });
});
