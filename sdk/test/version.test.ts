import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SDK_VERSION } from '../src/index.js';

test('the SDK reports its version', () => {
  assert.match(SDK_VERSION, /^\d+\.\d+\.\d+$/);
});
