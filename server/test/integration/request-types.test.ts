import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, createAccount, startServer, type TestServer } from '../helpers/server.js';

/** The slice of an OpenAPI body schema this test reads. */
interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  minLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}

interface Endpoint {
  path: string;
  schema: Schema;
  /** The family's parameter code: 11 for the generation API, 12 for the clone API. */
  invalid: number;
}

/** The POST endpoints of both APIs with a JSON body, read from the service's own OpenAPI document. */
async function postEndpoints(server: TestServer): Promise<Endpoint[]> {
  const doc = (await api(server, 'GET', '/docs/json')).body as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  };
  const out: Endpoint[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const schema = ops.post?.requestBody?.content['application/json']?.schema;
    if (!schema) continue;
    if (path.startsWith('/api/v2/svc/')) out.push({ path, schema, invalid: 11 });
    else if (path.startsWith('/api/app/v1/clone/')) out.push({ path, schema, invalid: 12 });
  }
  return out;
}

/** A value of the type the schema names (not necessarily one the service accepts: types are what is tested). */
function validValue(s: Schema): unknown {
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number':
      return s.minimum ?? 0;
    case 'array':
      return s.items ? [baseBody(s.items)] : [];
    case 'object':
      return baseBody(s);
    default:
      if (s.format === 'decimal') return '1.0';
      if (s.format === 'http-url') return 'http://127.0.0.1:9/none.mp4';
      if (s.format === 'rrggbb') return '#ffffff';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
}

/** Every property, so that validation reaches each field in turn whichever one is mutated. */
function baseBody(s: Schema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, p]) => [k, validValue(p)]));
}

/** JSON values of the wrong type for the field: never a scalar wrapped in an array that could be unwrapped. */
function wrongValues(s: Schema, valid: unknown): unknown[] {
  const all = [[valid], { value: valid }, true, false];
  if (s.type === 'array') return [{ value: valid }, true, 'x', 1];
  if (s.type === 'object') return [[valid], true, 'x', 1];
  if (s.type === 'integer') return [...all, 1.5, 'abc'];
  if (s.type === 'number') return [...all, 'abc'];
  // A string: numbers are not converted to text either (except decimal text, a documented leniency).
  return s.format === 'decimal' ? all : [...all, 7];
}

/** Each field of the body, and each field of the items of array fields (slots[].name), as a path. */
function fieldPaths(s: Schema): { path: (string | number)[]; schema: Schema; required: boolean }[] {
  const out: { path: (string | number)[]; schema: Schema; required: boolean }[] = [];
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    out.push({ path: [k], schema: p, required: (s.required ?? []).includes(k) });
    if (p.type === 'array' && p.items?.properties) {
      for (const [ik, ip] of Object.entries(p.items.properties)) {
        out.push({ path: [k, 0, ik], schema: ip, required: (p.items.required ?? []).includes(ik) });
      }
    }
  }
  return out;
}

