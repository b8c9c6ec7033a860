import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { LIVELY_TEMPLATES } from '../../src/media/art/index.js';
import { catalogueItems } from '../../src/services/catalogue-items.js';
import { startServer, type TestServer } from '../helpers/server.js';

/** A folder laid out as the build's dist/catalogue, holding `keys`, each file a few bytes of its own. */
async function shippedDir(keys: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'likeness-shipped-'));
  for (const key of keys) {
    await mkdir(dirname(join(dir, key)), { recursive: true });
    await writeFile(join(dir, key), `shipped ${key}`);
  }
  return dir;
}

/** The catalogue renders the jobs table holds (the 'api' role runs none, so they stay there). */
async function catalogueJobs(server: TestServer): Promise<string[]> {
  const rows = await server.container.db
    .selectFrom('jobs')
    .select('payload')
    .where('name', '=', 'catalogue.render')
    .execute();
  return rows.map((r) => r.payload);
}

/** An API-only server, prerendering on, whose build shipped the assets at `keys`; closed after `t`. */
async function serverShipping(t: TestContext, keys: string[]) {
  const dir = await shippedDir(keys);
  const server = await startServer(
    { LIKENESS_CATALOGUE_PRERENDER: 'on', LIKENESS_CATALOGUE_SHIPPED: 'on' },
    { catalogueShippedDir: dir, role: 'api' },
  );
  t.after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  return server;
}

test('a shipped asset is served at once; one the build did not ship is prepared as before (decision S18)', async (t) => {
  const tpl = LIVELY_TEMPLATES[0]!;
  const cover = `catalogue/templates/${tpl.id}/cover.png`;
  const demo = `catalogue/templates/${tpl.id}/demo.mp4`;
  const keys = catalogueItems().map((i) => i.key);
  // Prerendering on: the seed queues what is missing, here the one asset not shipped, and no job runs.
  const server = await serverShipping(
    t,
    keys.filter((k) => k !== cover),
  );

  const res = await fetch(`${server.url}/catalogue/templates/${tpl.id}/demo.mp4`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'video/mp4');
  assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(`shipped ${demo}`)));
  assert.equal(Buffer.from(await res.arrayBuffer()).toString(), `shipped ${demo}`);

  const missing = await fetch(`${server.url}/catalogue/templates/${tpl.id}/cover.png`);
  assert.equal(missing.status, 503);
  assert.equal(missing.headers.get('retry-after'), '5');
  await missing.arrayBuffer();

  const unknown = await fetch(`${server.url}/catalogue/templates/no-such-template/demo.mp4`);
  assert.equal(unknown.status, 404);
  await unknown.arrayBuffer();

  assert.deepEqual(
    (await catalogueJobs(server)).map((p) => JSON.parse(p) as unknown),
    [{ kind: 'template-cover', id: tpl.id }],
  );
});

test('a start with the whole catalogue shipped queues no render', async (t) => {
  const server = await serverShipping(
    t,
    catalogueItems().map((i) => i.key),
  );
  assert.deepEqual(await catalogueJobs(server), []);
  const res = await fetch(`${server.url}/catalogue/voices/pub-en-olivia/demo.mp3`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'audio/mpeg');
  await res.arrayBuffer();
});
