import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { after, before, test } from 'node:test';
import { createSafeFetcher, FetchRefusedError, type FetchRefusal } from './safe-fetch.js';

// A local origin with one route per behaviour under test. Every request is logged so tests can prove
// that a refused hop was never contacted.
interface Origin {
  port: number;
  base: string;
  hits: string[];
  hosts: string[];
  close(): Promise<void>;
}

function startOrigin(): Promise<Origin> {
  const hits: string[] = [];
  const hosts: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://origin');
    hits.push(url.pathname);
    hosts.push(req.headers.host ?? '');
    const route = url.pathname;
    if (route === '/ok') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '5' });
      res.end('hello');
    } else if (route === '/exact') {
      res.end(Buffer.alloc(100, 1)); // 100 bytes, chunked (no length)
    } else if (route === '/big-declared') {
      res.writeHead(200, { 'content-length': '1000' });
      res.end(Buffer.alloc(1000));
    } else if (route === '/big-streamed') {
      // No Content-Length: only counting can catch it.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let sent = 0;
      const timer = setInterval(() => {
        if (sent >= 5000 || res.destroyed) {
          clearInterval(timer);
          res.end();
          return;
        }
        res.write(Buffer.alloc(500));
        sent += 500;
      }, 5);
    } else if (route === '/stall') {
      // Never answers.
    } else if (route === '/stall-body') {
      res.writeHead(200, { 'content-length': '1000' });
      res.write(Buffer.alloc(10));
    } else if (route === '/cut') {
      res.writeHead(200, { 'content-length': '1000' });
      res.write(Buffer.alloc(10), () => res.destroy());
    } else if (route === '/missing') {
      res.writeHead(404).end('nope');
    } else if (route === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else if (route.startsWith('/chain/')) {
      const n = Number(route.slice('/chain/'.length));
      if (n > 0) res.writeHead(301, { location: `/chain/${n - 1}` }).end();
      else res.writeHead(200, { 'content-type': 'video/mp4' }).end('final');
    } else if (route === '/to') {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), {
        location: url.searchParams.get('u') ?? '',
      });
      res.end();
    } else {
      res.writeHead(500).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        base: `http://127.0.0.1:${port}`,
        hits,
        hosts,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let origin: Origin;
let other: Origin; // a second local server that is never allow-listed
let dir: string;

before(async () => {
  origin = await startOrigin();
  other = await startOrigin();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'likeness-safe-fetch-'));
});

after(async () => {
  await origin.close();
  await other.close();
  await fs.rm(dir, { recursive: true, force: true });
});

let fileNo = 0;
function dest(): string {
  fileNo += 1;
  return path.join(dir, `file-${fileNo}.bin`);
}

async function refusal(promise: Promise<unknown>, reason: FetchRefusal): Promise<FetchRefusedError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof FetchRefusedError, `expected FetchRefusedError, got ${String(err)}`);
    assert.equal(err.reason, reason, err.message);
    return err;
  }
  assert.fail(`expected refusal '${reason}', but the fetch succeeded`);
}

async function assertNoFiles(file: string): Promise<void> {
  await assert.rejects(fs.stat(file), { code: 'ENOENT' });
  await assert.rejects(fs.stat(`${file}.part`), { code: 'ENOENT' });
}

const allowOrigin = () => createSafeFetcher({ allow: [`127.0.0.1:${origin.port}`], timeoutMs: 5000 });

test('loopback is refused without an allow-list entry, before any request is sent', async () => {
  const fetcher = createSafeFetcher({ allow: [] });
  const before = origin.hits.length;
  const file = dest();
  await refusal(fetcher.fetchToFile(`${origin.base}/ok`, file, { maxBytes: 1000 }), 'blocked-address');
  await refusal(
    fetcher.fetchToFile(`http://[::1]:${origin.port}/ok`, file, { maxBytes: 1000 }),
    'blocked-address',
  );
  await refusal(
    fetcher.fetchToFile(`http://0x7f000001:${origin.port}/ok`, file, { maxBytes: 1000 }),
    'blocked-address',
  );
  await refusal(
    fetcher.fetchToFile(`http://localhost:${origin.port}/ok`, file, { maxBytes: 1000 }),
    'blocked-address',
  );
  assert.equal(origin.hits.length, before);
  await assertNoFiles(file);
});

