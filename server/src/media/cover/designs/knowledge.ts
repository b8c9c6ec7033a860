import { f, label, rect, softShadow } from '../../art/svg-shapes.js';
import type { Box } from '../../art/template-layout.js';
import { figureStandIn, pill, text, type CoverDesign, type DesignContext } from './shared.js';

export function knowledge(c: DesignContext): CoverDesign {
  const { width: W, height: H } = c;
  const u = W / 100;
  const card: Box = { x: 6 * u, y: H * 0.07, width: 88 * u, height: H * 0.62 };
  const r = Math.min(22 * u, H * 0.14);
  const cardBottom = card.y + card.height;
  const fig: Box = { x: W - 8 * u - 2 * r, y: cardBottom - r * 0.9, width: 2 * r, height: 2 * r };
  const topic = pill(
    c,
    'topic',
    { x: 11 * u, y: card.y + 6 * u, maxWidth: 60 * u, align: 'start' },
    {
      size: Math.round(3.8 * u),
      fill: '#ffffff',
      bg: '#3b6fe0',
      padX: 2.6 * u,
      padY: 1.2 * u,
    },
  );
  const headTop = (topic.svg ? topic.bottom : card.y + 6 * u) + 4 * u;
  const head = text(
    c,
    'headline',
    { x: 11 * u, y: headTop, width: 78 * u, height: H * 0.19 },
    {
      weight: 700,
      balance: true,
      maxSize: Math.round(10 * u),
      minSize: Math.round(5 * u),
      lineHeight: 1.2,
      maxLines: 3,
      fill: '#1f2430',
    },
  );
  const divY = head.bottom + 4 * u;
  const pointTop = divY + 4 * u;
  const point = text(
    c,
    'point',
    { x: 14 * u, y: pointTop, width: 75 * u, height: Math.max(0, fig.y - 3 * u - pointTop) },
    {
      weight: 400,
      maxSize: Math.round(5.2 * u),
      minSize: Math.round(3.4 * u),
      lineHeight: 1.55,
      maxLines: 6,
      fill: '#4a4f5c',
    },
  );
  const grid: string[] = [];
  for (let x = 0; x <= W; x += 6 * u)
    grid.push(`<path d="M ${f(x)} 0 V ${H}" stroke="#d9ccb0" stroke-opacity="0.45"/>`);
  for (let y = 0; y <= H; y += 6 * u)
    grid.push(`<path d="M 0 ${f(y)} H ${W}" stroke="#d9ccb0" stroke-opacity="0.45"/>`);
  const base = `<rect width="${W}" height="${H}" fill="#f5efe2"/>
  ${grid.join('')}
  ${softShadow(card, 3 * u, 2 * u, 0.8 * u, 0.14)}${rect(card, 'fill="#ffffff"', 3 * u)}
  ${rect({ x: card.x, y: card.y, width: card.width, height: 6 * u }, 'fill="#3b6fe0"', 3 * u)}
  ${rect({ x: card.x, y: card.y + 1.6 * u, width: card.width, height: 5 * u }, 'fill="#ffffff"')}
  ${softShadow({ x: fig.x - 1.4 * u, y: fig.y - 1.4 * u, width: 2 * r + 2.8 * u, height: 2 * r + 2.8 * u }, r + 1.4 * u, 2 * u, 0.8 * u, 0.14)}
  <circle cx="${f(fig.x + r)}" cy="${f(fig.y + r)}" r="${f(r + 1.4 * u)}" fill="#ffffff"/>
  <circle cx="${f(fig.x + r)}" cy="${f(fig.y + r)}" r="${f(r)}" fill="#dbe6ff"/>
  ${figureStandIn(fig, '#3b6fe0', '#3b6fe0', true)}
  ${label('KNOWLEDGE · 知识卡片', 6 * u, H - 5 * u, 3 * u, '#8a7a5c', 500)}`;
  const overlay = `${topic.svg}${head.svg}
  ${head.fitted.lines.length ? rect({ x: 11 * u, y: divY, width: 12 * u, height: 0.8 * u }, 'fill="#f2a33a"', 0.4 * u) : ''}
  ${point.fitted.lines.length ? rect({ x: 11 * u, y: point.top, width: 0.8 * u, height: point.bottom - point.top }, 'fill="#3b6fe0" fill-opacity="0.35"', 0.4 * u) : ''}
  ${point.svg}`;
  return { base, overlay, figure: { box: fig, shape: 'circle' } };
}
