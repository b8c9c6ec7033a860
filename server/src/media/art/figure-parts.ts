import { FIGURE_EYES, FIGURE_MOUTH, type FigureLook } from './avatar-figure.js';

/**
 * Moving parts of the illustrated characters, drawn for the talking-head renderer: the mouth in a
 * given pose and the eyelids at a given closure. Each is a small SVG document covering only its part,
 * in the figure's canvas units scaled by `scale`, with its top-left corner at `origin` (canvas units).
 */

export interface PartSvg {
  svg: string;
  /** Top-left corner of the part on the figure's canvas (canvas units). */
  originX: number;
  originY: number;
  /** Size in output pixels (canvas units × scale, rounded up). */
  width: number;
  height: number;
}

/** The mouth part's box around the mouth centre, in canvas units. */
const MOUTH_BOX = { left: 60, top: 26, width: 120, height: 74 } as const;
/** Largest opening of the drawn mouth, in canvas units. */
const MAX_OPEN = 30;

const f = (v: number) => v.toFixed(1);

function part(body: string, x: number, y: number, w: number, h: number, scale: number): PartSvg {
  const width = Math.ceil(w * scale);
  const height = Math.ceil(h * scale);
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${x} ${y} ${w} ${h}">${body}</svg>`,
    originX: x,
    originY: y,
    width,
    height,
  };
}

/**
 * The mouth for a pose: open 0..1 parts the lips (dark inside, a band of upper teeth, the tongue
 * when wide open), wide spreads the corners, round gathers them and rounds the opening. At rest it
 * matches the closed mouth of the figure.
 */
export function mouthSvg(
  look: FigureLook,
  pose: { open: number; wide: number; round: number },
  scale: number,
): PartSvg {
  const m = FIGURE_MOUTH;
  const o = Math.max(0, Math.min(1, pose.open));
  const spread = 1 + 0.18 * Math.max(0, pose.wide) - 0.3 * Math.max(0, pose.round);
  const half = (m.width / 2) * spread;
  const h = o * MAX_OPEN * (1 + 0.25 * pose.round);
  const cx = m.cx;
  const cy = m.cy - 4;
  // Lip line (where upper and lower lips meet) bows down a little; the opening hangs from it.
  const bow = 8 * (1 - 0.5 * pose.round);
  const upperInner = `M ${f(cx - half)} ${f(cy)} C ${f(cx - half * 0.45)} ${f(cy + bow - h * 0.3)} ${f(cx + half * 0.45)} ${f(cy + bow - h * 0.3)} ${f(cx + half)} ${f(cy)}`;
  const lowerInner = `C ${f(cx + half * 0.5)} ${f(cy + bow + h * 1.15)} ${f(cx - half * 0.5)} ${f(cy + bow + h * 1.15)} ${f(cx - half)} ${f(cy)} Z`;
  const opening = `${upperInner} ${lowerInner}`;
  // Lips: the upper lip above the line, the lower lip below the opening.
  const upperLip = `M ${f(cx - half)} ${f(cy)} C ${f(cx - half * 0.5)} ${f(cy - 6)} ${f(cx - 6)} ${f(cy - 9)} ${f(cx)} ${f(cy - 5)}
    C ${f(cx + 6)} ${f(cy - 9)} ${f(cx + half * 0.5)} ${f(cy - 6)} ${f(cx + half)} ${f(cy)}
    C ${f(cx + half * 0.45)} ${f(cy + bow - h * 0.3)} ${f(cx - half * 0.45)} ${f(cy + bow - h * 0.3)} ${f(cx - half)} ${f(cy)} Z`;
  const lowerLip = `M ${f(cx - half)} ${f(cy)} C ${f(cx - half * 0.5)} ${f(cy + bow + h * 1.15)} ${f(cx + half * 0.5)} ${f(cy + bow + h * 1.15)} ${f(cx + half)} ${f(cy)}
    C ${f(cx + half * 0.55)} ${f(cy + 24 + h)} ${f(cx - half * 0.55)} ${f(cy + 24 + h)} ${f(cx - half)} ${f(cy)} Z`;
  let inside = '';
  if (h > 0.5) {
    const teeth = Math.min(h * 0.42, 9);
    const tongueY = cy + bow + h * 0.85;
    inside = `<defs><clipPath id="o"><path d="${opening}"/></clipPath></defs>
      <path d="${opening}" fill="#3b1619"/>
      <g clip-path="url(#o)">
        <rect x="${f(cx - half * 0.62)}" y="${f(cy - 20)}" width="${f(half * 1.24)}" height="${f(20 + bow - h * 0.2 + teeth)}" rx="3" fill="#f5f1ea"/>
        <ellipse cx="${f(cx)}" cy="${f(tongueY)}" rx="${f(half * 0.55)}" ry="${f(Math.max(2, h * 0.35))}" fill="#c8525e"/>
      </g>`;
  }
  const line =
    h <= 0.5
      ? `<path d="M ${f(cx - half)} ${f(cy)} C ${f(cx - half * 0.45)} ${f(cy + bow)} ${f(cx + half * 0.45)} ${f(cy + bow)} ${f(cx + half)} ${f(cy)}"
      stroke="#5a2a2a" stroke-opacity="0.55" stroke-width="3" fill="none" stroke-linecap="round"/>`
      : '';
  const body = `${inside}<path d="${upperLip}" fill="${look.lips}"/><path d="${lowerLip}" fill="${look.lips}"/>${line}`;
  return part(body, m.cx - MOUTH_BOX.left, m.cy - MOUTH_BOX.top, MOUTH_BOX.width, MOUTH_BOX.height, scale);
}

/**
 * Both eyelids at `closure` (0 open … 1 shut): skin comes down over each eye from the upper lid,
 * with the lash line at its edge. One document covering both eyes.
 */
export function lidsSvg(look: FigureLook, closure: number, scale: number): PartSvg {
  const c = Math.max(0, Math.min(1, closure));
  const { y, xs, rx, ry } = FIGURE_EYES;
  const top = y - ry - 3;
  const edge = top + c * (2 * ry + 4);
  const lids = xs
    .map((x, i) => {
      const id = `e${i}`;
      return `<clipPath id="${id}"><ellipse cx="${x}" cy="${y}" rx="${rx + 3}" ry="${ry + 3}"/></clipPath>
      <g clip-path="url(#${id})">
        <rect x="${x - rx - 4}" y="${top - 2}" width="${2 * rx + 8}" height="${f(edge - top + 2)}" fill="${look.skin}"/>
      </g>
      <path d="M ${x - rx - 2} ${f(Math.min(edge, y + 2))} C ${x - 12} ${f(edge + 5 * c)} ${x + 12} ${f(edge + 5 * c)} ${x + rx + 2} ${f(Math.min(edge, y + 2))}"
        stroke="#2a1c17" stroke-width="5" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
  const x0 = xs[0] - rx - 10;
  const w = xs[1] - xs[0] + 2 * rx + 20;
  return part(lids, x0, top - 6, w, 2 * ry + 22, scale);
}
