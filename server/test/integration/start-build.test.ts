import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { inputsHash, WORKSPACES } from '../../../scripts/build.mjs';

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
