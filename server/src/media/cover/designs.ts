import { FONT_FAMILY } from '../art/fonts.js';
import { dropShadowFilter, f, label, linear, rect, softShadow, starburst } from '../art/svg-shapes.js';
import type { Box } from '../art/template-layout.js';
import { placeText, type PlacedText, type PlaceOptions } from '../art/text-layout.js';

/** What a style draws: a layer under the figure, the figure's area, and a layer above it. */
export interface CoverDesign {
  /** SVG body under the figure (includes a placeholder where the figure would go). */
  base: string;
  /** SVG body over the figure: text and anything that overlaps the figure. */
  overlay: string;
  figure: { box: Box; shape: 'rect' | 'circle' | 'rounded'; radius?: number };
}

export interface DesignContext {
  width: number;
  height: number;
  values: Record<string, string>;
}

const v = (c: DesignContext, name: string) => (c.values[name] ?? '').trim();

/** A text pill: rounded box sized to its (fitted) text. Empty text draws nothing. */
function pill(
  text: string,
  at: { x: number; y: number; maxWidth: number; align: 'start' | 'middle' },
  o: {
    size: number;
    fill: string;
    bg: string;
    weight?: 400 | 500 | 700;
    padX: number;
    padY: number;
    attrs?: string;
  },
): { svg: string; bottom: number; right: number } {
  if (!text) return { svg: '', bottom: at.y, right: at.x };
  const placed = placeText(
    text,
    { x: 0, y: 0, width: at.maxWidth - 2 * o.padX, height: o.size * 1.1 },
    {
      weight: o.weight ?? 700,
      maxSize: o.size,
      minSize: Math.round(o.size * 0.6),
      maxLines: 1,
      fill: o.fill,
    },
  );
  const w = placed.fitted.width + 2 * o.padX;
  const h = o.size + 2 * o.padY;
  const x = at.align === 'middle' ? at.x - w / 2 : at.x;
  const textTop = at.y + o.padY + (o.size - placed.fitted.fontSize) / 2;
  const moved = placeText(
    text,
    { x: x + o.padX, y: textTop, width: at.maxWidth - 2 * o.padX, height: o.size * 1.1 },
    {
      weight: o.weight ?? 700,
      maxSize: o.size,
      minSize: Math.round(o.size * 0.6),
      maxLines: 1,
      fill: o.fill,
    },
  );
  return {
    svg: rect({ x, y: at.y, width: w, height: h }, `fill="${o.bg}" ${o.attrs ?? ''}`, h / 2) + moved.svg,
    bottom: at.y + h,
    right: x + w,
  };
}

function text(c: DesignContext, name: string, box: Box, o: PlaceOptions): PlacedText {
  return placeText(v(c, name), box, o);
}

/** A soft abstract stand-in drawn where the figure goes when no avatar image is given. */
function placeholder(b: Box, a: string, bColor: string, round = false): string {
  const cx = b.x + b.width / 2;
  const cy = b.y + b.height / 2;
  const r = Math.min(b.width, b.height);
  const clip = round
    ? `<clipPath id="phc"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r / 2)}"/></clipPath>`
    : `<clipPath id="phc">${rect(b, '')}</clipPath>`;
  return `<defs>${clip}<radialGradient id="phg" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="${a}" stop-opacity="0.55"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></radialGradient></defs>
  <g clip-path="url(#phc)">
    <rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.width)}" height="${f(b.height)}" fill="url(#phg)"/>
    <circle cx="${f(cx)}" cy="${f(cy - r * 0.12)}" r="${f(r * 0.16)}" fill="${bColor}" opacity="0.35"/>
    <path d="M ${f(cx - r * 0.32)} ${f(cy + r * 0.5)} C ${f(cx - r * 0.3)} ${f(cy + r * 0.14)} ${f(cx + r * 0.3)} ${f(cy + r * 0.14)} ${f(cx + r * 0.32)} ${f(cy + r * 0.5)} Z" fill="${bColor}" opacity="0.35"/>
  </g>`;
}

