import assert from 'node:assert/strict';
import { test } from 'node:test';
import { talkingVideoArgs } from './talking-video-args.js';

test('final encode with a cover picture and the AIGC tag', () => {
  const args = talkingVideoArgs({
    inputs: [
      { path: '/a/avatar.jpg', options: [] },
      { path: '/a/poster.png', options: [] },
      { path: '/w/final.wav', options: [] },
    ],
    filterGraph: 'GRAPH',
    videoLabel: 'vout',
    audioInput: 2,
    coverLabel: 'cover',
    durationSec: 5.3,
    fps: 25,
    encoder: { preset: 'veryfast', crf: 23 },
    tags: { comment: 'AIGC {"Label":"1"}' },
    output: '/o/work.mp4',
  });
  assert.deepEqual(args, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    '/a/avatar.jpg',
    '-i',
    '/a/poster.png',
    '-i',
    '/w/final.wav',
    '-filter_complex',
    'GRAPH',
    '-map',
    '[vout]',
    '-map',
    '2:a:0',
    '-map',
    '[cover]',
    '-t',
    '5.3',
    '-r:v:0',
    '25',
    '-c:v:0',
    'libx264',
    '-preset:v:0',
    'veryfast',
    '-crf:v:0',
    '23',
    '-pix_fmt:v:0',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ar',
    '48000',
    '-ac',
    '2',
    '-c:v:1',
    'mjpeg',
    '-q:v:1',
    '3',
    '-disposition:v:1',
    'attached_pic',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-metadata',
    'comment=AIGC {"Label":"1"}',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '/o/work.mp4',
  ]);
});

test('final encode of a looped video avatar, no cover, no tags', () => {
  const args = talkingVideoArgs({
    inputs: [
      { path: '/a/clip.mp4', options: ['-ss', '0.5', '-t', '0.52'] },
      { path: '/w/avatar-loop.mp4', options: ['-stream_loop', '-1'] },
      { path: '/a/speech.wav', options: [] },
    ],
    filterGraph: 'G',
    videoLabel: 'vout',
    audioInput: 2,
    coverLabel: null,
    durationSec: 12,
    fps: 30,
    encoder: { preset: 'ultrafast', crf: 28 },
    tags: {},
    output: '/o/w.mp4',
  });
  assert.deepEqual(args.slice(0, 13), [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    '0.5',
    '-t',
    '0.52',
    '-i',
    '/a/clip.mp4',
    '-stream_loop',
    '-1',
    '-i',
    '/w/avatar-loop.mp4',
  ]);
  assert.ok(!args.includes('[cover]') && !args.includes('-metadata') && !args.includes('attached_pic'));
  assert.deepEqual(args.slice(args.indexOf('-x264-params:v:0'), args.indexOf('-x264-params:v:0') + 2), [
    '-x264-params:v:0',
    'trellis=0',
  ]);
});

test('a still as a second output: one JPEG frame of its own graph label', () => {
  const args = talkingVideoArgs({
    inputs: [{ path: '/w/final.wav', options: [] }],
    filterGraph: 'GRAPH',
    videoLabel: 'vout',
    audioInput: 0,
    coverLabel: null,
    durationSec: 5,
    fps: 25,
    encoder: { preset: 'veryfast', crf: 23 },
    tags: {},
    output: '/o/work.mp4',
    still: { label: 'still', path: '/o/poster.jpg' },
  });
  const mp4 = args.indexOf('/o/work.mp4');
  assert.deepEqual(args.slice(mp4 + 1), [
    '-map',
    '[still]',
    '-frames:v',
    '1',
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    '-f',
    'image2',
    '-update',
    '1',
    '/o/poster.jpg',
  ]);
  // The video's own options stay before its file: `-t` bounds the MP4 alone.
  assert.ok(args.indexOf('-t') < mp4);
});

test('a soundtrack chain folded into the encode: the audio goes through the graph and is mapped from it', () => {
  const spec = {
    inputs: [
      { path: '/w/frames', options: [] },
      { path: '/a/speech.wav', options: [] },
    ],
    filterGraph: '[0:v]null[vout]',
    videoLabel: 'vout',
    audioInput: 1,
    coverLabel: null,
    durationSec: 4,
    fps: 25,
    encoder: { preset: 'ultrafast' as const, crf: 28 },
    tags: {},
    output: '/o/w.mp4',
  };
  const folded = talkingVideoArgs({ ...spec, audioFilter: 'aformat=sample_rates=48000,volume=3.5dB' });
  assert.equal(
    folded[folded.indexOf('-filter_complex') + 1],
    '[0:v]null[vout];[1:a:0]aformat=sample_rates=48000,volume=3.5dB[aout]',
  );
  const maps = folded.flatMap((a, i) => (a === '-map' ? [folded[i + 1]] : []));
  assert.deepEqual(maps, ['[vout]', '[aout]']);
  // Without one, the file's own stream is mapped and the graph is the picture's alone.
  const plain = talkingVideoArgs({ ...spec, audioFilter: null });
  assert.equal(plain[plain.indexOf('-filter_complex') + 1], '[0:v]null[vout]');
  assert.deepEqual(
    plain.flatMap((a, i) => (a === '-map' ? [plain[i + 1]] : [])),
    ['[vout]', '1:a:0'],
  );
});
