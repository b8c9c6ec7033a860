import assert from 'node:assert/strict';
import { test } from 'node:test';
import { avatarDecodeArgs, rawFramesInput, stillFrameArgs } from './raw-frames-args.js';

test('raw frames travel as yuv420p: decoder output, encoder input, still picture', () => {
  assert.deepEqual(rawFramesInput(720, 1280, 25), {
    path: 'pipe:0',
    options: ['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-video_size', '720x1280', '-framerate', '25'],
  });
  assert.deepEqual(
    avatarDecodeArgs({
      inputs: [{ path: '/a.mp4', options: ['-ss', '1.5'] }],
      filterGraph: '[0:v]fps=25[avatar]',
      label: 'avatar',
      frames: 126,
      fps: 25,
    }),
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-ss',
      '1.5',
      '-i',
      '/a.mp4',
      '-filter_complex',
      '[0:v]fps=25[avatar]',
      '-map',
      '[avatar]',
      '-an',
      '-sn',
      '-dn',
      '-frames:v',
      '126',
      '-r',
      '25',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      'pipe:1',
    ],
  );
  assert.deepEqual(stillFrameArgs('/p.png', 'scale=2:2'), [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-i',
    '/p.png',
    '-vf',
    'scale=2:2',
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    'pipe:1',
  ]);
});