test('an allow-listed host:port is fetched to the destination file', async () => {
  const file = dest();
  const got = await allowOrigin().fetchToFile(`${origin.base}/ok`, file, { maxBytes: 1000 });
  assert.deepEqual(got, {
    path: file,
    bytes: 5,
    contentType: 'text/plain',
    finalUrl: `${origin.base}/ok`,
    sha256: createHash('sha256').update('hello').digest('hex'),
  });
  assert.equal(await fs.readFile(file, 'utf8'), 'hello');
  await assert.rejects(fs.stat(`${file}.part`), { code: 'ENOENT' });
});

test('an allow entry without a port covers every port; one with a port only that port', async () => {
  const anyPort = createSafeFetcher({ allow: ['127.0.0.1'] });
  assert.equal((await anyPort.fetchToFile(`${other.base}/ok`, dest(), { maxBytes: 10 })).bytes, 5);
  const onePort = createSafeFetcher({ allow: [`127.0.0.1:${origin.port}`] });
  await refusal(onePort.fetchToFile(`${other.base}/ok`, dest(), { maxBytes: 10 }), 'blocked-address');
});

test('a body of exactly maxBytes is accepted', async () => {
  const got = await allowOrigin().fetchToFile(`${origin.base}/exact`, dest(), { maxBytes: 100 });
  assert.equal(got.bytes, 100);
});

test('a redirect from an allowed server to a non-allowed private address is refused', async () => {
  const fetcher = allowOrigin();
  const otherHits = other.hits.length;
  for (const target of [
    `${other.base}/ok`,
    'http://10.0.0.5/x',
    'http://169.254.169.254/latest/meta-data/',
  ]) {
    const file = dest();
    const err = await refusal(
      fetcher.fetchToFile(`${origin.base}/to?u=${encodeURIComponent(target)}`, file, { maxBytes: 1000 }),
      'blocked-address',
    );
    assert.equal(err.url, new URL(target).href);
    await assertNoFiles(file);
  }
  assert.equal(other.hits.length, otherHits, 'the non-allowed server was contacted');
});

test('a redirect to a non-http scheme is refused', async () => {
  const url = `${origin.base}/to?u=${encodeURIComponent('file:///etc/passwd')}`;
  await refusal(allowOrigin().fetchToFile(url, dest(), { maxBytes: 1000 }), 'scheme');
});

test('the instance-metadata address and names are refused', async () => {
  const lookups: string[] = [];
  const fetcher = createSafeFetcher({
    allow: [],
    lookup: async (h) => {
      lookups.push(h);
      return [{ address: '93.184.216.34', family: 4 }];
    },
  });
  await refusal(
    fetcher.fetchToFile('http://169.254.169.254/latest/meta-data/', dest(), { maxBytes: 10 }),
    'blocked-address',
  );
  await refusal(
    fetcher.fetchToFile('http://[::ffff:169.254.169.254]/', dest(), { maxBytes: 10 }),
    'blocked-address',
  );
  await refusal(fetcher.fetchToFile('http://[fd00:ec2::254]/', dest(), { maxBytes: 10 }), 'blocked-address');
  // Refused by name even though the (fake) resolver would have answered with a public address.
  await refusal(
    fetcher.fetchToFile('http://metadata.google.internal/x', dest(), { maxBytes: 10 }),
    'blocked-address',
  );
  await refusal(
    fetcher.fetchToFile('http://metadata.google.internal./x', dest(), { maxBytes: 10 }),
    'blocked-address',
  );
  assert.deepEqual(lookups, []);
});

