import assert from 'node:assert/strict';
import { test } from 'node:test';
import { focusCrop } from './focus-crop.js';

test('a portrait source into a square keeps the focus near the top third', () => {
  assert.deepEqual(
    focusCrop({ width: 720, height: 1280 }, { width: 500, height: 500 }, { x: 0.5, y: 0.42 }),
    {
      left: 0,
      top: 235,
      width: 720,
      height: 720,
    },
  );
});

test('a landscape source into a portrait box centres the focus horizontally and clamps', () => {
  assert.deepEqual(
    focusCrop({ width: 1920, height: 1080 }, { width: 900, height: 1600 }, { x: 0.9, y: 0.5 }),
    {
      left: 1312,
      top: 0,
      width: 608,
      height: 1080,
    },
  );
  assert.deepEqual(
    focusCrop({ width: 1920, height: 1080 }, { width: 900, height: 1600 }, { x: 0.1, y: 0.5 }).left,
    0,
  );
});

test('same aspect returns the whole image', () => {
  assert.deepEqual(focusCrop({ width: 720, height: 1280 }, { width: 360, height: 640 }, { x: 0.2, y: 0.9 }), {
    left: 0,
    top: 0,
    width: 720,
    height: 1280,
  });
});
