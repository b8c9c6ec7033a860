import assert from 'node:assert/strict';
import { test } from 'node:test';
import { templateLayout } from './template-layout.js';
import { LIVELY_TEMPLATES, templateCanvas, type LivelyTemplate } from './templates.js';

const ofType = (type: LivelyTemplate['type']) =>
  LIVELY_TEMPLATES.find((t) => t.type === type) as LivelyTemplate;

test('the catalogue has unique ids and at least two templates per orientation', () => {
  assert.equal(new Set(LIVELY_TEMPLATES.map((t) => t.id)).size, LIVELY_TEMPLATES.length);
  for (const type of [0, 1, 2, 3] as const) {
    assert.ok(LIVELY_TEMPLATES.filter((t) => t.type === type).length >= 2, `type ${type}`);
  }
});

test('templateCanvas: fixed sizes per orientation, avatar aspect for type 3', () => {
  const avatar = { width: 1080, height: 1920 };
  assert.deepEqual(templateCanvas(ofType(0), avatar), { width: 720, height: 1280 });
  assert.deepEqual(templateCanvas(ofType(1), avatar), { width: 1280, height: 720 });
  assert.deepEqual(templateCanvas(ofType(2), avatar), { width: 960, height: 960 });
  const original = ofType(3);
  assert.deepEqual(templateCanvas(original, avatar), { width: 720, height: 1280 });
  assert.deepEqual(templateCanvas(original, { width: 1920, height: 1080 }), { width: 1280, height: 720 });
  assert.deepEqual(templateCanvas(original, { width: 1000, height: 1000 }), { width: 1280, height: 1280 });
  assert.deepEqual(templateCanvas(original, { width: 1440, height: 1080 }), { width: 1280, height: 960 });
  assert.deepEqual(templateCanvas(original, { width: 481, height: 853 }), { width: 722, height: 1280 });
  assert.deepEqual(templateCanvas(original, { width: 0, height: 0 }), { width: 720, height: 1280 });
});

test('layout boxes stay inside the canvas and do not overlap', () => {
  for (const [w, h] of [
    [720, 1280],
    [1280, 720],
    [960, 960],
    [1280, 960],
    [722, 1280],
  ] as const) {
    const L = templateLayout(w, h);
    for (const b of [L.titleBox, L.avatarBox, L.subtitleBox]) {
      assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= w && b.y + b.height <= h, `${w}x${h}`);
      assert.ok(b.width > 0 && b.height > 0);
    }
    assert.ok(L.subtitleBox.y >= L.avatarBox.y + L.avatarBox.height, 'subtitles below the avatar');
  }
});

test('every template is named in Chinese and in English, as the cover styles are', () => {
  for (const t of LIVELY_TEMPLATES) {
    assert.match(t.title, /^[\u4e00-\u9fff]+ [A-Z][A-Za-z]*( [A-Z][A-Za-z]*)*$/, t.id);
  }
});
