import { f, label, linear, rect, softShadow } from '../../art/svg-shapes.js';
import type { Box } from '../../art/template-layout.js';
import { figureStandIn, text, v, type CoverDesign, type DesignContext } from './shared.js';

export function list(c: DesignContext): CoverDesign {
  const { width: W, height: H } = c;
  const u = W / 100;
  const headerH = H * 0.27;
  const head = text(
    c,
    'headline',
    { x: 8 * u, y: 13 * u, width: 84 * u, height: headerH - 18 * u },
    {
      weight: 700,
      balance: true,
      maxSize: Math.round(11 * u),
      minSize: Math.round(6 * u),
      lineHeight: 1.15,
      maxLines: 2,
      fill: '#ffffff',
      valign: 'middle',
    },
  );
  const rowH = H * 0.085;
  const gap = 2.6 * u;
  const firstRow = headerH + 5 * u;
  const colors = ['#2f6bff', '#ff7a45', '#19b394'];
  const rows: string[] = [];
  for (let i = 0; i < 3; i++) {
    const y = firstRow + i * (rowH + gap);
    const name = `item_${i + 1}`;
    if (!v(c, name)) continue;
    const t = text(
      c,
      name,
      { x: 8 * u + rowH + 2 * u, y: y + rowH * 0.18, width: 84 * u - rowH - 6 * u, height: rowH * 0.64 },
      {
        weight: 700,
        maxSize: Math.round(5.2 * u),
        minSize: Math.round(3.4 * u),
        lineHeight: 1.2,
        maxLines: 2,
        fill: '#1f2430',
        valign: 'middle',
      },
    );
    const cx = 8 * u + rowH * 0.55;
    rows.push(`${softShadow({ x: 6 * u, y, width: 88 * u, height: rowH }, 2.4 * u, 1.2 * u, 0.6 * u, 0.1)}${rect({ x: 6 * u, y, width: 88 * u, height: rowH }, 'fill="#ffffff"', 2.4 * u)}
      <circle cx="${f(cx)}" cy="${f(y + rowH / 2)}" r="${f(rowH * 0.32)}" fill="${colors[i]}"/>
      ${label(String(i + 1), cx, y + rowH / 2 + rowH * 0.13, rowH * 0.38, '#ffffff', 700, 'middle')}
      ${t.svg}`);
  }
  const figTop = firstRow + 3 * (rowH + gap) + 2 * u;
  const fig: Box = { x: W * 0.42, y: figTop, width: W * 0.58, height: H - figTop };
  const base = `<defs>${linear(
    'hd',
    [
      [0, '#3f7bff'],
      [1, '#2456e0'],
    ],
    1,
    1,
  )}</defs>
  <rect width="${W}" height="${H}" fill="#eef3ff"/>
  <path d="M 0 0 H ${W} V ${f(headerH)} Q ${f(W / 2)} ${f(headerH + 6 * u)} 0 ${f(headerH)} Z" fill="url(#hd)"/>
  <circle cx="${f(W * 0.9)}" cy="${f(headerH * 0.2)}" r="${f(16 * u)}" fill="#ffffff" opacity="0.08"/>
  ${rect(fig, 'fill="#dfe8ff"', 0)}
  ${figureStandIn(fig, '#2f6bff', '#2f6bff')}
  ${label('收藏备用', 8 * u, H - 12 * u, 4 * u, '#2f6bff', 700)}
  ${label('SAVE FOR LATER', 8 * u, H - 7 * u, 2.8 * u, '#2f6bff', 500, 'start', 'fill-opacity="0.6"')}
  <path d="M ${f(8 * u)} ${f(H - 25 * u)} h ${f(7 * u)} v ${f(9 * u)} l ${f(-3.5 * u)} ${f(-2.6 * u)} l ${f(-3.5 * u)} ${f(2.6 * u)} Z" fill="#ff7a45"/>`;
  const overlay = `${rect({ x: 8 * u, y: 5 * u, width: 17 * u, height: 6 * u }, 'fill="#ffe14d"', 3 * u)}
  ${label('TOP 3', 16.5 * u, 9.3 * u, 3.6 * u, '#2456e0', 700, 'middle')}
  ${head.svg}${rows.join('')}`;
  return { base, overlay, figure: { box: fig, shape: 'rounded', radius: 0 } };
}
