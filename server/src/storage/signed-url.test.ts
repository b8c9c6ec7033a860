import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signUrlParams, verifyUrlParams } from './signed-url.js';

const secret = 'test-secret';
const now = 1_800_000_000;

test('a signature binds scope, subject, content type and expiry', () => {
  const p = signUrlParams(secret, 'upload', 'file_1', now + 60, 'video/mp4');
  assert.equal(verifyUrlParams(secret, 'upload', 'file_1', p, now, 'video/mp4'), 'ok');
  assert.equal(verifyUrlParams(secret, 'upload', 'file_2', p, now, 'video/mp4'), 'bad-signature');
  assert.equal(verifyUrlParams(secret, 'upload', 'file_1', p, now, 'image/png'), 'bad-signature');
  assert.equal(verifyUrlParams(secret, 'download', 'file_1', p, now, 'video/mp4'), 'bad-signature');
  assert.equal(verifyUrlParams('other', 'upload', 'file_1', p, now, 'video/mp4'), 'bad-signature');
  assert.equal(
    verifyUrlParams(secret, 'upload', 'file_1', { ...p, exp: p.exp + 1 }, now, 'video/mp4'),
    'bad-signature',
  );
});

test('expiry is checked after the signature', () => {
  const p = signUrlParams(secret, 'download', 'works/t/video.mp4', now - 1);
  assert.equal(verifyUrlParams(secret, 'download', 'works/t/video.mp4', p, now), 'expired');
  assert.equal(
    verifyUrlParams(secret, 'download', 'works/t/video.mp4', { exp: 'x', sig: p.sig }, now),
    'bad-signature',
  );
  assert.equal(verifyUrlParams(secret, 'download', 'works/t/video.mp4', {}, now), 'bad-signature');
});
