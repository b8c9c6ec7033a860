import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, createAccount, startServer, waitTask, type TestServer } from '../helpers/server.js';

/**
 * Generated requests against every endpoint of both APIs and the MCP endpoint: wrong types, huge and
 * deeply nested values, unicode, NUL, prototype keys, non-JSON bodies and wrong content types. No
 * answer may be a server error, every answer must be in its family's envelope, and the service must
 * still work afterwards. The generator is seeded: every run sends the same requests.
 */

/** A small deterministic generator (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof prng>;

const STRINGS = [
  '',
  ' ',
  'x',
  'Untitled',
  'pub-en-emma',
  'pub-avatar-lin',
  '你好，世界',
  '😀👨‍👩‍👧🇫🇷',
  'e\u0301',
  'nul\u0000byte',
  '\u202eRTL',
  '<b>bold</b>',
  "'; DROP TABLE tasks; --",
  '../../etc/passwd',
  '%00',
  'http://127.0.0.1:9/a.mp4',
  'file:///etc/passwd',
  '1.0',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  '#ffffff',
  'mp4',
  '9:16',
];
const NUMBERS = [0, 1, -1, 2, 8, 5, 6, 1.5, 1e21, -1e21, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 0.1];

function value(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 3 ? 5 : 9)) {
    case 0:
      return r.pick(STRINGS);
    case 1:
      return r.pick(NUMBERS);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return 'x'.repeat(r.pick([20, 21, 500, 501, 10_000, 10_001, 100_000]));
    case 4:
      return String.fromCodePoint(
        ...Array.from({ length: 1 + r.int(30) }, () => r.int(0x10ffff + 1)).map((c) =>
          c >= 0xd800 && c <= 0xdfff ? 0x41 : c,
        ),
      );
    case 5:
      return Array.from({ length: r.int(4) }, () => value(r, depth + 1));
    case 6:
      return Object.fromEntries(
        Array.from({ length: r.int(4) }, () => [r.pick(STRINGS), value(r, depth + 1)]),
      );
    case 7:
      return nested(r.pick([10, 100, 1000]));
    default:
      return r.pick(STRINGS);
  }
}

const nested = (n: number): unknown => {
  let v: unknown = 'deep';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  fields: string[];
}

/** A body: the endpoint's own fields with generated values, plus sometimes prototype keys and extras. */
function body(r: Rng, fields: string[]): string {
  const obj: Record<string, unknown> = {};
  for (const f of fields) if (r.next() < 0.7) obj[f] = value(r);
  if (r.next() < 0.2) obj[r.pick(['constructor', 'prototype', 'toString', 'extra'])] = value(r);
  let json = JSON.stringify(obj);
  if (r.next() < 0.1) json = json.replace(/^\{/, '{"__proto__":{"polluted":1},');
  return json;
}

function query(r: Rng, fields: string[]): string {
  const parts: string[] = [];
  for (const f of [...fields, 'page', 'size', 'kind']) {
    if (r.next() < 0.5) parts.push(`${encodeURIComponent(f)}=${encodeURIComponent(String(value(r, 4)))}`);
  }
  if (r.next() < 0.1) parts.push('page=1&page=2');
  if (r.next() < 0.05) parts.push('%E0%A4%A=bad');
  // Bytes that are not UTF-8 in a value (an id, a title).
  if (r.next() < 0.05) parts.push(`${encodeURIComponent(r.pick([...fields, 'task_id']))}=%FF%FE%C3`);
  return parts.join('&');
}

/** Whether a JSON answer is in the envelope of the family its path belongs to. */
function inEnvelope(path: string, status: number, text: string): string | null {
  let b: Record<string, unknown>;
  try {
    b = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return `not JSON: ${text.slice(0, 120)}`;
  }
  if (path.startsWith('/api/v2/svc/')) {
    if (typeof b.code !== 'number' || typeof b.message !== 'string' || typeof b.request_id !== 'string')
      return `not the generation envelope: ${text.slice(0, 200)}`;
    if (status !== 200 && status !== 401 && status !== 404) return `HTTP ${status}`;
    if (status === 200 && b.code !== 0 && (b.message as string).length === 0)
      return 'failure without a message';
    return null;
  }
  if (typeof b.code !== 'number' || typeof b.message !== 'string' || typeof b.data !== 'object')
    return `not the clone envelope: ${text.slice(0, 200)}`;
  return null;
}

describe('fuzzing: generated requests never make a server error', () => {
  let server: TestServer;
  let token: string;
  let routes: Route[];
  before(async () => {
    server = await startServer();
    token = (await createAccount(server, { credits: 100_000 })).token;
    const doc = (await api(server, 'GET', '/docs/json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>>;
    };
    routes = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [m, op] of Object.entries(ops)) {
        const method = m.toUpperCase() as Route['method'];
        const schema = (op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> })
          ?.content?.['application/json']?.schema;
        const fields = schema?.properties
          ? Object.keys(schema.properties)
          : (op.parameters ?? []).map((p) => p.name);
        routes.push({ method, path, fields });
      }
    }
  });
  after(() => server.close());

  test('at least 1000 generated requests across both APIs: no 5xx, every answer in its envelope', async () => {
    const r = prng(20261124);
    assert.ok(routes.length >= 20, `${routes.length} routes`);
    const failures: string[] = [];
    let sent = 0;
    for (let i = 0; i < 1200; i++) {
      const route = routes[i % routes.length]!;
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      let payload: string | Blob | undefined;
      let url = `${server.url}${route.path}`;
      if (route.method === 'POST') {
        const kind = r.int(10);
        if (kind === 0) {
          payload = r.pick(['{', 'not json', '[1,2', '"just a string"', '[]', 'null', '123', '{"a":}', '']);
          headers['content-type'] = 'application/json';
        } else if (kind === 1 && route.fields.length > 0) {
          // A JSON body whose string holds bytes that are not UTF-8.
          const field = JSON.stringify(r.pick(route.fields));
          payload = new Blob([`{${field}:"a`, new Uint8Array([0xff, 0xfe, 0xc3]), '"}']);
          headers['content-type'] = 'application/json';
        } else if (kind === 2) {
          payload = body(r, route.fields);
          headers['content-type'] = r.pick([
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'application/xml',
          ]);
        } else {
          payload = body(r, route.fields);
          headers['content-type'] = r.pick([
            'application/json',
            'application/json; charset=utf-8',
            'APPLICATION/JSON',
          ]);
        }
      } else {
        const q = query(r, route.fields);
        if (q) url += `?${q}`;
      }
      if (r.next() < 0.03)
        headers.authorization = r.pick(['', 'Bearer', 'Basic Zm9vOmJhcg==', `Bearer ${token}x`]);
      const res = await fetch(url, { method: route.method, headers, body: payload });
      const text = await res.text();
      sent++;
      const what = `${route.method} ${url.slice(0, 200)} ${typeof payload === 'string' ? payload.slice(0, 200) : payload ? '(bytes that are not UTF-8)' : ''}`;
      if (res.status >= 500) failures.push(`${what} → HTTP ${res.status} ${text.slice(0, 200)}`);
      else {
        const bad = inEnvelope(route.path, res.status, text);
        if (bad) failures.push(`${what} → ${bad}`);
      }
    }
    assert.ok(sent >= 1000);
    assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${sent} failed`);
  });

  test('at least 200 generated MCP requests: no 5xx, JSON-RPC answers', async () => {
    const r = prng(7);
    const tools = [
      'clone_avatar_by_image',
      'create_video_by_text',
      'create_video_by_audio',
      'create_audio_by_text',
      'create_video_by_template',
      'create_avatar_by_image',
      'create_cover',
      'create_upload_url',
      'get_task',
      'wait_for_task',
      'list_avatars',
      'list_voices',
      'list_templates',
      'list_cover_styles',
      'get_credit_balance',
      'no_such_tool',
    ];
    const failures: string[] = [];
    for (let i = 0; i < 240; i++) {
      const kind = r.int(6);
      let payload: string;
      if (kind === 0) payload = r.pick(['{', 'null', '[]', '{"jsonrpc":"2.0"}', '"x"', '']);
      else if (kind === 1)
        payload = JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: r.pick(['tools/list', 'nope', 'initialize', 'ping']),
          params: value(r, 3),
        });
      else {
        const name = r.pick(tools);
        const args = value(r, 2);
        payload = JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: {
            name,
            arguments: r.next() < 0.8 && args && typeof args === 'object' ? args : { text: value(r) },
          },
        });
      }
      // Waiting tools would wait for the given time; keep them short.
      payload = payload.replace(/"timeout_sec":[^,}]*/g, '"timeout_sec":1');
      const res = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: payload,
      });
      const text = await res.text();
      if (res.status >= 500)
        failures.push(`${payload.slice(0, 200)} → HTTP ${res.status} ${text.slice(0, 200)}`);
      else if (text && !/"jsonrpc"\s*:\s*"2\.0"/.test(text))
        failures.push(`${payload.slice(0, 200)} → ${text.slice(0, 200)}`);
    }
    assert.deepEqual(failures.slice(0, 10), [], `${failures.length} failed`);
  });

  test('the service still works afterwards: a real task completes and the balance is consistent', async () => {
    const before = (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left as number;
    const r = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
      token,
      body: { voice: 'pub-en-emma', text: 'Still speaking after the fuzzing.', title: 'after fuzz' },
    });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    const done = await waitTask(server, token, '/api/v2/svc/video/task', r.body.task_id);
    assert.equal(done.status, 3, JSON.stringify(done));
    const after = (await api(server, 'GET', '/api/v2/svc/account/credit', { token })).body.left as number;
    assert.ok(after < before && after > 0);
    assert.equal((await api(server, 'GET', '/healthz')).status, 200);
  });
});
