import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { SDK_VERSION } from '../src/index.js';

test('the SDK reports the version of its package', async () => {
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  assert.equal(SDK_VERSION, pkg.version);
});
