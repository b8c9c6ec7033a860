import { formatNumber } from './filter-escape.js';
import { avatarDecodeArgs } from './raw-frames-args.js';

/**
 * The thumbnails a seamless loop cut is chosen on (compose/loop-cut.ts): every frame of the clip
 * on the renders' own frame grid (decoded from `-ss 0`, `setpts=PTS-STARTPTS,fps`, as the renders'
 * region decoder and final encode do, so thumbnail i is material frame i), squeezed to a grey
 * `side`×`side` square, raw on stdout. The deblocking filter is skipped: it changes no frame's
 * timing, and at this size none of its pixels.
 */
export function loopThumbsArgs(clipPath: string, fps: number, side: number): string[] {
  return avatarDecodeArgs({
    inputs: [{ path: clipPath, options: ['-skip_loop_filter', 'all', '-ss', '0'] }],
    filterGraph: `[0:v]setpts=PTS-STARTPTS,fps=${formatNumber(fps)},scale=${side}:${side}:flags=area,format=gray[thumbs]`,
    label: 'thumbs',
    frames: null,
    fps,
    pixFmt: 'gray',
  });
}
