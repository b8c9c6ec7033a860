import type { Box, TemplateLayout } from './template-layout.js';
import type { TemplateLook } from './templates.js';
import {
  dropShadowFilter,
  f,
  grow,
  label,
  linear as linearStops,
  rect,
  softShadow,
  starburst,
} from './svg-shapes.js';
import { fitText, textBlockSvg, type FittedText } from './text-layout.js';

/** What a look needs to draw a background; it returns the SVG body (no <svg> wrapper). */
export interface LookContext {
  width: number;
  height: number;
  layout: TemplateLayout;
  title: string;
}

type Align = 'start' | 'middle';

/** Fits the work's title into the title box (inset by `pad`) and centres it vertically. */
function title(
  c: LookContext,
  o: { fill: string; align?: Align; pad?: number; weight?: 500 | 700; attrs?: string; scale?: number },
): { svg: string; fitted: FittedText; box: Box } {
  const pad = o.pad ?? 0;
  const b = grow(c.layout.titleBox, -pad);
  const base = Math.min(c.width, c.height);
  const fitted = fitText(c.title, b, {
    weight: o.weight ?? 700,
    maxSize: Math.round(base * 0.085 * (o.scale ?? 1)),
    minSize: Math.round(base * 0.035),
    lineHeight: 1.22,
    maxLines: 3,
  });
  const top = b.y + (b.height - fitted.height) / 2;
  const align = o.align ?? 'middle';
  const x = align === 'middle' ? b.x + b.width / 2 : b.x;
  return {
    svg: textBlockSvg(fitted, { x, y: top, fill: o.fill, anchor: align, attrs: o.attrs }),
    fitted,
    box: b,
  };
}

function linear(id: string, from: string, to: string, x2 = 0, y2 = 1): string {
  return linearStops(
    id,
    [
      [0, from],
      [1, to],
    ],
    x2,
    y2,
  );
}

function news(c: LookContext): string {
  const { width: w, height: h, layout: L } = c;
  const u = Math.min(w, h) / 100;
  const grid: string[] = [];
  for (let x = 0; x < w; x += 12 * u)
    grid.push(`<path d="M ${f(x)} 0 V ${h}" stroke="#ffffff" stroke-opacity="0.04"/>`);
  for (let y = 0; y < h; y += 12 * u)
    grid.push(`<path d="M 0 ${f(y)} H ${w}" stroke="#ffffff" stroke-opacity="0.04"/>`);
  const t = title(c, { fill: '#ffffff', align: 'start', pad: 3 * u });
  const tb = L.titleBox;
  const tickerH = Math.max(6 * u, h - (L.subtitleBox.y + L.subtitleBox.height) - 1.5 * u);
  const tickerY = h - tickerH;
  return `<defs>${linear('bg', '#0d2a63', '#050f26', 0.3, 1)}${linear('red', '#e03131', '#a51d1d', 1, 0)}</defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${grid.join('')}
  <circle cx="${f(w * 0.85)}" cy="${f(h * 0.3)}" r="${f(Math.max(w, h) * 0.35)}" fill="#2f6bd6" opacity="0.12"/>
  ${rect({ x: tb.x - 1.2 * u, y: tb.y, width: tb.width + 2.4 * u, height: tb.height }, 'fill="#ffffff" fill-opacity="0.07"', u)}
  ${rect({ x: tb.x - 1.2 * u, y: tb.y, width: 1.4 * u, height: tb.height }, 'fill="#e03131"')}
  ${rect({ x: tb.x - 1.2 * u, y: tb.y - 6 * u, width: 22 * u, height: 5 * u }, 'fill="url(#red)"', 0.8 * u)}
  ${label('NEWS · 新闻', tb.x + 0.4 * u, tb.y - 2.2 * u, 3 * u, '#ffffff')}
  ${t.svg}
  ${rect(grow(L.avatarBox, 0.8 * u), 'fill="#0a1a3f" stroke="#4da3ff" stroke-opacity="0.7" stroke-width="' + f(0.5 * u) + '"', 1.5 * u)}
  ${rect(L.subtitleBox, 'fill="#000000" fill-opacity="0.28"', 1.5 * u)}
  <rect x="0" y="${f(tickerY)}" width="${w}" height="${f(tickerH)}" fill="#0b1a3a"/>
  <rect x="0" y="${f(tickerY)}" width="${f(16 * u)}" height="${f(tickerH)}" fill="url(#red)"/>
  ${label('LIVE', 8 * u, tickerY + tickerH / 2 + 1.3 * u, 3.6 * u, '#ffffff', 700, 'middle')}
  <rect x="${f(16 * u)}" y="${f(tickerY)}" width="${f(w - 16 * u)}" height="${f(0.4 * u)}" fill="#e03131"/>`;
}

