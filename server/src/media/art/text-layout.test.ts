import assert from 'node:assert/strict';
import { test } from 'node:test';
import { measureText } from '../fonts/index.js';
import { escapeXml, fitText, wrapText } from './text-layout.js';

const style = { fontSize: 40, weight: 400 as const };

test('escapeXml escapes markup characters and drops XML-illegal controls', () => {
  assert.equal(
    escapeXml(`<a href="x">Tom & 'Jerry'</a>\u0001`),
    '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
  );
});

test('CJK glyphs are one em wide; Latin is proportional', () => {
  assert.equal(measureText('数字人', 40, 400), 120);
  assert.ok(measureText('iiii', 40, 400) < measureText('MMMM', 40, 400));
  assert.ok(measureText('Bold', 40, 700) > measureText('Bold', 40, 400));
});

test('wrapText breaks CJK between characters and keeps punctuation off line starts', () => {
  const text = '今天天气很好，我们一起去公园散步吧。然后去吃饭，好不好？';
  const { lines, truncated } = wrapText(text, 7 * 40, style);
  assert.equal(truncated, false);
  assert.equal(lines.join(''), text);
  for (const l of lines) {
    assert.ok(measureText(l, 40, 400) <= 7 * 40, l);
    assert.doesNotMatch(l, /^[，。？]/);
  }
});

test('wrapText breaks Latin at spaces and splits words longer than a line', () => {
  const { lines } = wrapText('The quick brown fox jumps over the lazy dog', 300, style);
  assert.ok(lines.length > 1);
  assert.equal(lines.join(' '), 'The quick brown fox jumps over the lazy dog');
  const long = wrapText('Supercalifragilisticexpialidocious', 200, style).lines;
  assert.ok(long.length > 1);
  assert.equal(long.join(''), 'Supercalifragilisticexpialidocious');
});

test('wrapText keeps explicit line breaks and truncates with an ellipsis', () => {
  assert.deepEqual(wrapText('第一行\n第二行', 1000, style).lines, ['第一行', '第二行']);
  const res = wrapText('一二三四五六七八九十'.repeat(3), 5 * 40, style, 2);
  assert.equal(res.truncated, true);
  assert.equal(res.lines.length, 2);
  assert.match(res.lines[1] ?? '', /…$/);
  assert.ok(measureText(res.lines[1] ?? '', 40, 400) <= 200);
});

test('fitText never exceeds its box, shrinking and finally truncating', () => {
  const box = { width: 400, height: 160 };
  for (const text of [
    '短',
    '一段中等长度的标题文字',
    'A fairly long English title that needs wrapping',
    '很长'.repeat(200),
  ]) {
    const t = fitText(text, box, { weight: 700, maxSize: 80, minSize: 24, lineHeight: 1.2 });
    assert.ok(t.height <= box.height + 0.01, `${text}: height ${t.height}`);
    assert.ok(t.width <= box.width + 0.01, `${text}: width ${t.width}`);
    assert.ok(t.fontSize >= 24 && t.fontSize <= 80);
  }
  assert.equal(fitText('短', box, { weight: 700, maxSize: 80, minSize: 24 }).fontSize, 80);
  assert.equal(fitText('很长'.repeat(200), box, { weight: 700, maxSize: 80, minSize: 24 }).truncated, true);
});

test('balanced wrapping evens out line lengths', () => {
  const t = fitText(
    '种一棵树最好的时间是十年前其次是现在',
    { width: 600, height: 400 },
    {
      weight: 400,
      maxSize: 60,
      minSize: 60,
      balance: true,
    },
  );
  assert.equal(t.lines.length, 2);
  assert.equal(t.lines[0]?.length, 9);
});

test('very long input is cut cheaply', () => {
  const t0 = performance.now();
  const t = fitText(
    '数字人视频'.repeat(2000),
    { width: 900, height: 300 },
    { weight: 700, maxSize: 90, minSize: 30 },
  );
  assert.equal(t.truncated, true);
  assert.ok(performance.now() - t0 < 1000);
});
