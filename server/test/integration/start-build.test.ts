import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CATALOGUE, inputsHash, shipCatalogue, WORKSPACES } from '../../../scripts/build.mjs';

const repo = join(import.meta.dirname, '..', '..', '..');

test('npm start builds only when a workspace changed', () => {
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  assert.match(
    pkg.scripts.start!,
    /scripts\/build\.mjs --if-changed && node server\/dist\/cli\/index\.js serve/,
  );
  assert.deepEqual(
    WORKSPACES.map((w) => w.name),
    ['server', 'sdk', 'console'],
  );
});

test("a workspace's inputs hash follows content, not file times, and ignores tests", () => {
  const root = mkdtempSync(join(tmpdir(), 'likeness-build-'));
  mkdirSync(join(root, 'ws', 'src'), { recursive: true });
  writeFileSync(join(root, 'ws', 'src', 'a.ts'), 'export const a = 1;\n');
  const ws = { name: 'ws', inputs: ['ws/src', 'ws/missing.json'] };
  const first = inputsHash(ws, root);

  const later = new Date(Date.now() + 60_000);
  utimesSync(join(root, 'ws', 'src', 'a.ts'), later, later);
  assert.equal(inputsHash(ws, root), first, 'touching a file is not a change');

  writeFileSync(join(root, 'ws', 'src', 'a.test.ts'), 'test\n');
  assert.equal(inputsHash(ws, root), first, 'tests are not built');

  writeFileSync(join(root, 'ws', 'src', 'a.ts'), 'export const a = 2;\n');
  assert.notEqual(inputsHash(ws, root), first, 'a changed file is');

  writeFileSync(join(root, 'ws', 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'ws', 'src', 'b.ts'), '');
  assert.notEqual(inputsHash(ws, root), first, 'so is a new, even empty, file');
});

test('the build ships the catalogue again only when what it is rendered from changed', (t) => {
  assert.ok(!WORKSPACES.some((w) => w.name === CATALOGUE.name), 'no workspace of its own');
  for (const input of [
    'server/src/media',
    'server/src/jobs/handlers',
    'server/src/services/catalogue-items.ts',
    'package-lock.json',
  ]) {
    assert.ok(CATALOGUE.inputs.includes(input), input);
  }
  // A tree with one input and a stand-in for the compiled entry that counts its runs (the real one
  // renders for some twenty seconds; test/media/catalogue-ship.test.ts tests what it does).
  const root = mkdtempSync(join(tmpdir(), 'likeness-build-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'server', 'src', 'media'), { recursive: true });
  mkdirSync(join(root, 'server', 'dist', 'cli'), { recursive: true });
  writeFileSync(join(root, 'server', 'src', 'media', 'engine.ts'), 'export const v = 1;\n');
  const runs = join(root, 'runs');
  writeFileSync(
    join(root, 'server', 'dist', 'cli', 'catalogue-ship.js'),
    `const { appendFileSync, mkdirSync } = require('node:fs');
mkdirSync(process.argv[2], { recursive: true });
appendFileSync(${JSON.stringify(runs)}, process.argv[2] + '\\n');
process.exit(Number(process.env.SHIP_EXIT ?? 0));
`,
  );
  const ran = () => readFileSync(runs, 'utf8').trim().split('\n');
  const stamp = join(root, 'server', 'dist', 'catalogue', '.inputs-sha256');
  const env = { PATH: process.env.PATH };

  assert.equal(shipCatalogue(true, root, env), 'shipped');
  assert.deepEqual(ran(), ['server/dist/catalogue']);
  assert.equal(readFileSync(stamp, 'utf8'), inputsHash(CATALOGUE, root));
  assert.equal(shipCatalogue(true, root, env), 'unchanged');
  assert.equal(ran().length, 1);
  assert.equal(shipCatalogue(false, root, env), 'shipped', 'asked to, it renders whatever the stamp says');
  assert.equal(ran().length, 2);

  writeFileSync(join(root, 'server', 'src', 'media', 'engine.ts'), 'export const v = 2;\n');
  assert.equal(shipCatalogue(true, root, { ...env, LIKENESS_CATALOGUE_SHIP: 'off' }), 'off');
  assert.equal(ran().length, 2);
  // A failed render is no failed build, and leaves no stamp a later build would trust.
  assert.equal(shipCatalogue(true, root, { ...env, SHIP_EXIT: '1' }), 'failed');
  assert.equal(ran().length, 3);
  assert.ok(!existsSync(stamp));
  assert.equal(shipCatalogue(true, root, env), 'shipped');
  assert.equal(ran().length, 4);
});