function vlog(c: LookContext): string {
  const { width: w, height: h, layout: L } = c;
  const u = Math.min(w, h) / 100;
  const dots: string[] = [];
  for (let y = 4 * u; y < h; y += 6 * u) {
    for (let x = 4 * u; x < w; x += 6 * u)
      dots.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(0.35 * u)}"/>`);
  }
  const t = title(c, { fill: '#4a2f23', pad: 2 * u });
  const hl = t.fitted;
  const lastY = t.box.y + (t.box.height - hl.height) / 2 + (hl.lines.length - 1) * hl.lineHeightPx;
  const hlW = Math.min(hl.width + 4 * u, t.box.width);
  const av = L.avatarBox;
  return `<defs>${linear('bg', '#fff7ec', '#ffe6d6')}</defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <g fill="#e8b9a0" opacity="0.45">${dots.join('')}</g>
  <circle cx="${f(w * 0.08)}" cy="${f(h * 0.12)}" r="${f(18 * u)}" fill="#ffc7d1" opacity="0.6"/>
  <circle cx="${f(w * 0.95)}" cy="${f(h * 0.55)}" r="${f(22 * u)}" fill="#c9ecd9" opacity="0.7"/>
  <circle cx="${f(w * 0.1)}" cy="${f(h * 0.92)}" r="${f(16 * u)}" fill="#ffe08a" opacity="0.6"/>
  <rect x="${f(t.box.x + (t.box.width - hlW) / 2)}" y="${f(lastY + hl.fontSize * 0.62)}" width="${f(hlW)}" height="${f(hl.fontSize * 0.34)}" rx="${f(hl.fontSize * 0.17)}" fill="#ffd166" opacity="0.8"/>
  ${t.svg}
  ${softShadow(grow(av, 1.6 * u), 3 * u, 2 * u, u, 0.16)}${rect(grow(av, 1.6 * u), 'fill="#ffffff"', 3 * u)}
  ${rect({ x: av.x + av.width - 26 * u, y: av.y - 6.6 * u, width: 24 * u, height: 4.4 * u }, 'fill="#ff9eb1"', 2.2 * u)}
  ${label('VLOG · 今日分享', av.x + av.width - 14 * u, av.y - 3.4 * u, 2.6 * u, '#ffffff', 700, 'middle')}
  ${rect(L.subtitleBox, 'fill="#ffffff" fill-opacity="0.55"', 2 * u)}`;
}

function product(c: LookContext): string {
  const { width: w, height: h, layout: L } = c;
  const u = Math.min(w, h) / 100;
  const stripes: string[] = [];
  for (let x = -h; x < w; x += 9 * u) {
    stripes.push(
      `<path d="M ${f(x)} ${h} L ${f(x + h)} 0" stroke="#ffffff" stroke-opacity="0.07" stroke-width="${f(2.5 * u)}"/>`,
    );
  }
  // The badge sits at the right end of the title band (the avatar box is covered by the video).
  const tb = c.layout.titleBox;
  const r = Math.min(8 * u, tb.height * 0.45);
  const bx = tb.x + tb.width - r;
  const by = tb.y + tb.height / 2;
  const t = title(
    { ...c, layout: { ...L, titleBox: { ...tb, x: tb.x + 2 * r, width: tb.width - 4 * r } } },
    { fill: '#ffffff', pad: 1 * u, attrs: 'filter="url(#tsh)"' },
  );
  const av = L.avatarBox;
  return `<defs>${linear('bg', '#ff9a3c', '#ff3d7f', 0.6, 1)}${dropShadowFilter('tsh', 0.4 * u, 0.6 * u, 0.35)}</defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${stripes.join('')}
  <circle cx="${f(w * 0.9)}" cy="${f(h * 0.1)}" r="${f(30 * u)}" fill="#ffffff" opacity="0.12"/>
  <circle cx="${f(w * 0.05)}" cy="${f(h * 0.75)}" r="${f(24 * u)}" fill="#ffffff" opacity="0.1"/>
  ${t.svg}
  ${softShadow(grow(av, 1.4 * u), 3.5 * u, 2.4 * u, 1.2 * u, 0.22)}${rect(grow(av, 1.4 * u), 'fill="#ffffff"', 3.5 * u)}
  <polygon points="${starburst(bx, by + 0.6 * u, r)}" fill="#000" fill-opacity="0.15"/><polygon points="${starburst(bx, by, r)}" fill="#ffe14d"/>
  ${label('NEW', bx, by + r * 0.17, r * 0.48, '#d6244f', 700, 'middle')}
  ${rect(L.subtitleBox, 'fill="#000000" fill-opacity="0.18"', 2.5 * u)}`;
}

