import { formatNumber } from './filter-escape.js';

/**
 * The thumbnails a seamless loop cut is chosen on (compose/loop-cut.ts): every frame of the clip
 * on the renders' own frame grid (decoded from `-ss 0`, `setpts=PTS-STARTPTS,fps`, as the renders'
 * region decoder and final encode do, so thumbnail i is material frame i), squeezed to a grey
 * `side`×`side` square, raw on stdout. The deblocking filter is skipped: it changes no frame's
 * timing, and at this size none of its pixels.
 */
export function loopThumbsArgs(clipPath: string, fps: number, side: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-skip_loop_filter',
    'all',
    '-ss',
    '0',
    '-i',
    clipPath,
    '-filter_complex',
    `[0:v]setpts=PTS-STARTPTS,fps=${formatNumber(fps)},scale=${side}:${side}:flags=area,format=gray[thumbs]`,
    '-map',
    '[thumbs]',
    '-an',
    '-sn',
    '-dn',
    '-r',
    formatNumber(fps),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    'pipe:1',
  ];
}
