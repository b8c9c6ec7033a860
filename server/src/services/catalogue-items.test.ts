import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIVELY_TEMPLATES } from '../media/art/index.js';
import { COVER_STYLES } from '../media/cover/index.js';
import { PUBLIC_VOICE_PRESETS } from '../media/speech/index.js';
import { CATALOGUE_ASSETS, catalogueAssetKey } from '../storage/blob-keys.js';
import { catalogueItem, catalogueItems } from './catalogue-items.js';

test('the catalogue is 56 assets, each under its own key in catalogue/', () => {
  const items = catalogueItems();
  assert.equal(items.length, 56);
  assert.equal(items.length, LIVELY_TEMPLATES.length * 2 + COVER_STYLES.length + PUBLIC_VOICE_PRESETS.length);
  const keys = items.map((i) => i.key);
  assert.equal(new Set(keys).size, keys.length, 'keys are unique');
  for (const i of items) {
    assert.match(i.key, /^catalogue\//);
    assert.equal(i.key, catalogueAssetKey(i.kind, i.id));
    assert.deepEqual(catalogueItem(i.kind, i.id), i);
  }
  assert.deepEqual(new Set(items.map((i) => i.kind)), new Set(CATALOGUE_ASSETS));
});

test('an id the catalogue does not hold is no item', () => {
  assert.equal(catalogueItem('voice-demo', 'no-such-voice'), null);
  assert.equal(catalogueItem('template-cover', COVER_STYLES[0]!.id), null);
  assert.equal(catalogueItem('cover-style', '../../etc/passwd'), null);
});
