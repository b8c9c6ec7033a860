/**
 * Parametric head-and-shoulders illustration for the public avatars. Everything is drawn on a
 * 720x1280 canvas with the face at fixed coordinates, so the mouth position is known exactly.
 */

export const FIGURE_WIDTH = 720;
export const FIGURE_HEIGHT = 1280;

export type HairStyle = 'long' | 'side-part' | 'bun' | 'curly' | 'bob';
export type Outfit = 'blazer' | 'suit-tie' | 'hoodie' | 'jacket' | 'cardigan';

export interface FigureLook {
  skin: string;
  skinShade: string;
  hair: string;
  hairStyle: HairStyle;
  outfit: Outfit;
  cloth: string;
  clothShade: string;
  /** Shirt, tie or trim colour. */
  accent: string;
  lips: string;
  eyes: string;
  background: [string, string];
  glasses?: boolean;
  beard?: boolean;
  earrings?: boolean;
}

/** Where the closed mouth is drawn (centre and width in canvas pixels). */
export const FIGURE_MOUTH = { cx: 360, cy: 612, width: 64 } as const;

/** Eye centres (canvas pixels) and the eye white's radii. */
export const FIGURE_EYES = { y: 500, xs: [312, 408], rx: 24, ry: 15 } as const;

/** The head (without hair) for motion: centre, radius and the neck pivot it turns about. */
export const FIGURE_HEAD = { cx: 360, cy: 490, radius: 175, pivotY: 720, faceHeight: 172 } as const;

/** Middle of the face, as fractions of the canvas: where crops should centre. */
export const FIGURE_FOCUS = { x: 0.5, y: 540 / 1280 } as const;

const HEAD = 'M 224 470 C 224 318 496 318 496 470 C 496 572 462 648 360 672 C 258 648 224 572 224 470 Z';

function background(l: FigureLook): string {
  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1">
      <stop offset="0" stop-color="${l.background[0]}"/>
      <stop offset="1" stop-color="${l.background[1]}"/>
    </linearGradient>
    <radialGradient id="halo" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.38"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="cloth" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${l.cloth}"/>
      <stop offset="1" stop-color="${l.clothShade}"/>
    </linearGradient>
  </defs>
  <rect width="720" height="1280" fill="url(#bg)"/>
  <circle cx="360" cy="560" r="430" fill="url(#halo)"/>
  <circle cx="96" cy="170" r="54" fill="#ffffff" opacity="0.10"/>
  <circle cx="640" cy="300" r="28" fill="#ffffff" opacity="0.12"/>
  <circle cx="600" cy="1010" r="120" fill="#ffffff" opacity="0.06"/>`;
}

function hairBack(l: FigureLook): string {
  switch (l.hairStyle) {
    case 'long':
      return `<path d="M 206 470 C 190 300 300 262 362 264 C 430 264 536 300 514 470 C 520 600 548 760 560 930
        C 520 960 450 960 404 930 L 404 700 L 316 700 L 316 930 C 270 960 200 960 160 930 C 174 760 200 600 206 470 Z"
        fill="${l.hair}"/>`;
    case 'bob':
      return `<path d="M 208 470 C 196 300 300 266 360 266 C 420 266 526 300 512 470 C 516 560 528 640 540 700
        C 500 720 470 716 450 700 L 450 600 L 270 600 L 270 700 C 250 716 220 720 180 700 C 192 640 204 560 208 470 Z"
        fill="${l.hair}"/>`;
    case 'bun':
      return `<circle cx="360" cy="262" r="74" fill="${l.hair}"/>
        <path d="M 300 250 C 330 228 390 228 420 250" stroke="#ffffff" stroke-opacity="0.18" stroke-width="8"
        fill="none" stroke-linecap="round"/>`;
    default:
      return '';
  }
}

function hairFront(l: FigureLook): string {
  switch (l.hairStyle) {
    case 'long':
      return `<path d="M 216 480 C 196 330 290 282 368 286 C 456 290 520 350 504 482 C 486 410 446 378 402 364
        C 350 392 270 410 216 480 Z" fill="${l.hair}"/>
        <path d="M 300 312 C 350 296 420 300 460 330" stroke="#ffffff" stroke-opacity="0.16" stroke-width="10"
        fill="none" stroke-linecap="round"/>`;
    case 'bob':
      return `<path d="M 212 474 C 200 320 292 284 360 284 C 428 284 520 320 508 474 C 500 430 494 404 486 392
        C 420 402 300 402 234 392 C 226 404 218 430 212 474 Z" fill="${l.hair}"/>`;
    case 'side-part':
      return `<path d="M 216 472 C 204 330 290 286 372 288 C 462 292 518 350 504 472 C 498 424 488 398 474 380
        C 420 380 330 368 282 340 C 252 372 232 416 216 472 Z" fill="${l.hair}"/>
        <path d="M 282 340 C 330 330 400 322 470 352" stroke="#000000" stroke-opacity="0.18" stroke-width="4" fill="none"/>`;
    case 'bun':
      return `<path d="M 216 476 C 204 330 292 292 360 292 C 430 292 516 330 504 476 C 492 410 452 372 360 362
        C 270 372 228 410 216 476 Z" fill="${l.hair}"/>`;
    case 'curly': {
      const blobs: string[] = [
        `<path d="M 214 470 C 200 330 290 290 360 290 C 430 290 520 330 506 470 C 490 424 466 408 360 402
          C 254 408 230 424 214 470 Z" fill="${l.hair}"/>`,
      ];
      for (let i = 0; i <= 10; i++) {
        const a = Math.PI * (1.02 + (0.96 * i) / 10);
        const x = 360 + 150 * Math.cos(a);
        const y = 448 + 150 * Math.sin(a);
        blobs.push(
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${i % 2 ? 44 : 50}" fill="${l.hair}"/>`,
        );
      }
      return blobs.join('');
    }
  }
}

