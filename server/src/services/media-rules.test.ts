import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MediaInfo } from '../media/probe.js';
import {
  checkAvatarVideo,
  checkDrivingAudio,
  checkImage,
  checkSong,
  checkVoiceSample,
} from './media-rules.js';

const video = (
  over: Partial<NonNullable<MediaInfo['video']>> = {},
  duration = 10,
  format = 'mov,mp4,m4a,3gp,3g2,mj2',
): MediaInfo => ({
  formatName: format,
  durationSec: duration,
  sizeBytes: 1000,
  video: { codec: 'h264', width: 720, height: 1280, fps: 25, rotation: 0, attachedPic: false, ...over },
  audio: { codec: 'aac', sampleRate: 44100, channels: 2 },
  tags: {},
});
const audio = (duration: number, format = 'wav'): MediaInfo => ({
  formatName: format,
  durationSec: duration,
  sizeBytes: 1000,
  video: null,
  audio: { codec: 'pcm_s16le', sampleRate: 22050, channels: 1 },
  tags: {},
});
const code = (fn: () => void) => {
  try {
    fn();
    return 0;
  } catch (e) {
    return (e as { code: number }).code;
  }
};

test('avatar video limits map to the spec codes', () => {
  assert.equal(
    code(() => checkAvatarVideo(video(), 1000)),
    0,
  );
  assert.equal(
    code(() => checkAvatarVideo(video(), 501 * 1024 * 1024)),
    2011,
  );
  assert.equal(
    code(() => checkAvatarVideo(video({ codec: 'hevc' }), 1000)),
    2012,
  );
  assert.equal(
    code(() => checkAvatarVideo(video({}, 10, 'matroska,webm'), 1000)),
    2012,
  );
  assert.equal(
    code(() => checkAvatarVideo(video({ width: 320, height: 240 }), 1000)),
    2014,
  );
  assert.equal(
    code(() => checkAvatarVideo(video({ width: 4000, height: 5000 }), 1000)),
    2014,
  );
  assert.equal(
    code(() => checkAvatarVideo(video({}, 4.9), 1000)),
    2014,
  );
  assert.equal(
    code(() => checkAvatarVideo(video({}, 1801), 1000)),
    2014,
  );
  assert.equal(
    code(() => checkAvatarVideo(audio(10), 1000)),
    2014,
  );
});

test('audio limits: voice sample, driving audio, song', () => {
  assert.equal(
    code(() => checkVoiceSample(audio(10), 1000)),
    0,
  );
  assert.equal(
    code(() => checkVoiceSample(audio(4), 1000)),
    2013,
  );
  assert.equal(
    code(() => checkVoiceSample(audio(181), 1000)),
    2013,
  );
  assert.equal(
    code(() => checkVoiceSample(audio(10), 21 * 1024 * 1024)),
    2011,
  );
  assert.equal(
    code(() => checkVoiceSample(audio(10, 'ogg'), 1000)),
    2012,
  );
  assert.equal(
    code(() => checkDrivingAudio(audio(10, 'ogg'), 1000)),
    0,
  );
  assert.equal(
    code(() => checkDrivingAudio(audio(3), 1000)),
    2013,
  );
  assert.equal(
    code(() => checkSong(audio(61), 1000)),
    2013,
  );
  assert.equal(
    code(() => checkSong(audio(30), 1000)),
    0,
  );
});

test('image limits', () => {
  assert.equal(
    code(() => checkImage({ format: 'jpeg', width: 720, height: 1280 }, 1000)),
    0,
  );
  assert.equal(
    code(() => checkImage({ format: 'gif', width: 720, height: 1280 }, 1000)),
    2012,
  );
  assert.equal(
    code(() => checkImage({ format: 'png', width: 100, height: 100 }, 1000)),
    2016,
  );
  assert.equal(
    code(() => checkImage({ format: 'png', width: 720, height: 720 }, 30 * 1024 * 1024)),
    2011,
  );
});
