import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loopThumbsArgs } from './loop-thumbs-args.js';

test('loop thumbnails: every frame from the clip start on the output grid, grey squares on stdout', () => {
  assert.deepEqual(loopThumbsArgs('/a/clip.mp4', 25, 64), [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-skip_loop_filter',
    'all',
    '-ss',
    '0',
    '-i',
    '/a/clip.mp4',
    '-filter_complex',
    '[0:v]setpts=PTS-STARTPTS,fps=25,scale=64:64:flags=area,format=gray[thumbs]',
    '-map',
    '[thumbs]',
    '-an',
    '-sn',
    '-dn',
    '-r',
    '25',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    'pipe:1',
  ]);
});
