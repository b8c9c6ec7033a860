import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assignSlots, CoverSlotError, slotFillOrder } from './assign-slots.js';
import { findCoverStyle, type CoverStyle } from './styles.js';

const style = (id: string): CoverStyle => {
  const s = findCoverStyle(id);
  assert.ok(s, id);
  return s;
};

const refused = (fn: () => unknown, message: RegExp) =>
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof CoverSlotError, String(err));
    assert.match(err.message, message);
    return true;
  });

test('the fill order puts the main text first and short labels last', () => {
  assert.deepEqual(
    slotFillOrder(style('cover-news')).map((s) => s.name),
    ['headline', 'summary', 'tag'],
  );
  assert.deepEqual(
    slotFillOrder(style('cover-product')).map((s) => s.name),
    ['product', 'selling_point', 'cta'],
  );
  assert.deepEqual(
    slotFillOrder(style('cover-quote')).map((s) => s.name),
    ['quote', 'author'],
  );
});

test('slots with names the style does not use fill its areas in order', () => {
  const got = assignSlots(style('cover-bold-headline'), [
    { name: 'title', value: 'Hello' },
    { name: 'description', value: 'World' },
  ]);
  assert.deepEqual(got.values, { headline: 'Hello', subtitle: 'World' });
  assert.deepEqual(got.areas, ['headline', 'subtitle']);
  const unnamed = assignSlots(style('cover-news'), [{ value: 'A' }, { value: 'B' }, { value: 'C' }]);
  assert.deepEqual(unnamed.values, { headline: 'A', summary: 'B', tag: 'C' });
});

test('a slot named like an area, or like its label, goes there; the rest fill what is left', () => {
  const news = style('cover-news');
  assert.deepEqual(
    assignSlots(news, [
      { name: 'title', value: 'Big news' },
      { name: 'Tag', value: 'NEW' },
    ]).values,
    { headline: 'Big news', tag: 'NEW' },
  );
  // The style's labels: 标签 = tag, 摘要 = summary.
  assert.deepEqual(
    assignSlots(news, [
      { name: 'x', label: '摘要', value: 'details' },
      { name: '标签', value: 'NEW' },
      { name: 'y', value: 'Headline' },
    ]).areas,
    ['summary', 'tag', 'headline'],
  );
  // Case, blanks, '_', '-' and full-width forms do not matter.
  assert.deepEqual(
    assignSlots(style('cover-list'), [
      { name: 'ITEM-2', value: 'b' },
      { name: 'item 1', value: 'a' },
      { name: '第３条', value: 'c' },
    ]).areas,
    ['item_2', 'item_1', 'item_3'],
  );
  // A name match wins over a label match of the same slot.
  assert.deepEqual(
    assignSlots(style('cover-bold-headline'), [{ name: 'headline', label: '副标题', value: 'x' }]).areas,
    ['headline'],
  );
});

test('two slots naming the same area are refused', () => {
  refused(
    () =>
      assignSlots(style('cover-news'), [
        { name: 'headline', value: 'a' },
        { label: '标题', value: 'b' },
      ]),
    /slots\[1\] \(label '标题'\) and slots\[0\] 'headline' both name the 'headline' text area/,
  );
});

test('slots beyond the areas: refused when they carry text, dropped when empty', () => {
  const vlog = style('cover-vlog');
  refused(
    () => assignSlots(vlog, [{ value: 'a' }, { value: 'b' }, { name: 'extra', value: 'c' }]),
    /slots\[2\] 'extra' has no text area left: style 'cover-vlog' has 2 \(headline \(标题\), subtitle \(副标题\)\)/,
  );
  const got = assignSlots(vlog, [{ value: 'a' }, { value: 'b' }, { name: 'extra', value: ' ' }, {}]);
  assert.deepEqual(got.values, { headline: 'a', subtitle: 'b' });
  assert.deepEqual(got.areas, ['headline', 'subtitle', null, null]);
});

test('max_length and min_length bound the value as sent: never cut, refused with the counts', () => {
  const s = style('cover-bold-headline');
  // Code points, as everywhere in the API: '𠀀' is one character (two UTF-16 units).
  assert.deepEqual(
    assignSlots(s, [{ name: 'title', value: '𠀀𠀁𠀂', max_length: 3, min_length: 3 }]).values,
    {
      headline: '𠀀𠀁𠀂',
    },
  );
  refused(
    () => assignSlots(s, [{ name: 'title', value: 'Hello world', max_length: 5 }]),
    /slots\[0\] 'title': the value has 11 characters, more than its max_length 5/,
  );
  refused(
    () => assignSlots(s, [{ value: 'ok' }, { name: 'sub', value: 'Hi', min_length: 4 }]),
    /slots\[1\] 'sub': the value has 2 characters, fewer than its min_length 4/,
  );
  refused(
    () => assignSlots(s, [{ name: 'title', min_length: 1 }]),
    /slots\[0\] 'title': the value has 0 characters, fewer than its min_length 1/,
  );
  refused(
    () => assignSlots(s, [{ name: 'title', value: 'abc', max_length: 2, min_length: 3 }]),
    /min_length 3 is larger than max_length 2/,
  );
});

test("the style's own lengths do not refuse explicit text", () => {
  // The bold headline's area is sized for about 18 characters of Chinese; a client cannot see that
  // number, so only the laid-out fit decides (slotsCutToFit).
  const long = 'Twenty-six Latin letters!!';
  assert.deepEqual(assignSlots(style('cover-bold-headline'), [{ name: 'title', value: long }]).values, {
    headline: long,
  });
  assert.deepEqual(assignSlots(style('cover-bold-headline'), [{ name: 'title', value: 'A' }]).values, {
    headline: 'A',
  });
});
