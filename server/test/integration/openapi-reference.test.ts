import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EXAMPLE } from '../../src/http/schemas/examples.js';
import { api, createAccount, startServer, type TestServer } from '../helpers/server.js';

/** The slice of the OpenAPI document this test reads. */
interface Schema {
  type?: string;
  description?: string;
  enum?: unknown[];
  examples?: unknown[];
  example?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Parameter {
  name: string;
  in: string;
  description?: string;
  example?: unknown;
  schema: Schema;
}
interface Operation {
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  'x-error-codes'?: { code: number; meaning: string; http: number }[];
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
}

const hasExample = (s: { examples?: unknown[]; example?: unknown }) =>
  (Array.isArray(s.examples) && s.examples.length > 0) || s.example !== undefined;

/** Each property of a schema, at every depth (object properties, items of arrays of objects), as a path. */
function* fields(s: Schema, path = ''): Generator<[string, Schema]> {
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    const at = path ? `${path}.${k}` : k;
    yield [at, p];
    if (p.properties) yield* fields(p, at);
    if (p.items?.properties) yield* fields(p.items, `${at}[]`);
  }
}

/** Every operation of both API families, as "METHOD /path". */
function operations(doc: Doc): [string, Operation][] {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v2/svc/') || path.startsWith('/api/app/v1/clone/'))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]): [string, Operation] => [`${m.toUpperCase()} ${path}`, op]),
    );
}

/** The query string swagger-ui's "Try it out" prefills from the parameters' examples. */
const exampleQuery = (op: Operation) =>
  Object.fromEntries(
    (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, String(p.example)]),
  );

/**
 * The API reference at /docs teaches: every field of every operation of both APIs says what it is and
 * shows an example, the examples work on a fresh install as "Try it out" prefills them, task statuses
 * are an enum with their meanings, and each operation lists the codes it can answer. (The browser test
 * test/browser/docs.test.ts clicks through the page itself.)
 */