function boldHeadline(c: DesignContext): CoverDesign {
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
    v(c, 'subtitle'),
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
  ${placeholder(fig, '#ffd400', '#ffd400')}`;
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

function news(c: DesignContext): CoverDesign {
  const { width: W, height: H } = c;
  const u = W / 100;
  const fig: Box = { x: 0, y: 0, width: W, height: H * 0.58 };
  const tagY = H * 0.52;
  const tag = pill(
    v(c, 'tag'),
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
  ${placeholder(fig, '#2f6bd6', '#8fb8ff')}`;
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

function knowledge(c: DesignContext): CoverDesign {
  const { width: W, height: H } = c;
  const u = W / 100;
  const card: Box = { x: 6 * u, y: H * 0.07, width: 88 * u, height: H * 0.62 };
  const r = Math.min(22 * u, H * 0.14);
  const cardBottom = card.y + card.height;
  const fig: Box = { x: W - 8 * u - 2 * r, y: cardBottom - r * 0.9, width: 2 * r, height: 2 * r };
  const topic = pill(
    v(c, 'topic'),
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
  ${placeholder(fig, '#3b6fe0', '#3b6fe0', true)}
  ${label('KNOWLEDGE · 知识卡片', 6 * u, H - 5 * u, 3 * u, '#8a7a5c', 500)}`;
  const overlay = `${topic.svg}${head.svg}
  ${head.fitted.lines.length ? rect({ x: 11 * u, y: divY, width: 12 * u, height: 0.8 * u }, 'fill="#f2a33a"', 0.4 * u) : ''}
  ${point.fitted.lines.length ? rect({ x: 11 * u, y: point.top, width: 0.8 * u, height: point.bottom - point.top }, 'fill="#3b6fe0" fill-opacity="0.35"', 0.4 * u) : ''}
  ${point.svg}`;
  return { base, overlay, figure: { box: fig, shape: 'circle' } };
}

function product(c: DesignContext): CoverDesign {
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
    v(c, 'selling_point'),
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
  const ctaText = v(c, 'cta');
  const cta = ctaText
    ? placeText(
        `${ctaText} →`,
        { x: 20 * u, y: ctaY + (ctaH - 4.8 * u) / 2, width: 60 * u, height: 4.8 * u * 1.1 },
        {
          weight: 700,
          maxSize: Math.round(4.8 * u),
          minSize: Math.round(3 * u),
          maxLines: 1,
          fill: '#7a1030',
          align: 'middle',
        },
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
  ${placeholder(fig, '#ff7a59', '#ff7a59')}`;
  const overlay = `<defs>${dropShadowFilter('tsh', 0.4 * u, 0.6 * u, 0.3)}</defs>
  ${prod.svg}${sell.svg}
  <polygon points="${starburst(sx, sy + 0.6 * u, sr)}" fill="#000" fill-opacity="0.15"/><polygon points="${starburst(sx, sy, sr)}" fill="#ffe14d"/>
  ${label('NEW', sx, sy + 1.5 * u, 4 * u, '#d6244f', 700, 'middle')}
  ${cta ? `${softShadow({ x: W / 2 - ctaW / 2, y: ctaY, width: ctaW, height: ctaH }, ctaH / 2, 1.2 * u, 0.6 * u, 0.2)}${rect({ x: W / 2 - ctaW / 2, y: ctaY, width: ctaW, height: ctaH }, 'fill="#ffe14d"', ctaH / 2)}${cta.svg}` : ''}`;
  return { base, overlay, figure: { box: fig, shape: 'rounded', radius: 4 * u } };
}

function quote(c: DesignContext): CoverDesign {
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
    ? placeText(
        `— ${authorText}`,
        { x: 11 * u, y: q.bottom + 6 * u, width: 78 * u, height: 5 * u },
        {
          weight: 500,
          maxSize: Math.round(4.2 * u),
          minSize: Math.round(3 * u),
          maxLines: 1,
          fill: '#f4d27a',
          align: 'middle',
        },
      )
    : null;
  const base = `<defs><radialGradient id="bg" cx="0.5" cy="0.3" r="0.9"><stop offset="0" stop-color="#145254"/><stop offset="1" stop-color="#071f20"/></radialGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="${f(W / 2)}" cy="${f(fig.y + d / 2)}" r="${f(d * 0.9)}" fill="none" stroke="#f4d27a" stroke-opacity="0.12" stroke-width="${f(0.3 * u)}"/>
  <circle cx="${f(W / 2)}" cy="${f(fig.y + d / 2)}" r="${f(d * 1.25)}" fill="none" stroke="#f4d27a" stroke-opacity="0.07" stroke-width="${f(0.3 * u)}"/>
  <circle cx="${f(W / 2)}" cy="${f(fig.y + d / 2)}" r="${f(d / 2)}" fill="#1d6466"/>
  ${placeholder(fig, '#f4d27a', '#f4d27a', true)}`;
  // The full-width quote glyphs sit at the inner side of their em box, so the opening one is
  // anchored at its end and the closing one at its start to hug the text.
  const overlay = `<circle cx="${f(W / 2)}" cy="${f(fig.y + d / 2)}" r="${f(d / 2 + 0.6 * u)}" fill="none" stroke="#f4d27a" stroke-width="${f(0.9 * u)}"/>
  <text x="${f(q.left + 1 * u)}" y="${f(q.top + 8 * u)}" font-family="${FONT_FAMILY}" font-size="${f(26 * u)}" font-weight="700" fill="#f4d27a" fill-opacity="0.28" text-anchor="end">“</text>
  <text x="${f(q.right - 1 * u)}" y="${f(q.bottom + 25 * u)}" font-family="${FONT_FAMILY}" font-size="${f(26 * u)}" font-weight="700" fill="#f4d27a" fill-opacity="0.28">”</text>
  ${q.svg}${author ? author.svg : ''}
  ${rect({ x: W / 2 - 5 * u, y: H - 7 * u, width: 10 * u, height: 0.5 * u }, 'fill="#f4d27a" fill-opacity="0.6"')}`;
  return { base, overlay, figure: { box: fig, shape: 'circle' } };
}

function list(c: DesignContext): CoverDesign {
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
    const item = v(c, `item_${i + 1}`);
    if (!item) continue;
    const t = placeText(
      item,
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
  ${placeholder(fig, '#2f6bff', '#2f6bff')}
  ${label('收藏备用', 8 * u, H - 12 * u, 4 * u, '#2f6bff', 700)}
  ${label('SAVE FOR LATER', 8 * u, H - 7 * u, 2.8 * u, '#2f6bff', 500, 'start', 'fill-opacity="0.6"')}
  <path d="M ${f(8 * u)} ${f(H - 25 * u)} h ${f(7 * u)} v ${f(9 * u)} l ${f(-3.5 * u)} ${f(-2.6 * u)} l ${f(-3.5 * u)} ${f(2.6 * u)} Z" fill="#ff7a45"/>`;
  const overlay = `${rect({ x: 8 * u, y: 5 * u, width: 17 * u, height: 6 * u }, 'fill="#ffe14d"', 3 * u)}
  ${label('TOP 3', 16.5 * u, 9.3 * u, 3.6 * u, '#2456e0', 700, 'middle')}
  ${head.svg}${rows.join('')}`;
  return { base, overlay, figure: { box: fig, shape: 'rounded', radius: 0 } };
}

function vlog(c: DesignContext): CoverDesign {
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
    ? placeText(
        subText,
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

const DESIGNS: Record<string, (c: DesignContext) => CoverDesign> = {
  'cover-bold-headline': boldHeadline,
  'cover-news': news,
  'cover-knowledge': knowledge,
  'cover-product': product,
  'cover-quote': quote,
  'cover-list': list,
  'cover-vlog': vlog,
};

/** The design for a style id; unknown ids (a style built elsewhere) get the bold headline layout. */
export function coverDesign(styleId: string, c: DesignContext): CoverDesign {
  return (DESIGNS[styleId] ?? boldHeadline)(c);
}

export function svgDoc(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n${body}\n</svg>`;
}