function classroom(c: LookContext): string {
  const { width: w, height: h, layout: L } = c;
  const u = Math.min(w, h) / 100;
  const board = grow(L.titleBox, 3 * u);
  const t = title(c, { fill: '#f4f1e4', pad: 3 * u, weight: 500 });
  const av = L.avatarBox;
  const doodleY = board.y + board.height - 3 * u;
  return `<defs>${linear('wall', '#f3e9d2', '#e6d5b1')}${linear('board', '#2f5d46', '#244a37', 0.4, 1)}</defs>
  <rect width="${w}" height="${h}" fill="url(#wall)"/>
  <rect x="0" y="${f(h * 0.88)}" width="${w}" height="${f(h * 0.12)}" fill="#c9a878"/>
  ${softShadow(grow(board, 1.6 * u), 1.2 * u, 1.6 * u, 0.8 * u, 0.25)}${rect(grow(board, 1.6 * u), 'fill="#8b5a2b"', 1.2 * u)}
  ${rect(board, 'fill="url(#board)"', 0.6 * u)}
  <path d="M ${f(board.x + 3 * u)} ${f(board.y + 4 * u)} q ${f(3 * u)} ${f(-2 * u)} ${f(6 * u)} 0 t ${f(6 * u)} 0" stroke="#f4f1e4" stroke-opacity="0.35" stroke-width="${f(0.4 * u)}" fill="none"/>
  ${label('a² + b² = c²', board.x + board.width - 3 * u, board.y + 5 * u, 3 * u, '#f4f1e4', 400, 'end', 'fill-opacity="0.4"')}
  <path d="M ${f(board.x + board.width * 0.25)} ${f(doodleY)} H ${f(board.x + board.width * 0.75)}" stroke="#ffd966" stroke-opacity="0.55" stroke-width="${f(0.5 * u)}" stroke-dasharray="${f(2 * u)} ${f(1 * u)}"/>
  ${rect({ x: board.x + board.width * 0.1, y: board.y + board.height + 1.6 * u, width: board.width * 0.8, height: 1.2 * u }, 'fill="#6f4520"')}
  ${rect({ x: board.x + board.width * 0.7, y: board.y + board.height + 0.8 * u, width: 4 * u, height: 0.9 * u }, 'fill="#ffffff"', 0.4 * u)}
  ${t.svg}
  ${softShadow(grow(av, 1.2 * u), 1.5 * u, 1.6 * u, 0.8 * u, 0.22)}${rect(grow(av, 1.2 * u), 'fill="#fffaf0"', 1.5 * u)}
  ${rect(L.subtitleBox, 'fill="#ffffff" fill-opacity="0.45"', 1.5 * u)}`;
}

function tech(c: LookContext): string {
  const { width: w, height: h, layout: L } = c;
  const u = Math.min(w, h) / 100;
  const lines: string[] = [];
  const horizon = h * 0.55;
  for (let i = -12; i <= 12; i++) {
    lines.push(
      `<path d="M ${f(w / 2 + i * 3 * u)} ${f(horizon)} L ${f(w / 2 + i * 22 * u)} ${h}" stroke="#22d3ee" stroke-opacity="0.12"/>`,
    );
  }
  for (let k = 1; k < 9; k++) {
    const y = horizon + (h - horizon) * (k / 8) ** 1.8;
    lines.push(`<path d="M 0 ${f(y)} H ${w}" stroke="#22d3ee" stroke-opacity="0.12"/>`);
  }
  const t = title(c, { fill: '#e6fbff', align: 'start', pad: 1.5 * u, attrs: 'filter="url(#glow)"' });
  const av = grow(L.avatarBox, 1.2 * u);
  const k = 5 * u;
  const corner = (x: number, y: number, dx: number, dy: number) =>
    `<path d="M ${f(x)} ${f(y + dy * k)} V ${f(y)} H ${f(x + dx * k)}" stroke="#22d3ee" stroke-width="${f(0.6 * u)}" fill="none"/>`;
  const tb = L.titleBox;
  return `<defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#10254a"/><stop offset="1" stop-color="#040814"/></radialGradient>
    <filter id="glow" x="-10%" y="-30%" width="120%" height="160%"><feGaussianBlur stdDeviation="${f(0.8 * u)}" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${lines.join('')}
  <circle cx="${f(w * 0.2)}" cy="${f(h * 0.15)}" r="${f(25 * u)}" fill="#3b82f6" opacity="0.08"/>
  ${label('TECH BRIEFING', tb.x + 1.5 * u, tb.y - 1.5 * u, 2.8 * u, '#22d3ee', 500)}
  <path d="M ${f(tb.x + 1.5 * u)} ${f(tb.y + tb.height)} h ${f(14 * u)}" stroke="#22d3ee" stroke-width="${f(0.6 * u)}"/>
  ${t.svg}
  ${rect(av, 'fill="#0b1830" stroke="#22d3ee" stroke-opacity="0.25"', 0)}
  ${corner(av.x, av.y, 1, 1)}${corner(av.x + av.width, av.y, -1, 1)}${corner(av.x, av.y + av.height, 1, -1)}${corner(av.x + av.width, av.y + av.height, -1, -1)}
  ${rect(L.subtitleBox, 'fill="#000000" fill-opacity="0.35" stroke="#22d3ee" stroke-opacity="0.2"', 1 * u)}`;
}

