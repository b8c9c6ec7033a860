import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { FetchRefusedError, type FetchRefusal } from './fetch-refused-error.js';
import { createSafePoster } from './safe-post.js';

// A local receiver: logs every request; /status/N answers N, /to answers 302 to ?u=, /stall never answers.
interface Receiver {
  port: number;
  base: string;
  got: { method: string; path: string; body: string; headers: http.IncomingHttpHeaders }[];
  connections: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const r: Receiver = { port: 0, base: '', got: [], connections: 0, close: async () => undefined };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      r.got.push({ method: req.method ?? '', path: url.pathname, body, headers: req.headers });
      if (url.pathname.startsWith('/status/')) res.writeHead(Number(url.pathname.slice(8))).end('answer');
      else if (url.pathname === '/to')
        res.writeHead(302, { location: url.searchParams.get('u') ?? '' }).end();
      else if (url.pathname === '/big') res.writeHead(200).end(Buffer.alloc(200_000));
      // '/stall': never answers
    });
  });
  server.on('connection', () => (r.connections += 1));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  r.port = (server.address() as AddressInfo).port;
  r.base = `http://127.0.0.1:${r.port}`;
  r.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return r;
}

let receiver: Receiver;
let other: Receiver; // never allow-listed
before(async () => {
  receiver = await startReceiver();
  other = await startReceiver();
});
after(async () => {
  await receiver.close();
  await other.close();
});

async function refusal(promise: Promise<unknown>, reason: FetchRefusal): Promise<FetchRefusedError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof FetchRefusedError, `expected FetchRefusedError, got ${String(err)}`);
    assert.equal(err.reason, reason, err.message);
    return err;
  }
  assert.fail(`expected refusal '${reason}', but the post went through`);
}

const allowReceiver = () => createSafePoster({ allow: [`127.0.0.1:${receiver.port}`], timeoutMs: 5000 });

test('an allow-listed receiver gets the body and headers; the status comes back as it is', async () => {
  const poster = allowReceiver();
  const status = await poster.post(`${receiver.base}/status/200`, '{"a":1}', {
    'content-type': 'application/json',
    'user-agent': 'likeness-callback/1',
    'x-test': 'yes',
  });
  assert.equal(status, 200);
  const last = receiver.got.at(-1);
  assert.ok(last);
  assert.equal(last.method, 'POST');
  assert.equal(last.body, '{"a":1}');
  assert.equal(last.headers['content-type'], 'application/json');
  assert.equal(last.headers['content-length'], '7');
  assert.equal(last.headers['user-agent'], 'likeness-callback/1');
  assert.equal(last.headers['x-test'], 'yes');
  assert.equal(await poster.post(`${receiver.base}/status/503`, '', {}), 503);
  assert.equal(await poster.post(`${receiver.base}/big`, '', {}), 200);
});

test('loopback in any spelling, other schemes and credentials are refused before connecting', async () => {
  const poster = allowReceiver();
  const p = other.port;
  const cases: [string, FetchRefusal][] = [
    [`http://127.0.0.1:${p}/`, 'blocked-address'],
    [`http://127.1:${p}/`, 'blocked-address'],
    [`http://2130706433:${p}/`, 'blocked-address'],
    [`http://0x7f000001:${p}/`, 'blocked-address'],
    [`http://0177.0.0.1:${p}/`, 'blocked-address'],
    [`http://[::1]:${p}/`, 'blocked-address'],
    [`http://[::ffff:127.0.0.1]:${p}/`, 'blocked-address'],
    [`http://0.0.0.0:${p}/`, 'blocked-address'],
    [`http://localhost.:${p}/`, 'blocked-address'],
    [`http://127.0.0.1:${p}#@example.com/`, 'blocked-address'],
    [`http://example.com@127.0.0.1:${p}/`, 'bad-url'],
    ['file:///etc/passwd', 'scheme'],
    [`ftp://127.0.0.1:${p}/`, 'scheme'],
    [`gopher://127.0.0.1:${p}/_x`, 'scheme'],
    ['data:text/plain,hi', 'scheme'],
  ];
  for (const [url, reason] of cases) await refusal(poster.post(url, '{}', {}), reason);
  assert.equal(other.connections, 0);
});

test('a name is resolved once and refused when it resolves to a private address', async () => {
  const asked: string[] = [];
  const poster = createSafePoster({
    allow: [],
    lookup: async (host) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    },
  });
  await refusal(poster.post(`http://hooks.example.test:${other.port}/`, '{}', {}), 'blocked-address');
  assert.deepEqual(asked, ['hooks.example.test']);
  assert.equal(other.connections, 0);
});

test('a redirect is the answer, never followed', async () => {
  const poster = allowReceiver();
  const status = await poster.post(`${receiver.base}/to?u=${encodeURIComponent(other.base)}/`, '{}', {});
  assert.equal(status, 302);
  assert.equal(other.connections, 0);
});

test('a receiver that never answers runs into the timeout; the caller signal aborts', async () => {
  const poster = createSafePoster({ allow: [`127.0.0.1:${receiver.port}`], timeoutMs: 300 });
  await refusal(poster.post(`${receiver.base}/stall`, '{}', {}), 'timeout');
  const ac = new AbortController();
  const stop = new Error('stop');
  const pending = poster.post(`${receiver.base}/stall`, '{}', {}, ac.signal);
  ac.abort(stop);
  await assert.rejects(pending, (err) => err === stop);
});

test('options are validated when the poster is created', () => {
  assert.throws(() => createSafePoster({ allow: ['http://x'] }), TypeError);
  assert.throws(() => createSafePoster({ allow: [], timeoutMs: 0 }), RangeError);
});
