import { dropShadowFilter, f, label, linear, rect, softShadow, starburst } from '../../art/svg-shapes.js';
import type { Box } from '../../art/template-layout.js';
import { figureStandIn, pill, text, v, type CoverDesign, type DesignContext } from './shared.js';

export function product(c: DesignContext): CoverDesign {
  const { width: W, height: H } = c;
  const u = W / 100;
  const prod = text(
    c,
    'product',
    { x: 8 * u, y: H * 0.055, width: 84 * u, height: H * 0.13 },
    {
      weight: 700,
      balance: true,
      maxSize: Math.round(13 * u),
      minSize: Math.round(6 * u),
      lineHeight: 1.15,
      maxLines: 2,
      fill: '#ffffff',
      align: 'middle',
      valign: 'middle',
      attrs: 'filter="url(#tsh)"',
    },
  );
  const sell = pill(
    c,
    'selling_point',
    { x: W / 2, y: prod.bottom + 3 * u, maxWidth: 86 * u, align: 'middle' },
    {
      size: Math.round(4.4 * u),
      fill: '#d6244f',
      bg: '#ffffff',
      padX: 3.4 * u,
      padY: 1.5 * u,
    },
  );
  const figTop = Math.max(H * 0.27, sell.bottom + 4 * u);
  const ctaH = Math.round(9 * u);
  const ctaY = H - 8 * u - ctaH;
  const fig: Box = { x: 10 * u, y: figTop, width: 80 * u, height: ctaY - 6 * u - figTop };
  const cta = v(c, 'cta')
    ? text(
        c,
        'cta',
        { x: 20 * u, y: ctaY + (ctaH - 4.8 * u) / 2, width: 60 * u, height: 4.8 * u * 1.1 },
        {
          weight: 700,
          maxSize: Math.round(4.8 * u),
          minSize: Math.round(3 * u),
          maxLines: 1,
          fill: '#7a1030',
          align: 'middle',
        },
        (value) => `${value} →`,
      )
    : null;
  const ctaW = cta ? cta.fitted.width + 12 * u : 0;
  const stripes: string[] = [];
  for (let x = -H; x < W; x += 8 * u) {
    stripes.push(
      `<path d="M ${f(x)} ${H} L ${f(x + H)} 0" stroke="#ffffff" stroke-opacity="0.07" stroke-width="${f(2.4 * u)}"/>`,
    );
  }
  const sr = 8 * u;
  const sx = fig.x + fig.width - 2 * u;
  const sy = fig.y + 2 * u;
  const base = `<defs>${linear(
    'bg',
    [
      [0, '#ff9a3c'],
      [1, '#ff2e7e'],
    ],
    0.5,
    1,
  )}</defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${stripes.join('')}
  <circle cx="${f(W * 0.92)}" cy="${f(H * 0.08)}" r="${f(26 * u)}" fill="#ffffff" opacity="0.12"/>
  <circle cx="${f(W * 0.04)}" cy="${f(H * 0.62)}" r="${f(20 * u)}" fill="#ffffff" opacity="0.1"/>
  ${softShadow({ x: fig.x - 1.4 * u, y: fig.y - 1.4 * u, width: fig.width + 2.8 * u, height: fig.height + 2.8 * u }, 5 * u, 2.4 * u, 1.2 * u, 0.22)}
  ${rect({ x: fig.x - 1.4 * u, y: fig.y - 1.4 * u, width: fig.width + 2.8 * u, height: fig.height + 2.8 * u }, 'fill="#ffffff"', 5 * u)}
  ${rect(fig, 'fill="#fff1e8"', 4 * u)}
  ${figureStandIn(fig, '#ff7a59', '#ff7a59')}`;
  const overlay = `<defs>${dropShadowFilter('tsh', 0.4 * u, 0.6 * u, 0.3)}</defs>
  ${prod.svg}${sell.svg}
  <polygon points="${starburst(sx, sy + 0.6 * u, sr)}" fill="#000" fill-opacity="0.15"/><polygon points="${starburst(sx, sy, sr)}" fill="#ffe14d"/>
  ${label('NEW', sx, sy + 1.5 * u, 4 * u, '#d6244f', 700, 'middle')}
  ${cta ? `${softShadow({ x: W / 2 - ctaW / 2, y: ctaY, width: ctaW, height: ctaH }, ctaH / 2, 1.2 * u, 0.6 * u, 0.2)}${rect({ x: W / 2 - ctaW / 2, y: ctaY, width: ctaW, height: ctaH }, 'fill="#ffe14d"', ctaH / 2)}${cta.svg}` : ''}`;
  return { base, overlay, figure: { box: fig, shape: 'rounded', radius: 4 * u } };
}
