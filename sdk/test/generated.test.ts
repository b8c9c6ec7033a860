import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import * as serverCodes from '../../server/src/errors/codes.js';
import { GENERATED_FILES, renderGenerated } from '../scripts/openapi.js';
import { CloneCode, LikenessClient, SvcCode } from '../src/index.js';

test('the generated OpenAPI document and types match the server (run `npm run gen --workspace sdk` when not)', async () => {
  const fresh = await renderGenerated();
  const hint =
    'stale: the server route schemas changed; run `npm run gen --workspace sdk` and commit the result';
  assert.equal(
    await readFile(GENERATED_FILES.document, 'utf8'),
    fresh.document,
    `openapi/openapi.json is ${hint}`,
  );
  assert.equal(
    await readFile(GENERATED_FILES.types, 'utf8'),
    fresh.types,
    `src/generated/openapi.ts is ${hint}`,
  );
  const doc = JSON.parse(fresh.document) as { paths: Record<string, unknown> };
  assert.equal(Object.keys(doc.paths).length, 24, 'both APIs: 22 generation and 2 clone operations paths');
});

test("the SDK's error codes are the server's", () => {
  assert.deepEqual(SvcCode, serverCodes.SvcCode);
  assert.deepEqual(CloneCode, serverCodes.CloneCode);
});

test('the client has a method for every operation of the document', async () => {
  const doc = JSON.parse((await renderGenerated()).document) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations = Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
  const called = new Set<string>();
  const client = new LikenessClient({
    baseUrl: 'http://svc.test',
    token: 't',
    fetch: async (url, init) => {
      called.add(`${init?.method} ${new URL(String(url)).pathname}`);
      const data = { items: [], next_cursor: '', asset: {}, task: {}, paid_plan_required: {} };
      return new Response(JSON.stringify({ code: 0, message: '', request_id: 'r', data, status: 3 }));
    },
  });
  const p = {} as never;
  await Promise.all([
    client.account.credit(),
    client.uploads.createUrl(p),
    client.avatars.createByVideo(p),
    client.avatars.createByImage(p),
    client.avatars.task('t'),
    client.avatars.list(),
    client.avatars.delete('a'),
    client.voices.create(p),
    client.voices.edit(p),
    client.voices.list(),
    client.voices.task('t'),
    client.videos.createByAudio(p),
    client.videos.createByTts(p),
    client.videos.createByTemplate(p),
    client.videos.translate(p),
    client.videos.createBySing(p),
    client.videos.createByImage(p),
    client.videos.task('t'),
    client.videos.deleteTask('t'),
    client.videos.livelyTemplates(),
    client.audio.createByTts(p),
    client.covers.styles(),
    client.covers.create(p),
    client.clone.avatarByImage(p),
    client.clone.avatars(),
  ]);
  assert.deepEqual([...called].sort(), operations);
});
