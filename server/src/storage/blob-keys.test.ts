import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertValidBlobKey } from './blob-store.js';
import {
  avatarFaceTrackKey,
  avatarImageKey,
  avatarPosterKey,
  avatarVideoKey,
  CATALOGUE_ASSETS,
  catalogueAssetKey,
  catalogueAvatarKey,
  coverKey,
  uploadKey,
  voiceDemoKey,
  voiceSampleKey,
  workAudioKey,
  workVideoKey,
} from './blob-keys.js';

// Stored rows hold these keys: the formats are the ones data already written uses, exactly.
test('keys of account data keep the formats stored rows already hold', () => {
  assert.equal(uploadKey('acc_1', 'file_2', 'mp4'), 'uploads/acc_1/file_2.mp4');
  assert.equal(workVideoKey('t_1'), 'works/t_1/video.mp4');
  assert.equal(workAudioKey('t_1'), 'works/t_1/audio.mp3');
  assert.equal(avatarVideoKey('av_1'), 'avatars/av_1/source.mp4');
  assert.equal(avatarImageKey('av_1'), 'avatars/av_1/image.png');
  assert.equal(avatarPosterKey('av_1'), 'avatars/av_1/poster.png');
  assert.equal(avatarFaceTrackKey('av_1'), 'avatars/av_1/face-track.bin');
  assert.equal(voiceSampleKey('vo_1', 'm4a'), 'voices/vo_1/sample.m4a');
  assert.equal(voiceDemoKey('vo_1'), 'voices/vo_1/demo.mp3');
  assert.equal(coverKey('acc_1', 'cov_1', 'jpg'), 'covers/acc_1/cov_1.jpg');
});

test('catalogue keys keep their formats too', () => {
  assert.equal(catalogueAvatarKey('pub-avatar-lin'), 'catalogue/avatars/pub-avatar-lin.png');
  assert.equal(catalogueAssetKey('template-cover', 'tpl-1'), 'catalogue/templates/tpl-1/cover.png');
  assert.equal(catalogueAssetKey('template-demo', 'tpl-1'), 'catalogue/templates/tpl-1/demo.mp4');
  assert.equal(catalogueAssetKey('voice-demo', 'pub-en-olivia'), 'catalogue/voices/pub-en-olivia/demo.mp3');
  assert.equal(catalogueAssetKey('cover-style', 'cover-news'), 'catalogue/cover-styles/cover-news.png');
});

test('every key is one the blob stores accept', () => {
  const keys = [
    uploadKey('a', 'f', 'mov'),
    workVideoKey('t'),
    workAudioKey('t'),
    avatarVideoKey('a'),
    avatarImageKey('a'),
    avatarPosterKey('a'),
    avatarFaceTrackKey('a'),
    voiceSampleKey('v', 'wav'),
    voiceDemoKey('v'),
    coverKey('a', 'c', 'png'),
    catalogueAvatarKey('a'),
    ...CATALOGUE_ASSETS.map((kind) => catalogueAssetKey(kind, 'x')),
  ];
  for (const key of keys) assert.doesNotThrow(() => assertValidBlobKey(key), key);
  assert.equal(new Set(keys).size, keys.length, 'no two kinds of blob share a key');
});
