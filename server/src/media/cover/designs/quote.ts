import { FONT_FAMILY } from '../../fonts/index.js';
import { f, rect } from '../../art/svg-shapes.js';
import type { Box } from '../../art/template-layout.js';
import { figureStandIn, text, v, type CoverDesign, type DesignContext } from './shared.js';

export function quote(c: DesignContext): CoverDesign {
  const { width: W, height: H } = c;
  const u = W / 100;
  const d = Math.min(36 * u, H * 0.21);
  const fig: Box = { x: W / 2 - d / 2, y: H * 0.09, width: d, height: d };
  const qTop = fig.y + d + 12 * u;
  const authorText = v(c, 'author');
  const qBottom = H - (authorText ? 22 * u : 14 * u);
  const q = text(
    c,
    'quote',
    { x: 11 * u, y: qTop, width: 78 * u, height: qBottom - qTop },
    {
      weight: 500,
      balance: true,
      maxSize: Math.round(8 * u),
      minSize: Math.round(4.6 * u),
      lineHeight: 1.45,
      maxLines: 6,
      fill: '#ffffff',
      align: 'middle',
      valign: 'middle',
    },
  );
  const author = authorText
    ? text(
        c,
        'author',
        { x: 11 * u, y: q.bottom + 6 * u, width: 78 * u, height: 5 * u },
        {
          weight: 500,
          maxSize: Math.round(4.2 * u),
          minSize: Math.round(3 * u),
          maxLines: 1,
          fill: '#f4d27a',
          align: 'middle',
        },
        (value) => `— ${value}`,
      )
    : null;
  const base = `<defs><radialGradient id="bg" cx="0.5" cy="0.3" r="0.9"><stop offset="0" stop-color="#145254"/><stop offset="1" stop-color="#071f20"/></radialGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="${f(W / 2)}" cy="${f(fig.y + d / 2)}" r="${f(d * 0.9)}" fill="none" stroke="#f4d27a" stroke-opacity="0.12" stroke-width="${f(0.3 * u)}"/>
  <circle cx="${f(W / 2)}" cy="${f(fig.y + d / 2)}" r="${f(d * 1.25)}" fill="none" stroke="#f4d27a" stroke-opacity="0.07" stroke-width="${f(0.3 * u)}"/>
  <circle cx="${f(W / 2)}" cy="${f(fig.y + d / 2)}" r="${f(d / 2)}" fill="#1d6466"/>
  ${figureStandIn(fig, '#f4d27a', '#f4d27a', true)}`;
  // The full-width quote glyphs sit at the inner side of their em box, so the opening one is
  // anchored at its end and the closing one at its start to hug the text.
  const overlay = `<circle cx="${f(W / 2)}" cy="${f(fig.y + d / 2)}" r="${f(d / 2 + 0.6 * u)}" fill="none" stroke="#f4d27a" stroke-width="${f(0.9 * u)}"/>
  <text x="${f(q.left + 1 * u)}" y="${f(q.top + 8 * u)}" font-family="${FONT_FAMILY}" font-size="${f(26 * u)}" font-weight="700" fill="#f4d27a" fill-opacity="0.28" text-anchor="end">“</text>
  <text x="${f(q.right - 1 * u)}" y="${f(q.bottom + 25 * u)}" font-family="${FONT_FAMILY}" font-size="${f(26 * u)}" font-weight="700" fill="#f4d27a" fill-opacity="0.28">”</text>
  ${q.svg}${author ? author.svg : ''}
  ${rect({ x: W / 2 - 5 * u, y: H - 7 * u, width: 10 * u, height: 0.5 * u }, 'fill="#f4d27a" fill-opacity="0.6"')}`;
  return { base, overlay, figure: { box: fig, shape: 'circle' } };
}
