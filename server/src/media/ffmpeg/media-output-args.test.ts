import assert from 'node:assert/strict';
import { test } from 'node:test';
import { audioMixArgs, clipStretchArgs, extractFrameArgs, mp3Args } from './media-output-args.js';

test('mp3 output cut to the speech duration, source tags dropped, ours written', () => {
  assert.deepEqual(mp3Args('/w/final.wav', '/o/a.mp3', { durationSec: 5.4, tags: { comment: 'AIGC {}' } }), [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    '/w/final.wav',
    '-vn',
    '-sn',
    '-dn',
    '-t',
    '5.4',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    '-ar',
    '44100',
    '-ac',
    '2',
    '-map_metadata',
    '-1',
    '-metadata',
    'comment=AIGC {}',
    '-id3v2_version',
    '3',
    '-f',
    'mp3',
    '/o/a.mp3',
  ]);
});

test('one frame as PNG from the first non-cover video stream', () => {
  assert.deepEqual(extractFrameArgs('/v.mp4', 1.25, '/f.png'), [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    '1.25',
    '-i',
    '/v.mp4',
    '-map',
    '0:V:0',
    '-frames:v',
    '1',
    '-update',
    '1',
    '-f',
    'image2',
    '-c:v',
    'png',
    '/f.png',
  ]);
  assert.equal(extractFrameArgs('/v.mp4', -1, '/f.png')[4], '0');
});

test('mix of prepared stems', () => {
  assert.deepEqual(audioMixArgs(['/s.wav', '/b.wav'], 'G', '/m.wav'), [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    '/s.wav',
    '-i',
    '/b.wav',
    '-filter_complex',
    'G',
    '-map',
    '[mix]',
    '-ar',
    '48000',
    '-c:a',
    'pcm_f32le',
    '-f',
    'wav',
    '/m.wav',
  ]);
});

test("a stretch of a clip: accurate seek, upright, even sides, x264 and the clip's sound", () => {
  assert.deepEqual(clipStretchArgs('/in.mov', '/out.mp4', { fromSec: 3.6, durationSec: 6.4 }), [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    '3.6',
    '-i',
    '/in.mov',
    '-t',
    '6.4',
    '-map',
    '0:V:0',
    '-map',
    '0:a:0?',
    '-vf',
    'pad=ceil(iw/2)*2:ceil(ih/2)*2',
    '-c:v:0',
    'libx264',
    '-preset:v:0',
    'veryfast',
    '-crf:v:0',
    '17',
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
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '/out.mp4',
  ]);
  assert.equal(
    clipStretchArgs('/a', '/b', { fromSec: -1, durationSec: 5 })[4],
    '0',
    'never before the start',
  );
});
