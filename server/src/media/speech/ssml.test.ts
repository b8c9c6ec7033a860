import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSsml, wordCore } from './ssml.js';

test('buildSsml wraps words in marks, keeps punctuation outside and escapes XML', () => {
  const doc = buildSsml('Hi, <you> & 我们。', 'en');
  assert.equal(
    doc.ssml,
    '<speak><mark name="ws-0"/>Hi,<mark name="we-0"/> <mark name="ws-1"/>&lt;you&gt;<mark name="we-1"/> ' +
      '<mark name="ws-2"/>&amp;<mark name="we-2"/> <mark name="ws-3"/>我们<mark name="we-3"/>。</speak>',
  );
  assert.deepEqual(
    doc.segments.map((s) => [s.inputStart, s.inputEnd, s.cjk]),
    [
      [0, 3, false],
      [4, 9, false],
      [10, 11, false],
      [12, 14, true],
    ],
  );
  // Every SSML code point of an escaped character maps back to that character.
  const you = doc.segments[1]!;
  assert.equal([...doc.ssml].slice(you.ssmlStart, you.ssmlEnd).join(''), '&lt;you&gt;');
  assert.deepEqual(you.inputIndexAt, [4, 4, 4, 4, 5, 6, 7, 8, 8, 8, 8]);
});

test('buildSsml splits CJK from Latin runs and at CJK punctuation', () => {
  const doc = buildSsml('我用iPhone拍照，很好', 'zh');
  const text = '我用iPhone拍照，很好';
  assert.deepEqual(
    doc.segments.map((s) => text.slice(s.inputStart, s.inputEnd)),
    ['我用', 'iPhone', '拍照', '很好'],
  );
});

test('buildSsml counts SSML positions in code points', () => {
  const doc = buildSsml('𠀀好 ok', 'zh');
  const seg = doc.segments[0]!;
  // One astral Han character is one eSpeak position but two UTF-16 units in the input.
  assert.equal(seg.ssmlEnd - seg.ssmlStart, 2);
  assert.deepEqual(seg.inputIndexAt, [0, 2]);
  assert.equal(doc.segments[1]!.inputStart, 4);
});

test('buildSsml leaves kanji unspoken for Japanese but keeps their place', () => {
  const doc = buildSsml('日本語です。', 'jp');
  assert.equal(doc.ssml, '<speak><mark name="ws-0"/>です<mark name="we-0"/>。</speak>');
  assert.equal(doc.segments[0]!.inputStart, 0);
  assert.deepEqual(doc.segments[0]!.inputIndexAt, [3, 4]);
  // The same text in Chinese is spoken in full.
  assert.match(buildSsml('日本語', 'zh').ssml, /日本語/);
});

test('buildSsml gives punctuation-only runs no marks and drops control characters', () => {
  const doc = buildSsml('... -- ok\u0007', 'en');
  assert.equal(doc.ssml, '<speak>... -- <mark name="ws-0"/>ok<mark name="we-0"/> </speak>');
  assert.equal(buildSsml('  ', 'en').segments.length, 0);
});

test('wordCore strips sentence punctuation and quotes but keeps symbols', () => {
  assert.deepEqual(wordCore('"Hello,"'), { text: 'Hello', offset: 1 });
  assert.deepEqual(wordCore('(50%)'), { text: '50%', offset: 1 });
  assert.deepEqual(wordCore("dogs'"), { text: "dogs'", offset: 0 });
  assert.deepEqual(wordCore('好。'), { text: '好', offset: 0 });
  assert.deepEqual(wordCore('...'), { text: '', offset: 0 });
});

test('buildSsml speaks dates, percentages and money in words, each as one timed word of the written text', () => {
  const text = '价格¥199，增长12.5%。';
  const doc = buildSsml(text, 'zh');
  assert.equal(
    doc.ssml,
    '<speak><mark name="ws-0"/>价格<mark name="we-0"/><mark name="ws-1"/>199元<mark name="we-1"/>，' +
      '<mark name="ws-2"/>增长<mark name="we-2"/><mark name="ws-3"/>百分之12.5<mark name="we-3"/>。</speak>',
  );
  assert.deepEqual(
    doc.segments.map((s) => [text.slice(s.inputStart, s.inputEnd), s.cjk]),
    [
      ['价格', true],
      ['¥199', false],
      ['增长', true],
      ['12.5%', false],
    ],
  );
  // Every spoken character of a form maps to the form's start in the input.
  assert.deepEqual(doc.segments[1]!.inputIndexAt, [2, 2, 2, 2]);
  const en = buildSsml('It costs $5 & more.', 'en');
  assert.match(en.ssml, /<mark name="ws-2"\/>5 dollars<mark name="we-2"\/> <mark name="ws-3"\/>&amp;/);
});
