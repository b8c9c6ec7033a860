/** Cover styles: a catalogue entry with the text slots its layout has room for. */

export interface CoverSlotDef {
  name: string;
  label: string;
  min_length: number;
  max_length: number;
  /** Example value: used by previews, and for label slots (tag, button) when content gives none. */
  sample?: string;
}

export interface CoverStyle {
  id: string;
  title: string;
  slots: CoverSlotDef[];
}

const slot = (name: string, label: string, min: number, max: number, sample: string): CoverSlotDef => ({
  name,
  label,
  min_length: min,
  max_length: max,
  sample,
});

export const COVER_STYLES: readonly CoverStyle[] = Object.freeze([
  {
    id: 'cover-bold-headline',
    title: '大字标题 Bold Headline',
    slots: [
      slot('headline', '主标题', 2, 18, '3 分钟看懂数字人'),
      slot('subtitle', '副标题', 0, 28, '零基础也能做出专业口播视频'),
    ],
  },
  {
    id: 'cover-news',
    title: '新闻快讯 Breaking News',
    slots: [
      slot('tag', '标签', 0, 6, '快讯'),
      slot('headline', '标题', 4, 26, '本市新增 12 条公交线路，下周一起运营'),
      slot('summary', '摘要', 0, 60, '覆盖新城区与高铁站，早晚高峰发车间隔缩短至 5 分钟。'),
    ],
  },
  {
    id: 'cover-knowledge',
    title: '知识卡片 Knowledge Card',
    slots: [
      slot('topic', '话题', 0, 8, '每日一学'),
      slot('headline', '标题', 2, 20, '为什么天空是蓝色的？'),
      slot(
        'point',
        '要点',
        0,
        64,
        '阳光穿过大气时，波长较短的蓝光更容易被散射，所以我们看到的天空是蓝色的。',
      ),
    ],
  },
  {
    id: 'cover-product',
    title: '产品推广 Product Promo',
    slots: [
      slot('product', '产品名', 2, 12, '轻氧保温杯'),
      slot('selling_point', '卖点', 0, 20, '12 小时长效保温 · 仅重 180g'),
      slot('cta', '行动按钮', 0, 8, '立即了解'),
    ],
  },
  {
    id: 'cover-quote',
    title: '金句语录 Quote',
    slots: [
      slot('quote', '金句', 4, 48, '种一棵树最好的时间是十年前，其次是现在。'),
      slot('author', '作者', 0, 12, '今日金句'),
    ],
  },
  {
    id: 'cover-list',
    title: '清单盘点 Top List',
    slots: [
      slot('headline', '标题', 2, 16, '提升效率的 3 个习惯'),
      slot('item_1', '第 1 条', 0, 16, '早起列出今日三件事'),
      slot('item_2', '第 2 条', 0, 16, '番茄钟专注 25 分钟'),
      slot('item_3', '第 3 条', 0, 16, '睡前 10 分钟复盘'),
    ],
  },
  {
    id: 'cover-vlog',
    title: '生活 Vlog',
    slots: [
      slot('headline', '标题', 2, 14, '周末去海边露营'),
      slot('subtitle', '副标题', 0, 24, 'Day 1 · 日落、烧烤和星空'),
    ],
  },
] satisfies CoverStyle[]);

export function findCoverStyle(id: string): CoverStyle | undefined {
  return COVER_STYLES.find((s) => s.id === id);
}

/** Slots whose value is a short label rather than a piece of the content. */
export const LABEL_SLOTS: ReadonlySet<string> = new Set(['tag', 'topic', 'cta']);
