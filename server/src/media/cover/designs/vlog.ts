import { dropShadowFilter, f, label, linear } from '../../art/svg-shapes.js';
import type { Box } from '../../art/template-layout.js';
import { text, v, type CoverDesign, type DesignContext } from './shared.js';

export function vlog(c: DesignContext): CoverDesign {
  const { width: W, height: H } = c;
  const u = W / 100;
  const fig: Box = { x: 0, y: 0, width: W, height: H };
  const subText = v(c, 'subtitle');
  const subH = subText ? 12 * u : 0;
  const headBottom = H - 12 * u - subH;
  const head = text(
    c,
    'headline',
    { x: 8 * u, y: headBottom - H * 0.16, width: 84 * u, height: H * 0.16 },
    {
      weight: 700,
      balance: true,
      maxSize: Math.round(12 * u),
      minSize: Math.round(6 * u),
      lineHeight: 1.15,
      maxLines: 2,
      fill: '#ffffff',
      valign: 'bottom',
      attrs: 'filter="url(#tsh)"',
    },
  );
  const sub = subText
    ? text(
        c,
        'subtitle',
        { x: 8 * u, y: head.bottom + 3.5 * u, width: 84 * u, height: 9 * u },
        {
          weight: 500,
          maxSize: Math.round(4.6 * u),
          minSize: Math.round(3.2 * u),
          lineHeight: 1.3,
          maxLines: 2,
          fill: '#ffe7c2',
          attrs: 'filter="url(#tsh)"',
        },
      )
    : null;
  const waves: string[] = [];
  for (let i = 0; i < 5; i++) {
    const y = H * (0.62 + i * 0.07);
    waves.push(
      `<path d="M 0 ${f(y)} Q ${f(W * 0.25)} ${f(y - 3 * u)} ${f(W * 0.5)} ${f(y)} T ${W} ${f(y)} V ${H} H 0 Z" fill="#1e4f7a" opacity="${(0.35 + i * 0.12).toFixed(2)}"/>`,
    );
  }
  const k = 7 * u;
  const m = 5 * u;
  const corner = (x: number, y: number, dx: number, dy: number) =>
    `<path d="M ${f(x)} ${f(y + dy * k)} V ${f(y)} H ${f(x + dx * k)}" stroke="#ffffff" stroke-width="${f(0.7 * u)}" fill="none" stroke-opacity="0.9"/>`;
  const base = `<defs>${linear('sky', [
    [0, '#ff9a62'],
    [0.45, '#ffc79a'],
    [0.62, '#ffe2b8'],
    [1, '#2a6f9e'],
  ])}</defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${f(W * 0.5)}" cy="${f(H * 0.6)}" r="${f(16 * u)}" fill="#fff4d6" opacity="0.95"/>
  ${waves.join('')}`;
  const overlay = `<defs>${linear('fade', [
    [0.45, '#000000', 0],
    [1, '#000000', 0.62],
  ])}${dropShadowFilter('tsh', 0.3 * u, 0.8 * u, 0.45)}</defs>
  <rect width="${W}" height="${H}" fill="url(#fade)"/>
  ${corner(m, m, 1, 1)}${corner(W - m, m, -1, 1)}${corner(m, H - m, 1, -1)}${corner(W - m, H - m, -1, -1)}
  <circle cx="${f(m + 5 * u)}" cy="${f(m + 6 * u)}" r="${f(1.4 * u)}" fill="#ff3b30"/>
  ${label('REC', m + 8 * u, m + 7.3 * u, 3.6 * u, '#ffffff', 700)}
  ${label('VLOG', W - m - 4 * u, m + 7.3 * u, 3.6 * u, '#ffffff', 700, 'end')}
  ${head.svg}${sub ? sub.svg : ''}`;
  return { base, overlay, figure: { box: fig, shape: 'rect' } };
}
