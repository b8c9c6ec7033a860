import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FILE_TYPES } from '../services/file-types.js';
import { contentTypeForKey } from './content-types.js';

test('results get the type of their extension, case aside', () => {
  assert.equal(contentTypeForKey('works/t_1/video.mp4'), 'video/mp4');
  assert.equal(contentTypeForKey('works/t_1/audio.mp3'), 'audio/mpeg');
  assert.equal(contentTypeForKey('covers/a_1/cov_1.png'), 'image/png');
  assert.equal(contentTypeForKey('covers/a_1/cov_1.jpg'), 'image/jpeg');
  assert.equal(contentTypeForKey('uploads/a_1/file_1.MOV'), 'video/quicktime');
});

test('unknown, missing or dot-file extensions are application/octet-stream', () => {
  assert.equal(contentTypeForKey('avatars/av_1/face-track.bin'), 'application/octet-stream');
  assert.equal(contentTypeForKey('avatars/av_1/noext'), 'application/octet-stream');
  assert.equal(contentTypeForKey('avatars/av_1/.png'), 'application/octet-stream');
  assert.equal(contentTypeForKey('avatars.mp4/track'), 'application/octet-stream');
});

test('every upload type is stored with the content type its upload grant names', () => {
  for (const [ext, t] of Object.entries(FILE_TYPES)) {
    assert.equal(contentTypeForKey(`uploads/a_1/file_1.${ext}`), t.contentType, ext);
  }
});