function festive(c: LookContext): string {
  const { width: w, height: h, layout: L } = c;
  const u = Math.min(w, h) / 100;
  const lantern = (x: number, s: number) => `
    <path d="M ${f(x)} 0 V ${f(6 * s)}" stroke="#f5c451" stroke-width="${f(0.4 * s)}"/>
    <ellipse cx="${f(x)}" cy="${f(12 * s)}" rx="${f(6.5 * s)}" ry="${f(5.5 * s)}" fill="#e0262f" stroke="#f5c451" stroke-width="${f(0.4 * s)}"/>
    <path d="M ${f(x)} ${f(6.5 * s)} V ${f(17.5 * s)} M ${f(x - 3.5 * s)} ${f(7.5 * s)} Q ${f(x - 6 * s)} ${f(12 * s)} ${f(x - 3.5 * s)} ${f(16.5 * s)} M ${f(x + 3.5 * s)} ${f(7.5 * s)} Q ${f(x + 6 * s)} ${f(12 * s)} ${f(x + 3.5 * s)} ${f(16.5 * s)}" stroke="#f5c451" stroke-opacity="0.7" stroke-width="${f(0.3 * s)}" fill="none"/>
    <rect x="${f(x - 2.5 * s)}" y="${f(5.8 * s)}" width="${f(5 * s)}" height="${f(1.4 * s)}" fill="#f5c451"/>
    <rect x="${f(x - 2.5 * s)}" y="${f(16.8 * s)}" width="${f(5 * s)}" height="${f(1.4 * s)}" fill="#f5c451"/>
    <path d="M ${f(x)} ${f(18.2 * s)} V ${f(23 * s)}" stroke="#f5c451" stroke-width="${f(0.8 * s)}"/>`;
  const clouds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = (w / 5) * i;
    clouds.push(
      `<circle cx="${f(x)}" cy="${h}" r="${f(9 * u)}" fill="none" stroke="#f5c451" stroke-opacity="0.35" stroke-width="${f(0.5 * u)}"/>`,
    );
    clouds.push(
      `<circle cx="${f(x)}" cy="${h}" r="${f(5 * u)}" fill="none" stroke="#f5c451" stroke-opacity="0.35" stroke-width="${f(0.5 * u)}"/>`,
    );
  }
  const t = title(c, { fill: '#ffd86b', pad: 1 * u, attrs: 'filter="url(#tsh)"', scale: 0.9 });
  const frame = { x: 2 * u, y: 2 * u, width: w - 4 * u, height: h - 4 * u };
  return `<defs><radialGradient id="bg" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="#c8161f"/><stop offset="1" stop-color="#7a0a10"/></radialGradient>${dropShadowFilter('tsh', 0.3 * u, 0.5 * u, 0.4)}</defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${rect(frame, 'fill="none" stroke="#f5c451" stroke-width="' + f(0.6 * u) + '"', 1.5 * u)}
  ${rect(grow(frame, -1.2 * u), 'fill="none" stroke="#f5c451" stroke-opacity="0.5" stroke-width="' + f(0.25 * u) + '"', 1 * u)}
  ${clouds.join('')}
  ${lantern(w * 0.07, u * 0.9)}${lantern(w * 0.93, u * 0.9)}
  ${t.svg}
  ${softShadow(grow(L.avatarBox, 1 * u), 2 * u, 1.6 * u, 0.8 * u, 0.3)}${rect(grow(L.avatarBox, 1 * u), 'fill="#f5c451"', 2 * u)}
  ${rect(L.subtitleBox, 'fill="#000000" fill-opacity="0.22"', 2 * u)}`;
}