test('a name resolving to a private address is refused, also when only one of its addresses is', async () => {
  const answers: Record<string, { address: string; family: 4 | 6 }[]> = {
    'example.test': [{ address: '10.0.0.5', family: 4 }],
    'mixed.test': [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:127.0.0.1', family: 6 },
    ],
  };
  const fetcher = createSafeFetcher({ allow: [], lookup: async (h) => answers[h] ?? [] });
  const err = await refusal(
    fetcher.fetchToFile('https://example.test/a.mp4', dest(), { maxBytes: 10 }),
    'blocked-address',
  );
  assert.equal(err.message.includes('10.0.0.5'), false, 'messages must not reveal internal addresses');
  await refusal(fetcher.fetchToFile('https://mixed.test/a.mp4', dest(), { maxBytes: 10 }), 'blocked-address');
  await refusal(fetcher.fetchToFile('https://none.test/a.mp4', dest(), { maxBytes: 10 }), 'dns');
  const failing = createSafeFetcher({
    allow: [],
    lookup: async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    },
  });
  await refusal(failing.fetchToFile('https://gone.test/', dest(), { maxBytes: 10 }), 'dns');
});

test('the connection goes to the vetted address, resolved once, with the original Host', async () => {
  let calls = 0;
  // A rebinding resolver: the first answer is what gets checked; later answers must never be used.
  const fetcher = createSafeFetcher({
    allow: ['media.test'],
    lookup: async () => {
      calls += 1;
      return [{ address: calls === 1 ? '127.0.0.1' : '192.0.2.1', family: 4 }];
    },
  });
  const got = await fetcher.fetchToFile(`http://media.test:${origin.port}/ok`, dest(), { maxBytes: 10 });
  assert.equal(got.bytes, 5);
  assert.equal(calls, 1);
  assert.equal(origin.hosts.at(-1), `media.test:${origin.port}`);
});

