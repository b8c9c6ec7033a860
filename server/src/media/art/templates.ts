/** Lively-video templates: a catalogue entry plus the look used to draw its background. */

/** 0 portrait, 1 landscape, 2 square, 3 the avatar video's own aspect ratio. */
export type TemplateOrientation = 0 | 1 | 2 | 3;

export interface LivelyTemplate {
  id: string;
  /** The Chinese name and the English one, as the cover styles' titles ('新闻播报 News Report'). */
  title: string;
  tags: string[];
  type: TemplateOrientation;
}

export type TemplateLook =
  'news' | 'vlog' | 'product' | 'classroom' | 'tech' | 'festive' | 'minimal' | 'finance';

interface TemplateDef extends LivelyTemplate {
  look: TemplateLook;
}

const DEFS: readonly TemplateDef[] = [
  { id: 'tpl-news-portrait', title: '新闻播报 News Report', tags: ['新闻', 'news'], type: 0, look: 'news' },
  {
    id: 'tpl-vlog-portrait',
    title: '生活分享 Lifestyle Vlog',
    tags: ['生活', 'vlog'],
    type: 0,
    look: 'vlog',
  },
  {
    id: 'tpl-product-portrait',
    title: '好物推荐 Product Picks',
    tags: ['电商', 'product'],
    type: 0,
    look: 'product',
  },
  {
    id: 'tpl-classroom-landscape',
    title: '课堂讲解 Classroom Lesson',
    tags: ['教育', 'education'],
    type: 1,
    look: 'classroom',
  },
  {
    id: 'tpl-tech-landscape',
    title: '科技快讯 Tech Briefing',
    tags: ['科技', 'tech'],
    type: 1,
    look: 'tech',
  },
  {
    id: 'tpl-news-landscape',
    title: '新闻直播间 Newsroom Live',
    tags: ['新闻', 'news'],
    type: 1,
    look: 'news',
  },
  {
    id: 'tpl-product-square',
    title: '产品展示 Product Showcase',
    tags: ['电商', 'product'],
    type: 2,
    look: 'product',
  },
  {
    id: 'tpl-festive-square',
    title: '节日祝福 Holiday Greetings',
    tags: ['节日', 'festival'],
    type: 2,
    look: 'festive',
  },
  {
    id: 'tpl-minimal-original',
    title: '简约留白 Minimal',
    tags: ['通用', 'minimal'],
    type: 3,
    look: 'minimal',
  },
  {
    id: 'tpl-finance-original',
    title: '财经快报 Finance Flash',
    tags: ['财经', 'finance'],
    type: 3,
    look: 'finance',
  },
];

export const LIVELY_TEMPLATES: readonly LivelyTemplate[] = Object.freeze(
  DEFS.map(({ look: _look, ...t }) => Object.freeze({ ...t, tags: [...t.tags] })),
);

export function findLivelyTemplate(id: string): LivelyTemplate | undefined {
  return LIVELY_TEMPLATES.find((t) => t.id === id);
}

/** The look a template is drawn with; templates not from this catalogue fall back by orientation. */
export function templateLook(t: LivelyTemplate): TemplateLook {
  const def = DEFS.find((d) => d.id === t.id);
  if (def) return def.look;
  return (['news', 'classroom', 'product', 'minimal'] as const)[t.type];
}

const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);

/**
 * Output size of a template video: fixed per orientation, or for type 3 the avatar's own aspect
 * with the long side at 1280. Sizes are even because the encoder works in 4:2:0.
 */
export function templateCanvas(
  t: LivelyTemplate,
  avatar: { width: number; height: number },
): { width: number; height: number } {
  switch (t.type) {
    case 0:
      return { width: 720, height: 1280 };
    case 1:
      return { width: 1280, height: 720 };
    case 2:
      return { width: 960, height: 960 };
    case 3: {
      const w = avatar.width;
      const h = avatar.height;
      if (!(w > 0 && h > 0)) return { width: 720, height: 1280 };
      const scale = 1280 / Math.max(w, h);
      return { width: even(w * scale), height: even(h * scale) };
    }
  }
}
