import { f, linear, rect } from '../../art/svg-shapes.js';
import type { Box } from '../../art/template-layout.js';
import { figureStandIn, pill, text, type CoverDesign, type DesignContext } from './shared.js';

export function boldHeadline(c: DesignContext): CoverDesign {
  const { width: W, height: H } = c;
  const u = W / 100;
  const fig: Box = { x: 0, y: H * 0.4, width: W, height: H * 0.6 };
  const head = text(
    c,
    'headline',
    { x: 7 * u, y: H * 0.075, width: 86 * u, height: H * 0.2 },
    {
      weight: 700,
      balance: true,
      maxSize: Math.round(15 * u),
      minSize: Math.round(6.5 * u),
      lineHeight: 1.12,
      maxLines: 3,
      fill: '#ffffff',
    },
  );
  const bar = head.fitted.lines.length
    ? rect({ x: 7 * u, y: head.bottom + 2.2 * u, width: 16 * u, height: 1.4 * u }, 'fill="#ffd400"', 0.7 * u)
    : '';
  const sub = pill(
    c,
    'subtitle',
    { x: 7 * u, y: head.bottom + 6 * u, maxWidth: 86 * u, align: 'start' },
    {
      size: Math.round(4.6 * u),
      fill: '#111111',
      bg: '#ffd400',
      padX: 3 * u,
      padY: 1.6 * u,
    },
  );
  const base = `<rect width="${W}" height="${H}" fill="#151517"/>
  <path d="M ${f(W * 0.62)} 0 L ${W} 0 L ${W} ${f(H * 0.22)} Z" fill="#ffd400" opacity="0.9"/>
  <path d="M ${f(W * 0.78)} 0 L ${W} 0 L ${W} ${f(H * 0.1)} Z" fill="#ffffff" opacity="0.9"/>
  ${figureStandIn(fig, '#ffd400', '#ffd400')}`;
  const overlay = `<defs>${linear('fade', [
    [0, '#151517', 1],
    [0.35, '#151517', 0],
  ])}${linear('fadeb', [
    [0.7, '#000000', 0],
    [1, '#000000', 0.45],
  ])}</defs>
  ${rect(fig, 'fill="url(#fade)"')}${rect(fig, 'fill="url(#fadeb)"')}
  ${head.svg}${bar}${sub.svg}
  ${rect({ x: 7 * u, y: H - 7 * u, width: 6 * u, height: 0.8 * u }, 'fill="#ffd400"')}`;
  return { base, overlay, figure: { box: fig, shape: 'rect' } };
}