function withValue(body: Record<string, unknown>, path: (string | number)[], value: unknown) {
  const copy = structuredClone(body);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

function messageOf(body: { message?: string; detail?: string }): string {
  return `${body.message ?? ''} ${body.detail ?? ''}`;
}

describe('JSON bodies are validated as sent, without type coercion', () => {
  let server: TestServer;
  let strict: TestServer;
  let token: string;
  let strictToken: string;
  let endpoints: Endpoint[];
  before(async () => {
    server = await startServer();
    strict = await startServer({ LIKENESS_CONTRACT: 'strict' });
    token = (await createAccount(server)).token;
    strictToken = (await createAccount(strict)).token;
    endpoints = await postEndpoints(server);
  });
  after(async () => {
    await server.close();
    await strict.close();
  });

  test('the OpenAPI document lists every POST endpoint of both APIs', () => {
    const paths = endpoints.map((e) => e.path);
    assert.equal(paths.length, 14, paths.join(', ')); // 13 of the generation API, 1 of the clone API
    assert.ok(paths.includes('/api/app/v1/clone/avatar/by_image'));
    assert.ok(paths.includes('/api/v2/svc/voice/edit'));
  });

  test('a NUL character in an id, a query or a body field is the parameter code on either database, naming it', async () => {
    for (const [method, path] of [
      ['GET', '/api/v2/svc/avatar/task'],
      ['GET', '/api/v2/svc/voice/task'],
      ['GET', '/api/v2/svc/video/task'],
      ['DELETE', '/api/v2/svc/video/task'],
    ] as const) {
      const r = await api(server, method, path, { token, query: { task_id: '\u0000' } });
      assert.equal(r.status, 200);
      assert.equal(r.body.code, 11, `${method} ${path}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.message, /query\.task_id contains a NUL character/);
    }
    const del = await api(server, 'DELETE', '/api/v2/svc/avatar', { token, query: { avatar: 'av_\u0000' } });
    assert.equal(del.body.code, 11);
    const made = await api(server, 'POST', '/api/v2/svc/avatar/create_by_video', {
      token,
      body: { file_id: 'f\u0000x', title: 'nul' },
    });
    assert.equal(made.body.code, 11);
    assert.match(made.body.message, /body\.file_id contains a NUL character/);
    const clone = await api(server, 'POST', '/api/app/v1/clone/avatar/by_image', {
      token,
      body: { file_id: 'f\u0000x' },
    });
    assert.equal(clone.body.code, 12, JSON.stringify(clone.body));
  });

  test('an array, object, boolean or wrong scalar in any field is the parameter code, naming the field', async () => {
    let checked = 0;
    for (const e of endpoints) {
      const base = baseBody(e.schema);
      for (const f of fieldPaths(e.schema)) {
        const name = String(f.path.at(-1));
        for (const bad of wrongValues(f.schema, validValue(f.schema))) {
          const r = await api(server, 'POST', e.path, { token, body: withValue(base, f.path, bad) });
          const what = `${e.path} ${f.path.join('.')}=${JSON.stringify(bad)}`;
          assert.equal(r.body.code, e.invalid, `${what}: ${JSON.stringify(r.body)}`);
          assert.ok(
            messageOf(r.body).includes(name),
            `${what}: message does not name the field: ${messageOf(r.body)}`,
          );
          checked++;
        }
      }
    }
    assert.ok(checked > 300, `only ${checked} cases`);
  });

  test('the cases found by probing are refused with a message that says what was sent', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        '/api/v2/svc/audio/create_by_tts',
        { voice: ['pub-en-emma'], text: 'hi' },
        /voice must be a string; got an array/,
      ],
      [
        '/api/v2/svc/audio/create_by_tts',
        { voice: 'pub-en-emma', text: 'hi', aigc_flag: [1] },
        /aigc_flag must be a whole number; got an array/,
      ],
      ['/api/v2/svc/video/create_by_audio', { file_id: ['f'], avatar: 'a' }, /file_id must be a string/],
      [
        '/api/v2/svc/voice/create',
        { title: 'a', voice_type: [8], file_id: 'f' },
        /voice_type must be a whole number/,
      ],
      [
        '/api/v2/svc/voice/edit',
        { voice: 'v', rate: ['1.0'], volume: '1.0', pitch: '1.0' },
        /rate must be a decimal number written as text/,
      ],
      ['/api/v2/svc/tool/create_upload_url', { file_extension: ['mp4'] }, /file_extension must be a string/],
      ['/api/v2/svc/project/covers', { template: 'news', content: ['a'] }, /content must be a string/],
      [
        '/api/v2/svc/audio/create_by_tts',
        { voice: 'pub-en-emma', text: 'hi', title: ['a'] },
        /title must be a string/,
      ],
      [
        '/api/v2/svc/audio/create_by_tts',
        { voice: 'pub-en-emma', text: 'hi', title: true },
        /title must be a string; got true/,
      ],
    ];
    for (const [path, body, re] of cases) {
      const r = await api(server, 'POST', path, { token, body });
      assert.equal(r.body.code, 11, `${path} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.message, re);
    }
  });

  test('null in a required field is refused; in an optional field it counts as absent and is reported', async () => {
    for (const e of endpoints) {
      for (const f of fieldPaths(e.schema).filter((x) => x.path.length === 1 && x.required)) {
        const r = await api(server, 'POST', e.path, {
          token,
          body: withValue(baseBody(e.schema), f.path, null),
        });
        assert.equal(r.body.code, e.invalid, `${e.path} ${f.path[0]}=null`);
        assert.match(messageOf(r.body), new RegExp(String(f.path[0])));
      }
    }
    // Strict contract: null is a type error in every field, optional ones included.
    for (const e of endpoints) {
      for (const f of fieldPaths(e.schema).filter((x) => x.path.length === 1)) {
        const r = await api(strict, 'POST', e.path, {
          token: strictToken,
          body: withValue(baseBody(e.schema), f.path, null),
        });
        assert.equal(r.body.code, e.invalid, `strict ${e.path} ${f.path[0]}=null`);
        assert.ok(messageOf(r.body).includes(`${String(f.path[0])} must be`), messageOf(r.body));
      }
    }
    const r = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
      token,
      body: { voice: 'pub-en-emma', text: 'Hello.', title: null, aigc_flag: null },
    });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    assert.match(r.headers.get('x-likeness-contract') ?? '', /title: a string, or left out; taken as absent/);
    const strictR = await api(strict, 'POST', '/api/v2/svc/audio/create_by_tts', {
      token: strictToken,
      body: { voice: 'pub-en-emma', text: 'Hello.', title: null },
    });
    assert.equal(strictR.body.code, 11);
    assert.match(strictR.body.message, /title must be a string; got null/);
  });

  test('decision: numbers sent as text where the spec says int, and numbers where it says decimal text, are read (lenient) or refused (strict)', async () => {
    const voice = { voice: 'pub-en-emma', text: 'Hello.' };
    const lenient = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
      token,
      body: { ...voice, aigc_flag: '2' },
    });
    assert.equal(lenient.body.code, 0, JSON.stringify(lenient.body));
    assert.match(
      lenient.headers.get('x-likeness-contract') ?? '',
      /aigc_flag: a JSON integer, not text; read as 2/,
    );
    const refused = await api(strict, 'POST', '/api/v2/svc/audio/create_by_tts', {
      token: strictToken,
      body: { ...voice, aigc_flag: '2' },
    });
    assert.equal(refused.body.code, 11);
    assert.match(refused.body.message, /aigc_flag must be a whole number; got text/);

    // voice/edit: a JSON number where the spec says decimal text reaches the voice's own rules.
    const edit = await api(server, 'POST', '/api/v2/svc/voice/edit', {
      token,
      body: { voice: 'nope', rate: 1.5, volume: 1, pitch: '1.0' },
    });
    assert.equal(edit.body.code, 14, JSON.stringify(edit.body)); // types accepted; the voice does not exist
    assert.match(
      edit.headers.get('x-likeness-contract') ?? '',
      /rate: decimal text, e\.g\. "1\.0"; read as "1\.5"/,
    );
    const strictEdit = await api(strict, 'POST', '/api/v2/svc/voice/edit', {
      token: strictToken,
      body: { voice: 'nope', rate: 1.5, volume: '1.0', pitch: '1.0' },
    });
    assert.equal(strictEdit.body.code, 11);
    assert.match(strictEdit.body.message, /rate must be a decimal number written as text/);

    // Nothing else is converted: text that is not a number stays a type error in both modes.
    const words = await api(server, 'POST', '/api/v2/svc/audio/create_by_tts', {
      token,
      body: { ...voice, aigc_flag: 'one' },
    });
    assert.equal(words.body.code, 11);
  });

  test('strict contract: a title past 20 characters is refused with a message naming the field and the limit', async () => {
    const bodies: [string, Record<string, unknown>][] = [
      ['/api/v2/svc/voice/create', { title: 'x'.repeat(21), voice_type: 8, file_id: 'f' }],
      ['/api/v2/svc/video/create_by_audio', { title: 'x'.repeat(21), file_id: 'f', avatar: 'a' }],
      ['/api/v2/svc/audio/create_by_tts', { title: '一'.repeat(21), voice: 'pub-en-emma', text: 'hi' }],
    ];
    for (const [path, body] of bodies) {
      const r = await api(strict, 'POST', path, { token: strictToken, body });
      assert.equal(r.body.code, 11, path);
      assert.equal(r.body.message, 'title must be at most 20 characters');
    }
    const fits = await api(strict, 'POST', '/api/v2/svc/audio/create_by_tts', {
      token: strictToken,
      body: { title: '一'.repeat(20), voice: 'pub-en-emma', text: 'hi' },
    });
    assert.equal(fits.body.code, 0, '20 CJK characters are 20 characters, not 60 bytes');
    assert.equal(fits.headers.get('x-likeness-contract'), null);
  });

  test('query strings keep converting text to numbers', async () => {
    const r = await api(server, 'GET', '/api/v2/svc/voice/list', {
      token,
      query: { page: '1', size: '5', kind: '2' },
    });
    assert.equal(r.body.code, 0);
    assert.equal(r.body.data.length, 5);
  });

  test('every paging parameter has a bound: huge pages are code 11, not a server error', async () => {
    const lists = [
      '/api/v2/svc/avatar/list',
      '/api/v2/svc/voice/list',
      '/api/v2/svc/video/lively_templates',
      '/api/v2/svc/project/cover_styles',
    ];
    for (const path of lists) {
      for (const page of ['1000000000000000000', '1e21', '1000001', '-1', '0', '1.5', 'NaN', 'Infinity']) {
        const r = await api(server, 'GET', path, { token, query: { page } });
        assert.equal(r.status, 200, `${path}?page=${page}`);
        assert.equal(r.body.code, 11, `${path}?page=${page}: ${JSON.stringify(r.body)}`);
        assert.match(r.body.message, /page/);
      }
      for (const size of ['1e21', '0', '100000']) {
        const r = await api(server, 'GET', path, { token, query: { size } });
        assert.equal(r.body.code, 11, `${path}?size=${size}`);
      }
      const last = await api(server, 'GET', path, { token, query: { page: '1000000' } });
      assert.equal(last.body.code, 0);
      assert.deepEqual(last.body.data, []);
    }
    const pages: Record<string, string>[] = [
      { limit: '1e21' },
      { limit: '0' },
      { limit: '101' },
      { cursor: 'not-a-cursor' },
    ];
    for (const query of pages) {
      const r = await api(server, 'GET', '/api/app/v1/clone/avatars', { token, query });
      assert.equal(r.body.code, 12, JSON.stringify(query));
    }
  });

  test('unknown parameters are ignored and reported (lenient) or refused (strict)', async () => {
    const body = { file_extension: 'mp4', callback: 'x' };
    const lenient = await api(server, 'POST', '/api/v2/svc/tool/create_upload_url', { token, body });
    assert.equal(lenient.body.code, 0);
    assert.match(
      lenient.headers.get('x-likeness-contract') ?? '',
      /callback: not a parameter of this endpoint; ignored/,
    );
    const refused = await api(strict, 'POST', '/api/v2/svc/tool/create_upload_url', {
      token: strictToken,
      body,
    });
    assert.equal(refused.body.code, 11);
    assert.match(refused.body.message, /unknown parameter 'callback'; this endpoint takes: file_extension/);
    const clone = await api(strict, 'POST', '/api/app/v1/clone/avatar/by_image', {
      token: strictToken,
      body: { file_id: 'f', model: 1 },
    });
    assert.equal(clone.body.code, 12);
    assert.match(clone.body.detail, /unknown parameter 'model'/);
  });

  test('a misspelt parameter is named with the one it was likely meant to be, in the body and the query', async () => {
    const avatar = (await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: { kind: 2 } })).body
      .data[0].avatar as string;
    // Accepted, and the header says what was ignored and what it was likely meant to be.
    const sho = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: { text: 'Hello.', voice: 'pub-en-emma', avatar, st_sho: 1 },
    });
    assert.equal(sho.body.code, 0, JSON.stringify(sho.body));
    assert.match(
      sho.headers.get('x-likeness-contract') ?? '',
      /st_sho: not a parameter of this endpoint; did you mean `st_show`\?; ignored/,
    );
    // A required parameter reported missing names the misspelt one that was sent.
    const avtar = await api(server, 'POST', '/api/v2/svc/video/create_by_tts', {
      token,
      body: { text: 'Hello.', voice: 'pub-en-emma', avtar: avatar },
    });
    assert.equal(avtar.body.code, 11);
    assert.match(avtar.body.message, /`avtar` is not a parameter; did you mean `avatar`\?/);
    // A typo in a query string is reported too.
    const knd = await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: { knd: 1 } });
    assert.equal(knd.body.code, 0);
    assert.match(
      knd.headers.get('x-likeness-contract') ?? '',
      /query knd: not a parameter of this endpoint; did you mean `kind`\?/,
    );
    // A real client's own field that is close to nothing stays quietly ignored, with no guess.
    const subtitle = await api(server, 'POST', '/api/v2/svc/tool/create_upload_url', {
      token,
      body: { file_extension: 'mp4', subtitle: true },
    });
    assert.doesNotMatch(subtitle.headers.get('x-likeness-contract') ?? '', /did you mean/);
    // Strict mode refuses it, with the same guess.
    const strictSho = await api(strict, 'POST', '/api/v2/svc/tool/create_upload_url', {
      token: strictToken,
      body: { file_extention: 'mp4' },
    });
    assert.equal(strictSho.body.code, 11);
    assert.match(
      strictSho.body.message,
      /unknown parameter 'file_extention' \(did you mean 'file_extension'\?\)/,
    );
  });

  test('thousands of made-up parameters cost one short report; a request past 16 KB gets the envelope', async () => {
    // 2,000 unknown query parameters: answered at once, the contract header holds 20 notes.
    const many = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`p${i}`, 1]));
    const t0 = performance.now();
    const r = await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: many });
    assert.equal(r.body.code, 0);
    const header = r.headers.get('x-likeness-contract') ?? '';
    assert.equal(header.split(' | ').length, 20);
    assert.match(header, /1981 more \(query p19, query p20, query p21, \.\.\.\)/);
    assert.ok(performance.now() - t0 < 5_000, 'answered without a write per parameter');
    // Longer names push the request line past Node's 16 KB: the family's envelope, not a bare 431.
    const huge = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`parameter_${i}`, 'x']));
    const svc = await api(server, 'GET', '/api/v2/svc/avatar/list', { token, query: huge });
    assert.equal(svc.status, 200);
    assert.equal(svc.body.code, 11);
    assert.match(svc.body.message, /16 KB .*JSON body/);
    const clone = await api(server, 'GET', '/api/app/v1/clone/avatars', { token, query: huge });
    assert.equal(clone.status, 400);
    assert.equal(clone.body.code, 12);
  });
});