function minimal(c: LookContext): string {
  const { width: w, height: h, layout: L } = c;
  const u = Math.min(w, h) / 100;
  const t = title(c, { fill: '#16181d', align: 'start', pad: 1 * u, scale: 0.85 });
  const tb = L.titleBox;
  return `<rect width="${w}" height="${h}" fill="#f6f5f1"/>
  <rect x="${f(tb.x)}" y="${f(tb.y - 2.5 * u)}" width="${f(3 * u)}" height="${f(3 * u)}" fill="#2f6bff"/>
  <path d="M ${f(tb.x + 5 * u)} ${f(tb.y - 1 * u)} H ${f(tb.x + tb.width)}" stroke="#16181d" stroke-opacity="0.25" stroke-width="${f(0.25 * u)}"/>
  ${t.svg}
  ${rect(grow(L.avatarBox, 0.8 * u), 'fill="#e9e7e1"', 1.2 * u)}
  <path d="M ${f(L.subtitleBox.x)} ${f(h - 2.5 * u)} H ${f(L.subtitleBox.x + L.subtitleBox.width)}" stroke="#16181d" stroke-opacity="0.15" stroke-width="${f(0.25 * u)}"/>`;
}

function finance(c: LookContext): string {
  const { width: w, height: h, layout: L } = c;
  const u = Math.min(w, h) / 100;
  const candles: string[] = [];
  const base = h * 0.5;
  let v = 0;
  for (let i = 0; i < 16; i++) {
    const x = w * 0.04 + i * (w * 0.06);
    const open = v;
    v += Math.sin(i * 1.7) * 4 * u + 1.2 * u;
    const top = base - Math.max(open, v);
    const bottom = base - Math.min(open, v);
    const up = v >= open;
    const col = up ? '#22c55e' : '#ef4444';
    candles.push(
      `<path d="M ${f(x + 1.2 * u)} ${f(top - 2 * u)} V ${f(bottom + 2 * u)}" stroke="${col}" stroke-opacity="0.25" stroke-width="${f(0.3 * u)}"/>`,
    );
    candles.push(
      `<rect x="${f(x)}" y="${f(top)}" width="${f(2.4 * u)}" height="${f(Math.max(0.6 * u, bottom - top))}" fill="${col}" opacity="0.2"/>`,
    );
  }
  const pts: string[] = [];
  for (let i = 0; i <= 20; i++)
    pts.push(`${f((w * i) / 20)},${f(h * 0.78 - i * 1.2 * u - Math.sin(i * 1.3) * 3 * u)}`);
  const t = title(c, { fill: '#ffffff', align: 'start', pad: 1.5 * u });
  const tb = L.titleBox;
  return `<defs>${linear('bg', '#0f2a24', '#07130f', 0.2, 1)}${linear('gold', '#f4d27a', '#c99a2e', 1, 0)}</defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${candles.join('')}
  <polyline points="${pts.join(' ')}" fill="none" stroke="#f4d27a" stroke-opacity="0.35" stroke-width="${f(0.5 * u)}"/>
  ${rect({ x: tb.x, y: tb.y - 5.5 * u, width: 24 * u, height: 4.5 * u }, 'fill="url(#gold)"', 0.6 * u)}
  ${label('MARKET · 财经', tb.x + 12 * u, tb.y - 2.2 * u, 2.6 * u, '#0f2a24', 700, 'middle')}
  ${t.svg}
  <path d="M ${f(tb.x + 1.5 * u)} ${f(tb.y + tb.height)} H ${f(tb.x + tb.width)}" stroke="url(#gold)" stroke-width="${f(0.4 * u)}"/>
  ${rect(grow(L.avatarBox, 0.8 * u), 'fill="#0b1d18" stroke="#f4d27a" stroke-opacity="0.6" stroke-width="' + f(0.3 * u) + '"', 1 * u)}
  ${rect(L.subtitleBox, 'fill="#000000" fill-opacity="0.3"', 1 * u)}`;
}

const LOOKS: Record<TemplateLook, (c: LookContext) => string> = {
  news,
  vlog,
  product,
  classroom,
  tech,
  festive,
  minimal,
  finance,
};

export function lookSvg(look: TemplateLook, c: LookContext): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${c.width}" height="${c.height}" viewBox="0 0 ${c.width} ${c.height}">
${LOOKS[look](c)}
</svg>`;
}