function neck(l: FigureLook): string {
  return `<path d="M 308 600 L 308 790 C 330 812 390 812 412 790 L 412 600 Z" fill="${l.skin}"/>
    <path d="M 308 630 C 340 690 380 690 412 630 L 412 690 C 380 724 340 724 308 690 Z" fill="${l.skinShade}" opacity="0.7"/>`;
}

function clothes(l: FigureLook): string {
  // Clothes are drawn 96 px lower than they sit (and shifted up by the caller) to keep the numbers
  // readable; the shoulders path runs past the bottom edge so the shift leaves no gap.
  const shoulders = `<path d="M 34 1380 C 40 1040 110 930 236 888 L 292 866 L 428 866 L 484 888
    C 610 930 680 1040 686 1380 Z" fill="url(#cloth)"/>`;
  switch (l.outfit) {
    case 'blazer':
    case 'suit-tie': {
      const tie =
        l.outfit === 'suit-tie'
          ? `<path d="M 346 884 L 374 884 L 382 906 L 370 1040 L 360 1060 L 350 1040 L 338 906 Z" fill="${l.accent}"/>`
          : '';
      const shirt = l.outfit === 'suit-tie' ? '#f4f6f8' : l.accent;
      return `${shoulders}
        <path d="M 292 866 L 360 1010 L 428 866 Z" fill="${shirt}"/>
        <path d="M 292 866 L 324 850 L 360 900 L 396 850 L 428 866 L 408 930 L 360 906 L 312 930 Z" fill="${shirt}"
          stroke="#000" stroke-opacity="0.08" stroke-width="2"/>
        ${tie}
        <path d="M 236 888 L 292 866 L 360 1040 L 300 1380 L 250 1380 L 300 1040 Z" fill="${l.clothShade}"/>
        <path d="M 484 888 L 428 866 L 360 1040 L 420 1380 L 470 1380 L 420 1040 Z" fill="${l.clothShade}"/>
        <path d="M 292 866 L 360 1040 L 318 980 L 268 960 Z" fill="#000" opacity="0.12"/>
        <path d="M 428 866 L 360 1040 L 402 980 L 452 960 Z" fill="#000" opacity="0.12"/>`;
    }
    case 'hoodie':
      return `${shoulders}
        <path d="M 250 880 C 260 960 460 960 470 880 C 440 852 400 846 360 846 C 320 846 280 852 250 880 Z"
          fill="${l.clothShade}"/>
        <path d="M 286 880 C 300 920 420 920 434 880" stroke="${l.accent}" stroke-width="10" fill="none"/>
        <path d="M 326 912 L 320 1040" stroke="${l.accent}" stroke-width="7" stroke-linecap="round"/>
        <path d="M 394 912 L 400 1040" stroke="${l.accent}" stroke-width="7" stroke-linecap="round"/>
        <circle cx="320" cy="1046" r="8" fill="${l.accent}"/><circle cx="400" cy="1046" r="8" fill="${l.accent}"/>`;
    case 'jacket':
      return `${shoulders}
        <path d="M 292 866 C 310 920 410 920 428 866 L 410 1380 L 310 1380 Z" fill="${l.accent}"/>
        <path d="M 292 866 C 310 920 410 920 428 866" stroke="#000" stroke-opacity="0.12" stroke-width="6" fill="none"/>
        <path d="M 300 880 L 330 1380" stroke="${l.clothShade}" stroke-width="18"/>
        <path d="M 420 880 L 390 1380" stroke="${l.clothShade}" stroke-width="18"/>
        <rect x="150" y="1090" width="80" height="12" rx="6" fill="${l.clothShade}"/>`;
    case 'cardigan':
      return `${shoulders}
        <path d="M 292 866 C 310 930 410 930 428 866 L 396 1380 L 324 1380 Z" fill="${l.accent}"/>
        <path d="M 292 866 L 350 1380" stroke="${l.clothShade}" stroke-width="14"/>
        <path d="M 428 866 L 370 1380" stroke="${l.clothShade}" stroke-width="14"/>
        <circle cx="356" cy="1060" r="7" fill="${l.clothShade}"/><circle cx="360" cy="1160" r="7" fill="${l.clothShade}"/>
        <path d="M 300 880 C 320 936 400 936 420 880" stroke="#ffffff" stroke-opacity="0.8" stroke-width="5" fill="none"
          stroke-dasharray="2 10" stroke-linecap="round"/>`;
  }
}