describe('the API reference (GET /docs/json) teaches', () => {
  let server: TestServer;
  let token: string;
  let doc: Doc;
  let ops: [string, Operation][];
  before(async () => {
    // API only: the examples are submitted and stay queued; nothing renders.
    server = await startServer({}, { role: 'api' });
    token = (await createAccount(server, { credits: 1000 })).token;
    doc = (await api(server, 'GET', '/docs/json')).body as Doc;
    ops = operations(doc);
  });
  after(() => server.close());

  test('test mode: the reserved ids and preferences, in a table', () => {
    const info = (doc as unknown as { info: { description: string } }).info.description;
    assert.match(info, /## Test mode/);
    assert.match(
      info,
      /\| `test_fail_<code>` \| `likeness-outcome=fail; code=<code>` \| accepted; the task fails with the code \(works 1002, 2013, /,
    );
    assert.match(info, /`likeness-callback=duplicate\\\|late\\\|bad-signature\\\|out-of-order\\\|drop`/);
  });

  test('every request body and query property has a description and an example; every body an example', () => {
    assert.equal(ops.length, 25, ops.map(([name]) => name).join(', '));
    const missing: string[] = [];
    for (const [name, op] of ops) {
      const media = op.requestBody?.content['application/json'];
      if (media) {
        if (typeof media.example !== 'object') missing.push(`${name}: no request example`);
        for (const [field, s] of fields(media.schema)) {
          if (!s.description?.trim()) missing.push(`${name} body ${field}: no description`);
          if (!hasExample(s)) missing.push(`${name} body ${field}: no example`);
        }
      }
      for (const p of op.parameters ?? []) {
        if (!p.description?.trim()) missing.push(`${name} ${p.in} ${p.name}: no description`);
        if (!hasExample(p)) missing.push(`${name} ${p.in} ${p.name}: no example`);
      }
    }
    assert.deepEqual(missing, []);
  });

  test('every documented response field has a description, and every scalar one an example', () => {
    const missing: string[] = [];
    for (const [name, op] of ops) {
      for (const [status, res] of Object.entries(op.responses)) {
        const schema = res.content?.['application/json']?.schema;
        if (!schema) continue;
        for (const [field, s] of fields(schema)) {
          if (!s.description?.trim()) missing.push(`${name} ${status} ${field}: no description`);
          const scalar = s.type !== 'object' && s.type !== 'array';
          if (scalar && !hasExample(s)) missing.push(`${name} ${status} ${field}: no example`);
        }
      }
    }
    assert.deepEqual(missing, []);
  });

  test('a task status is an enum of 1-4 with the meaning of each, wherever a reply carries one', () => {
    const seen: string[] = [];
    for (const [name, op] of ops) {
      const schema = op.responses['200']?.content?.['application/json']?.schema;
      for (const [field, s] of schema ? fields(schema) : []) {
        if (!/(^|\.)status$/.test(field) || s.type !== 'integer') continue;
        seen.push(`${name} ${field}`);
        assert.deepEqual(s.enum, [1, 2, 3, 4], `${name} ${field}`);
        for (const meaning of ['1 = waiting', '2 = processing', '3 = completed', '4 = failed'])
          assert.ok(s.description?.includes(meaning), `${name} ${field}: ${s.description}`);
      }
    }
    assert.deepEqual(seen.sort(), [
      'GET /api/v2/svc/avatar/task status',
      'GET /api/v2/svc/video/task status',
      'GET /api/v2/svc/voice/task status',
      'POST /api/app/v1/clone/avatar/by_image data.task.status',
    ]);
  });

  test("every operation lists the codes it answers, with the spec's meanings, in its description", () => {
    for (const [name, op] of ops) {
      const codes = op['x-error-codes'] ?? [];
      const clone = name.includes('/api/app/v1/clone/');
      for (const always of clone ? [0, 12, 13, 99] : [0, 11, 2003])
        assert.ok(
          codes.some((c) => c.code === always),
          `${name} lists ${always}`,
        );
      for (const c of codes) {
        assert.ok(c.meaning, `${name} ${c.code}`);
        assert.ok(op.description?.includes(`| ${c.code} |`), `${name}: code ${c.code} is in the description`);
      }
    }
    const tts = doc.paths['/api/v2/svc/video/create_by_tts']!.post!;
    assert.match(tts.description!, /\| 1002 \| insufficient credits \| 200 \|/);
    assert.match(tts.description!, /\| 2003 \| invalid token \| 401 \|/);
    assert.match(tts.description!, /When the task fails[\s\S]*\| 2014 \| failed to obtain video resource \|/);
    const clone = doc.paths['/api/app/v1/clone/avatar/by_image']!.post!;
    assert.match(clone.description!, /\| 1402 \| `asset category mismatch` \|.*\| 400 \|/);
  });

  test('examples give exactly one of two alternatives, never both', () => {
    const pairs = [
      ['avatar', 'video_file_id'],
      ['audio_url', 'file_id'],
      ['video_url', 'file_id'],
      ['image_url', 'file_id'],
    ];
    for (const [name, op] of ops) {
      const example = op.requestBody?.content['application/json']?.example as
        Record<string, unknown> | undefined;
      if (!example) continue;
      const props = op.requestBody!.content['application/json']!.schema.properties ?? {};
      for (const key of Object.keys(example))
        assert.ok(props[key], `${name}: example field ${key} is a parameter`);
      for (const [a, b] of pairs) {
        if (props[a!] && props[b!]) assert.ok(!(a! in example && b! in example), `${name}: ${a} and ${b}`);
      }
    }
    const tts = doc.paths['/api/v2/svc/video/create_by_tts']!.post!.requestBody!.content['application/json']!;
    assert.deepEqual(
      { avatar: (tts.example as { avatar: string }).avatar, voice: (tts.example as { voice: string }).voice },
      { avatar: EXAMPLE.avatar, voice: EXAMPLE.voice },
    );
  });

  test('the example catalogue ids are listed on a fresh install', async () => {
    const get = async (path: string, query: Record<string, string | number>) =>
      (await api(server, 'GET', path, { token, query })).body;
    const avatars = await get('/api/v2/svc/avatar/list', { kind: 2, size: 200 });
    assert.ok(
      avatars.data.some((a: { avatar: string }) => a.avatar === EXAMPLE.avatar),
      EXAMPLE.avatar,
    );
    const voices = await get('/api/v2/svc/voice/list', { kind: 2, size: 300 });
    assert.ok(
      voices.data.some((v: { voice: string }) => v.voice === EXAMPLE.voice),
      EXAMPLE.voice,
    );
    const templates = await get('/api/v2/svc/video/lively_templates', { template: EXAMPLE.template });
    assert.equal(templates.data[0]?.template, EXAMPLE.template);
    const styles = await get('/api/v2/svc/project/cover_styles', { size: 200 });
    assert.ok(
      styles.data.some((s: { id: string }) => s.id === EXAMPLE.coverStyle),
      EXAMPLE.coverStyle,
    );
  });

  test('"Try it out" as prefilled: examples succeed, or need only what the caller makes first', async () => {
    // What a fresh install cannot have: an uploaded file, an own avatar or voice, a task.
    const needsMade: Record<string, RegExp> = {
      'POST /api/v2/svc/voice/edit': /voice '.*' was not found/,
      'POST /api/v2/svc/video/create_by_sing': /file '.*' was not found/,
      'POST /api/v2/svc/video/create_by_image': /file '.*' was not found/,
      // No translation engine in this test: the example's language is refused with the reason.
      'POST /api/v2/svc/video/translate': /translation is not available/,
      'POST /api/app/v1/clone/avatar/by_image': /file '.*' was not found/,
      'GET /api/v2/svc/avatar/task': /task '.*' was not found/,
      'GET /api/v2/svc/voice/task': /task '.*' was not found/,
      'GET /api/v2/svc/video/task': /task '.*' was not found/,
      'DELETE /api/v2/svc/video/task': /task '.*' was not found/,
      'DELETE /api/v2/svc/avatar': /avatar '.*' was not found/,
    };
    const results: string[] = [];
    for (const [name, op] of ops) {
      const [method, path] = name.split(' ') as ['GET' | 'POST' | 'DELETE', string];
      const body = op.requestBody?.content['application/json']?.example;
      const r = await api(server, method, path, { token, body, query: exampleQuery(op) });
      const text = `${r.body.message ?? ''} ${r.body.detail ?? ''}`;
      const want = needsMade[name];
      if (want) {
        assert.notEqual(r.body.code, 0, name);
        assert.match(text, want, `${name}: ${JSON.stringify(r.body)}`);
      } else {
        assert.equal(r.body.code, 0, `${name}: ${JSON.stringify(r.body)}`);
        assert.equal(
          r.headers.get('x-likeness-contract'),
          null,
          `${name}: the example is within the contract`,
        );
      }
      results.push(name);
    }
    assert.equal(results.length, ops.length);
  });
});
