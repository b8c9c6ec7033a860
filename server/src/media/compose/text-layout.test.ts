import assert from 'node:assert/strict';
import { test } from 'node:test';
import { atomise, balancedWrap, fitText, isWide, outlineFor, textWidth, wrapText } from './text-layout.js';

test('widths follow the shipped font: one em per CJK character, em = size x 1000/1386', () => {
  // Measured on a libass render: five ideographs at Fontsize 100 span 360 px.
  assert.ok(Math.abs(textWidth('一二三四五', 100) - 360.75) < 0.01);
  // 'abcdefghij' rendered 354 px wide at the same size.
  assert.ok(Math.abs(textWidth('abcdefghij', 100) - 354.3) < 0.5);
  assert.equal(isWide('中'.codePointAt(0) ?? 0), true);
  assert.equal(isWide('，'.codePointAt(0) ?? 0), true);
  assert.equal(isWide('a'.codePointAt(0) ?? 0), false);
});

test('atoms: Latin words stay whole, CJK breaks per character, punctuation sticks to its neighbour', () => {
  assert.deepEqual(
    atomise('你好，世界 Hello, world (ok)').map((a) => a.text),
    ['你', '好，', '世', '界', 'Hello,', 'world', '(ok)'],
  );
  assert.deepEqual(
    atomise('「引用」内容').map((a) => a.text),
    ['「引', '用」', '内', '容'],
  );
  assert.deepEqual(
    atomise('a b').map((a) => a.spaced),
    [false, true],
  );
});

test('wrapping: greedy, hard breaks, over-long words split', () => {
  assert.deepEqual(wrapText('Hello, world! This is likeness.', 200, 40), [
    'Hello, world!',
    'This is',
    'likeness.',
  ]);
  // 100 px at size 40 holds three ideographs (28.86 px each); the comma never starts a line.
  assert.deepEqual(wrapText('你好，欢迎使用', 100, 40), ['你好，', '欢迎使', '用']);
  assert.deepEqual(wrapText('一行\n两行', 500, 40), ['一行', '两行']);
  assert.deepEqual(wrapText('Supercalifragilistic', 100, 40), ['Superc', 'alifragi', 'listic']);
});

test('balanced wrapping avoids a lone last word', () => {
  assert.deepEqual(wrapText('字幕没有方块：中文 OK', 210, 30), ['字幕没有方块：中文', 'OK']);
  assert.deepEqual(balancedWrap('字幕没有方块：中文 OK', 210, 30), ['字幕没有方', '块：中文 OK']);
  assert.deepEqual(balancedWrap('short', 210, 30), ['short']);
});

test('fitting shrinks the font until the lines fit the area height', () => {
  const fit = fitText('你好，欢迎使用数字人视频生成服务。今天天气很好。', { width: 320, height: 90 }, 40);
  assert.equal(fit.fontSize, 36);
  assert.equal(fit.outline, 2);
  assert.equal(fit.truncated, false);
  assert.deepEqual(fit.lines, ['你好，欢迎使用数字人视频', '生成服务。今天天气很好。']);
  for (const line of fit.lines) assert.ok(textWidth(line, fit.fontSize) <= 320 - 2 * fit.outline);
  assert.ok(fit.lines.length * fit.fontSize + 2 * fit.outline <= 90);
  // Fits at the requested size: unchanged.
  assert.equal(fitText('短句', { width: 320, height: 90 }, 40).fontSize, 40);
  assert.equal(outlineFor(100), 5);
  assert.equal(outlineFor(10), 1);
});

test('text that cannot fit even at the smallest size is cut with an ellipsis', () => {
  const long = '这是一段非常非常长的字幕文本，'.repeat(10);
  const fit = fitText(long, { width: 200, height: 40 }, 40);
  assert.equal(fit.truncated, true);
  assert.equal(fit.fontSize, 16);
  assert.equal(fit.lines.length, 2);
  assert.ok(fit.lines[1]?.endsWith('…'));
  for (const line of fit.lines) assert.ok(textWidth(line, 16) <= 200 - 2);
});