function face(l: FigureLook, withMouth: boolean): string {
  const m = FIGURE_MOUTH;
  const half = m.width / 2;
  const ears = `<ellipse cx="226" cy="500" rx="22" ry="36" fill="${l.skin}"/>
    <ellipse cx="494" cy="500" rx="22" ry="36" fill="${l.skin}"/>
    <ellipse cx="228" cy="502" rx="10" ry="20" fill="${l.skinShade}" opacity="0.6"/>
    <ellipse cx="492" cy="502" rx="10" ry="20" fill="${l.skinShade}" opacity="0.6"/>`;
  const earrings = l.earrings
    ? `<circle cx="226" cy="548" r="8" fill="#f3d27a"/><circle cx="494" cy="548" r="8" fill="#f3d27a"/>`
    : '';
  const eye = (x: number) => `
    <ellipse cx="${x}" cy="500" rx="24" ry="15" fill="#ffffff"/>
    <circle cx="${x}" cy="500" r="13" fill="${l.eyes}"/>
    <circle cx="${x}" cy="500" r="6" fill="#111111"/>
    <circle cx="${x + 5}" cy="495" r="4" fill="#ffffff"/>
    <path d="M ${x - 26} 498 C ${x - 14} 480 ${x + 14} 480 ${x + 26} 498" stroke="#2a1c17" stroke-width="5"
      fill="none" stroke-linecap="round"/>`;
  const brows = `
    <path d="M 284 456 C 300 444 324 442 338 448" stroke="${l.hair}" stroke-width="9" fill="none" stroke-linecap="round"/>
    <path d="M 382 448 C 396 442 420 444 436 456" stroke="${l.hair}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  const nose = `<path d="M 362 520 C 358 548 350 560 352 568 C 358 574 368 574 374 570" stroke="${l.skinShade}"
    stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
  const beard = l.beard
    ? `<path d="M 250 560 C 262 640 310 672 360 676 C 410 672 458 640 470 560 C 456 600 430 626 410 630
        C 390 600 330 600 310 630 C 290 626 264 600 250 560 Z" fill="${l.hair}" opacity="0.9"/>`
    : '';
  const mouth = `<path d="M ${m.cx - half} ${m.cy - 4} C ${m.cx - 14} ${m.cy + 4} ${m.cx + 14} ${m.cy + 4} ${m.cx + half} ${m.cy - 4}
      C ${m.cx + 18} ${m.cy + 20} ${m.cx - 18} ${m.cy + 20} ${m.cx - half} ${m.cy - 4} Z" fill="${l.lips}"/>
    <path d="M ${m.cx - half} ${m.cy - 4} C ${m.cx - 14} ${m.cy + 4} ${m.cx + 14} ${m.cy + 4} ${m.cx + half} ${m.cy - 4}"
      stroke="#5a2a2a" stroke-opacity="0.55" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  const cheeks = `<ellipse cx="282" cy="572" rx="30" ry="18" fill="#ff8a8a" opacity="0.22"/>
    <ellipse cx="438" cy="572" rx="30" ry="18" fill="#ff8a8a" opacity="0.22"/>`;
  const glasses = l.glasses
    ? `<g stroke="#1f2430" stroke-width="6" fill="#ffffff" fill-opacity="0.08">
        <rect x="270" y="470" width="84" height="62" rx="18"/><rect x="366" y="470" width="84" height="62" rx="18"/>
        <path d="M 354 494 C 358 488 362 488 366 494" fill="none"/>
        <path d="M 270 490 L 232 480" fill="none"/><path d="M 450 490 L 488 480" fill="none"/></g>`
    : '';
  return `${ears}${earrings}<path d="${HEAD}" fill="${l.skin}"/>
    <path d="M 250 420 C 270 370 330 350 360 350" stroke="#ffffff" stroke-opacity="0.12" stroke-width="24" fill="none"
      stroke-linecap="round"/>
    ${cheeks}${eye(FIGURE_EYES.xs[0])}${eye(FIGURE_EYES.xs[1])}${brows}${nose}${beard}${withMouth ? mouth : ''}${glasses}`;
}

/**
 * Complete SVG document for one character. Without its mouth, the picture is the base the
 * talking-head renderer draws a moving mouth onto.
 */
export function figureSvg(look: FigureLook, opts: { mouth?: boolean } = {}): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${FIGURE_WIDTH}" height="${FIGURE_HEIGHT}" viewBox="0 0 720 1280">
  ${background(look)}
  ${hairBack(look)}
  ${neck(look)}
  <g transform="translate(0 -96)">${clothes(look)}</g>
  ${face(look, opts.mouth !== false)}
  ${hairFront(look)}
</svg>`;
}