test('when connecting to one vetted address fails, the next one is tried', async () => {
  // Nothing listens on 127.0.0.2 (the origin binds 127.0.0.1 only), so that connect is refused.
  const fetcher = createSafeFetcher({
    allow: ['media.test'],
    lookup: async () => [
      { address: '127.0.0.2', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ],
  });
  assert.equal(
    (await fetcher.fetchToFile(`http://media.test:${origin.port}/ok`, dest(), { maxBytes: 10 })).bytes,
    5,
  );
});

test('https keeps the host name for SNI while connecting to the vetted address', async () => {
  const names: string[] = [];
  // No certificate at all: the handshake fails after the client hello, which is all this test needs.
  const server = tls.createServer({
    SNICallback: (name, cb) => {
      names.push(name);
      cb(new Error('no certificate'));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const fetcher = createSafeFetcher({
      allow: ['media.test'],
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    await refusal(
      fetcher.fetchToFile(`https://media.test:${port}/a.mp4`, dest(), { maxBytes: 10 }),
      'network',
    );
    assert.deepEqual(names, ['media.test']);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('too-large is refused by Content-Length and by counted bytes, leaving no file behind', async () => {
  const fetcher = allowOrigin();
  const a = dest();
  await refusal(fetcher.fetchToFile(`${origin.base}/big-declared`, a, { maxBytes: 100 }), 'too-large');
  await assertNoFiles(a);
  const b = dest();
  const started = Date.now();
  await refusal(fetcher.fetchToFile(`${origin.base}/big-streamed`, b, { maxBytes: 1200 }), 'too-large');
  // Refused as soon as the cap was crossed, not after the whole 5000-byte body.
  assert.ok(Date.now() - started < 2000);
  await assertNoFiles(b);
});

test('a server that stalls runs into the total timeout', async () => {
  const fetcher = createSafeFetcher({ allow: [`127.0.0.1:${origin.port}`], timeoutMs: 300 });
  const started = Date.now();
  await refusal(fetcher.fetchToFile(`${origin.base}/stall`, dest(), { maxBytes: 10 }), 'timeout');
  const file = dest();
  await refusal(fetcher.fetchToFile(`${origin.base}/stall-body`, file, { maxBytes: 10_000 }), 'timeout');
  assert.ok(Date.now() - started < 3000);
  await assertNoFiles(file);
});

test('a body cut short by the server is a network refusal', async () => {
  const file = dest();
  await refusal(allowOrigin().fetchToFile(`${origin.base}/cut`, file, { maxBytes: 10_000 }), 'network');
  await assertNoFiles(file);
});

test('a refused connection is a network refusal', async () => {
  const closed = await startOrigin();
  await closed.close();
  const fetcher = createSafeFetcher({ allow: ['127.0.0.1'] });
  await refusal(fetcher.fetchToFile(`${closed.base}/ok`, dest(), { maxBytes: 10 }), 'network');
});

test('the caller signal aborts the fetch with its own reason', async () => {
  const ctl = new AbortController();
  const reason = new Error('job cancelled');
  setTimeout(() => ctl.abort(reason), 100);
  const file = dest();
  await assert.rejects(
    allowOrigin().fetchToFile(`${origin.base}/stall-body`, file, { maxBytes: 10_000, signal: ctl.signal }),
    (err) => err === reason,
  );
  await assertNoFiles(file);
  await assert.rejects(
    allowOrigin().fetchToFile(`${origin.base}/ok`, dest(), { maxBytes: 10, signal: ctl.signal }),
    (err) => err === reason,
  );
});

test('a non-2xx answer is an http-status refusal carrying the status', async () => {
  const err = await refusal(
    allowOrigin().fetchToFile(`${origin.base}/missing`, dest(), { maxBytes: 10 }),
    'http-status',
  );
  assert.equal(err.status, 404);
  const noLocation = `${origin.base}/to?status=302&u=`;
  assert.equal(
    (await refusal(allowOrigin().fetchToFile(noLocation, dest(), { maxBytes: 10 }), 'http-status')).status,
    302,
  );
});

test('redirects are followed up to maxRedirects; a loop is too-many-redirects', async () => {
  const fetcher = createSafeFetcher({ allow: [`127.0.0.1:${origin.port}`], maxRedirects: 3 });
  const got = await fetcher.fetchToFile(`${origin.base}/chain/3`, dest(), { maxBytes: 10 });
  assert.deepEqual([got.bytes, got.contentType, got.finalUrl], [5, 'video/mp4', `${origin.base}/chain/0`]);
  await refusal(
    fetcher.fetchToFile(`${origin.base}/chain/4`, dest(), { maxBytes: 10 }),
    'too-many-redirects',
  );
  const before = origin.hits.length;
  await refusal(
    allowOrigin().fetchToFile(`${origin.base}/loop`, dest(), { maxBytes: 10 }),
    'too-many-redirects',
  );
  assert.equal(origin.hits.length - before, 6, 'default: the first request plus 5 followed redirects');
});

test('bad URLs and schemes are refused before anything else', async () => {
  const fetcher = createSafeFetcher({ allow: [] });
  await refusal(fetcher.fetchToFile('ftp://example.com/a', dest(), { maxBytes: 10 }), 'scheme');
  await refusal(fetcher.fetchToFile('http://u:p@example.com/a', dest(), { maxBytes: 10 }), 'bad-url');
  await refusal(fetcher.fetchToFile('::not a url::', dest(), { maxBytes: 10 }), 'bad-url');
  await refusal(
    fetcher.fetchToFile(`https://example.com/${'x'.repeat(2100)}`, dest(), { maxBytes: 10 }),
    'bad-url',
  );
});

test('options are validated when the fetcher is created', () => {
  assert.throws(() => createSafeFetcher({ allow: ['http://x/'] }), TypeError);
  assert.throws(() => createSafeFetcher({ allow: [], timeoutMs: 0 }), RangeError);
  assert.throws(() => createSafeFetcher({ allow: [], maxRedirects: -1 }), RangeError);
});
