import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deriveSlotValues, sentencesOf, truncate } from './derive-slots.js';
import { COVER_STYLES, findCoverStyle, type CoverStyle } from './styles.js';

const style = (id: string): CoverStyle => {
  const s = findCoverStyle(id);
  assert.ok(s, id);
  return s;
};

const chars = (s: string) => [...s].length;

test('truncate counts characters, not UTF-16 units, and ends cuts with an ellipsis', () => {
  assert.equal(truncate('数字人视频生成服务', 5), '数字人视…');
  assert.equal(truncate('短句', 5), '短句');
  assert.equal(truncate('The quick brown fox jumps', 12), 'The quick…');
  assert.equal(truncate('𠀀𠀁𠀂𠀃', 3), '𠀀𠀁…');
  assert.equal(truncate('abc', 0), '');
});

test('sentencesOf splits CJK and Latin sentences but not decimals', () => {
  assert.deepEqual(sentencesOf('今天发布新版本。速度提升 3.5 倍！欢迎体验'), [
    '今天发布新版本。',
    '速度提升 3.5 倍！',
    '欢迎体验',
  ]);
  assert.deepEqual(sentencesOf('Version 2.0 is out. It is faster!\nTry it'), [
    'Version 2.0 is out.',
    'It is faster!',
    'Try it',
  ]);
});

test('CJK content fills headline and subtitle in order', () => {
  const v = deriveSlotValues(
    style('cover-bold-headline'),
    '三分钟学会做数字人视频。零基础也能上手，效果专业。',
  );
  assert.deepEqual(v, { headline: '三分钟学会做数字人视频', subtitle: '零基础也能上手，效果专业' });
});

test('English content fills a news cover; the tag keeps the style label', () => {
  const v = deriveSlotValues(
    style('cover-news'),
    'Twelve new bus lines open. Service starts Monday. Trains run every five minutes.',
  );
  assert.equal(v.tag, '快讯');
  assert.equal(v.headline, 'Twelve new bus lines open');
  assert.equal(v.summary, 'Service starts Monday. Trains run every five minutes.');
});

test('long text is cut to max_length everywhere', () => {
  const long =
    '人工智能正在深刻地改变内容创作的方式，从文字到图像再到视频，每一个环节都在被重新定义和塑造。'.repeat(4);
  const longEn =
    'Artificial intelligence is reshaping how creators write scripts, design visuals and publish videos. '.repeat(
      5,
    );
  for (const s of COVER_STYLES) {
    for (const content of [long, longEn]) {
      const v = deriveSlotValues(s, content);
      for (const slot of s.slots) {
        const value = v[slot.name] ?? '';
        assert.ok(
          chars(value) <= slot.max_length,
          `${s.id}.${slot.name}: ${chars(value)} > ${slot.max_length}`,
        );
        if (slot.min_length > 0) assert.ok(chars(value) >= slot.min_length, `${s.id}.${slot.name} too short`);
      }
    }
  }
  const v = deriveSlotValues(style('cover-bold-headline'), long);
  assert.equal(v.headline, '人工智能正在深刻地改变内容创作的方式');
  const en = deriveSlotValues(style('cover-news'), longEn);
  assert.equal(en.headline, 'Artificial intelligence…');
});

test('a headline that is one long clause is cut with an ellipsis', () => {
  const v = deriveSlotValues(
    style('cover-bold-headline'),
    '这是一个没有任何标点而且特别特别长的标题句子需要被截断',
  );
  assert.equal(v.headline, '这是一个没有任何标点而且特别特别长…');
  assert.equal(chars(v.headline ?? ''), 18);
});

test('list items come from sentences, or clauses when sentences run short', () => {
  const v = deriveSlotValues(style('cover-list'), '高效的三个习惯：早起列清单，专注二十五分钟，睡前复盘。');
  assert.deepEqual(v, {
    headline: '高效的三个习惯',
    item_1: '早起列清单',
    item_2: '专注二十五分钟',
    item_3: '睡前复盘',
  });
});

test('a quote keeps its attribution in the author slot', () => {
  const v = deriveSlotValues(style('cover-quote'), '世上本没有路，走的人多了，也便成了路。——鲁迅');
  assert.deepEqual(v, { author: '鲁迅', quote: '世上本没有路，走的人多了，也便成了路。' });
  assert.deepEqual(deriveSlotValues(style('cover-quote'), 'Stay hungry, stay foolish. — Steve'), {
    author: 'Steve',
    quote: 'Stay hungry, stay foolish.',
  });
  // A dash inside a sentence is not an attribution.
  assert.equal(deriveSlotValues(style('cover-quote'), 'Keep it short — anyone can start today.').author, '');
});

test('empty content gives empty text slots and sample labels', () => {
  const v = deriveSlotValues(style('cover-product'), '   ');
  assert.deepEqual(v, { cta: '立即了解', product: '', selling_point: '' });
});
