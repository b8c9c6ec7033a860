import { f, label, linear, rect } from '../../art/svg-shapes.js';
import type { Box } from '../../art/template-layout.js';
import { figureStandIn, pill, text, type CoverDesign, type DesignContext } from './shared.js';

export function news(c: DesignContext): CoverDesign {
  const { width: W, height: H } = c;
  const u = W / 100;
  const fig: Box = { x: 0, y: 0, width: W, height: H * 0.58 };
  const tagY = H * 0.52;
  const tag = pill(
    c,
    'tag',
    { x: 6 * u, y: tagY, maxWidth: 40 * u, align: 'start' },
    {
      size: Math.round(4.6 * u),
      fill: '#ffffff',
      bg: '#e03131',
      padX: 3 * u,
      padY: 1.4 * u,
    },
  );
  const headTop = tagY + 4.6 * u + 2.8 * u + 3.5 * u;
  const head = text(
    c,
    'headline',
    { x: 6 * u, y: headTop, width: 88 * u, height: H * 0.2 },
    {
      weight: 700,
      balance: true,
      maxSize: Math.round(9.5 * u),
      minSize: Math.round(5 * u),
      lineHeight: 1.2,
      maxLines: 3,
      fill: '#ffffff',
    },
  );
  const lineY = head.bottom + 3.5 * u;
  const sumTop = lineY + 3.5 * u;
  const sum = text(
    c,
    'summary',
    { x: 6 * u, y: sumTop, width: 88 * u, height: Math.max(0, H - 11 * u - sumTop) },
    {
      weight: 400,
      maxSize: Math.round(4.6 * u),
      minSize: Math.round(3.4 * u),
      lineHeight: 1.45,
      maxLines: 4,
      fill: '#c8d6f2',
    },
  );
  const grid: string[] = [];
  for (let x = 0; x <= W; x += 9 * u)
    grid.push(`<path d="M ${f(x)} 0 V ${f(fig.height)}" stroke="#ffffff" stroke-opacity="0.05"/>`);
  for (let y = 0; y <= fig.height; y += 9 * u)
    grid.push(`<path d="M 0 ${f(y)} H ${W}" stroke="#ffffff" stroke-opacity="0.05"/>`);
  const base = `<defs>${linear('bg', [
    [0, '#0c2d6b'],
    [1, '#051331'],
  ])}</defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${grid.join('')}
  <circle cx="${f(W * 0.5)}" cy="${f(fig.height * 0.45)}" r="${f(30 * u)}" fill="none" stroke="#4da3ff" stroke-opacity="0.25" stroke-width="${f(0.4 * u)}"/>
  <ellipse cx="${f(W * 0.5)}" cy="${f(fig.height * 0.45)}" rx="${f(13 * u)}" ry="${f(30 * u)}" fill="none" stroke="#4da3ff" stroke-opacity="0.2" stroke-width="${f(0.4 * u)}"/>
  <path d="M ${f(W * 0.5 - 30 * u)} ${f(fig.height * 0.45)} H ${f(W * 0.5 + 30 * u)}" stroke="#4da3ff" stroke-opacity="0.2" stroke-width="${f(0.4 * u)}"/>
  ${figureStandIn(fig, '#2f6bd6', '#8fb8ff')}`;
  const overlay = `<defs>${linear('fade', [
    [0.55, '#051331', 0],
    [1, '#071a42', 1],
  ])}${linear(
    'red',
    [
      [0, '#e03131'],
      [1, '#a51d1d'],
    ],
    1,
    0,
  )}</defs>
  ${rect(fig, 'fill="url(#fade)"')}
  ${rect({ x: 0, y: 4 * u, width: 26 * u, height: 7 * u }, 'fill="url(#red)"')}
  ${label('BREAKING', 3.5 * u, 9.2 * u, 4 * u, '#ffffff', 700)}
  ${tag.svg}${head.svg}
  ${rect({ x: 6 * u, y: lineY, width: 88 * u, height: 0.35 * u }, 'fill="#e03131" fill-opacity="0.8"')}
  ${sum.svg}
  ${rect({ x: 0, y: H - 6 * u, width: W, height: 6 * u }, 'fill="#e03131"')}
  ${rect({ x: 0, y: H - 6 * u, width: 20 * u, height: 6 * u }, 'fill="#ffffff"')}
  ${label('LIVE', 10 * u, H - 1.6 * u, 3.2 * u, '#e03131', 700, 'middle')}
  ${label('新闻 · NEWS', 24 * u, H - 1.7 * u, 3 * u, '#ffffff', 500)}`;
  return { base, overlay, figure: { box: fig, shape: 'rect' } };
}
