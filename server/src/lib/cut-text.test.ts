import assert from 'node:assert/strict';
import { test } from 'node:test';
import { charLength, cutText } from './cut-text.js';

test('counts Unicode characters, not UTF-16 units or bytes', () => {
  assert.equal(charLength('abc'), 3);
  assert.equal(charLength('你好'), 2);
  assert.equal(charLength('😀'), 1); // a surrogate pair in UTF-16
});

test('cuts to the first N characters', () => {
  assert.equal(cutText('Text-driven Lipsync Video', 20), 'Text-driven Lipsync ');
  assert.equal(
    cutText('一二三四五六七八九十一二三四五六七八九十廿', 20),
    '一二三四五六七八九十一二三四五六七八九十',
  );
  assert.equal(cutText('short', 20), 'short');
  assert.equal(cutText('', 20), '');
});

test('never splits a surrogate pair, a combining sequence, an emoji sequence or a flag', () => {
  assert.equal(cutText(`${'a'.repeat(19)}😀😀`, 20), `${'a'.repeat(19)}😀`);
  // e + combining acute accent is one grapheme of two characters: dropped whole when only one fits.
  assert.equal(cutText(`${'a'.repeat(19)}e\u0301x`, 20), 'a'.repeat(19));
  assert.equal(cutText(`${'a'.repeat(18)}e\u0301x`, 20), `${'a'.repeat(18)}e\u0301`);
  // A family emoji (ZWJ sequence of 5 characters) and a flag (two regional indicators).
  assert.equal(cutText(`${'a'.repeat(17)}👨‍👩‍👧`, 20), 'a'.repeat(17));
  assert.equal(cutText(`${'a'.repeat(18)}🇫🇷b`, 20), `${'a'.repeat(18)}🇫🇷`);
});
