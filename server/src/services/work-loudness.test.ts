import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workLoudness } from './work-loudness.js';

test('unspecified targets: speech −16, background music −30, ambience −35, the mix as it comes', () => {
  assert.deepEqual(workLoudness({}), { speech: -16, mix: undefined, bgm: -30, ambience: -35 });
  assert.deepEqual(workLoudness({ template: 'tpl' }), {
    speech: -16,
    mix: undefined,
    bgm: -30,
    ambience: -35,
  });
});

test('N means −N LUFS; an overall target normalises the mix instead of the speech', () => {
  assert.deepEqual(workLoudness({ normLufs: 14 }), { speech: undefined, mix: -14, bgm: -30, ambience: -35 });
  assert.deepEqual(workLoudness({ template: 'tpl', bgmNormLufs: 24, ambienceNormLufs: 40 }), {
    speech: -16,
    mix: undefined,
    bgm: -24,
    ambience: -40,
  });
});

test('a template’s asset target sets the speech’s, even beside an overall target', () => {
  assert.equal(workLoudness({ template: 'tpl', assetsNormLufs: 20 }).speech, -20);
  assert.deepEqual(workLoudness({ template: 'tpl', assetsNormLufs: 20, normLufs: 12 }), {
    speech: -20,
    mix: -12,
    bgm: -30,
    ambience: -35,
  });
  // Only templates have asset tracks.
  assert.equal(workLoudness({ assetsNormLufs: 20 }).speech, -16);
});
