import assert from 'node:assert/strict';
import { test } from 'node:test';
import { audioDecodeArgs, videoHeadFramesArgs, videoPacketsArgs } from './integrity-args.js';

test('the head check decodes the first packets of the first video stream', () => {
  assert.deepEqual(videoHeadFramesArgs('/in/a.mp4'), [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-read_intervals',
    '%+#3',
    '-show_entries',
    'frame=best_effort_timestamp_time',
    '-of',
    'csv=p=0',
    '/in/a.mp4',
  ]);
});

test('the tail check lists packets of a time range without decoding them', () => {
  assert.deepEqual(videoPacketsArgs('/in/a.mp4', { fromSec: 7, toSec: 11.04 }), [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-read_intervals',
    '7%11.04',
    '-show_entries',
    'packet=pts_time,duration_time,flags',
    '-of',
    'csv=p=0',
    '/in/a.mp4',
  ]);
  assert.equal(videoPacketsArgs('/in/a.mp4').includes('-read_intervals'), false, 'whole stream');
});

test('audio is decoded into nothing, with the decoded length on stdout', () => {
  assert.deepEqual(audioDecodeArgs('/in/a.mp3'), [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-i',
    '/in/a.mp3',
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-f',
    'null',
    '-progress',
    'pipe:1',
    '-nostats',
    '-',
  ]);
});
