import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aigcEnabled } from './aigc-policy.js';

test('aigc_flag overrides the account preference; 0 or absent follows it', () => {
  assert.equal(aigcEnabled(1, 2), true);
  assert.equal(aigcEnabled(2, 1), false);
  assert.equal(aigcEnabled(0, 1), true);
  assert.equal(aigcEnabled(0, 2), false);
  assert.equal(aigcEnabled(undefined, 2), false);
  assert.equal(aigcEnabled(undefined, 1), true);
});
