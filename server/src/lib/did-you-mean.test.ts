import assert from 'node:assert/strict';
import { test } from 'node:test';
import { didYouMean, editDistance } from './did-you-mean.js';

const TTS = ['text', 'voice', 'avatar', 'video_file_id', 'title', 'st_show', 'st_font_size', 'aigc_flag'];

test('a misspelt parameter is matched to the one it most likely meant', () => {
  assert.equal(didYouMean('avtar', TTS), 'avatar');
  assert.equal(didYouMean('st_sho', TTS), 'st_show');
  assert.equal(didYouMean('Voice', TTS), 'voice');
  assert.equal(didYouMean('vioce', TTS), 'voice'); // two letters swapped: one edit
  assert.equal(didYouMean('knd', ['page', 'size', 'kind']), 'kind');
  assert.equal(didYouMean('st_fontsize', TTS), 'st_font_size');
});

test('a name that is not close to any known one is not matched', () => {
  assert.equal(didYouMean('subtitle', TTS), null); // a real client's own field
  assert.equal(didYouMean('x', ['page', 'size']), null);
  assert.equal(didYouMean('callback_url', TTS), null);
});

test('the distance counts insertions, deletions, substitutions and swaps', () => {
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('abc', 'abc'), 0);
  assert.equal(editDistance('abc', 'acb'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
});
