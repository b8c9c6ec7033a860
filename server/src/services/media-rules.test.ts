import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MediaDefectError } from '../media/media-defect.js';
import type { MediaInfo } from '../media/probe.js';
import {
  checkAvatarVideo,
  checkBackgroundAudio,
  checkDrivingAudio,
  checkImage,
  checkSpeakableText,
  checkSong,
  checkSourceVideo,
  checkTranslateVideo,
  checkVoiceSample,
  codecLabel,
  describeContent,
  explainDefect,
  formatLabel,
  lengthUnknown,
} from './media-rules.js';

const video = (
  over: Partial<NonNullable<MediaInfo['video']>> = {},
  duration = 10,
  format = 'mov,mp4,m4a,3gp,3g2,mj2',
): MediaInfo => ({
  formatName: format,
  durationSec: duration,
  durationEstimated: false,
  sizeBytes: 1000,
  video: {
    codec: 'h264',
    width: 720,
    height: 1280,
    fps: 25,
    rotation: 0,
    attachedPic: false,
    startSec: 0,
    durationSec: duration,
    timeBase: { num: 1, den: 12800 },
    ...over,
  },
  audio: { codec: 'aac', sampleRate: 44100, channels: 2, startSec: 0, durationSec: duration },
  tags: {},
});
const audio = (duration: number, format = 'wav'): MediaInfo => ({
  formatName: format,
  durationSec: duration,
  durationEstimated: false,
  sizeBytes: 1000,
  video: null,
  audio: { codec: 'pcm_s16le', sampleRate: 22050, channels: 1, startSec: 0, durationSec: duration },
  tags: {},
});
const message = (fn: () => void) => {
  try {
    fn();
    return '';
  } catch (e) {
    return (e as Error).message;
  }
};
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
    0,
  );
  assert.equal(
    code(() => checkImage({ format: 'png', width: 48, height: 200 }, 1000)),
    2016,
  );
  assert.equal(
    code(() => checkImage({ format: 'png', width: 720, height: 720 }, 30 * 1024 * 1024)),
    2011,
  );
});

test('a picture over the pixel limit is a size error (2011), whatever its bytes', () => {
  assert.equal(
    code(() => checkImage({ format: 'png', width: 20000, height: 20000 }, 60_000)),
    2011,
  );
  assert.equal(
    code(() => checkImage({ format: 'png', width: 9000, height: 300 }, 60_000)),
    2011,
  );
  assert.equal(
    code(() => checkImage({ format: 'png', width: 8192, height: 8192 }, 60_000)),
    0,
  );
  assert.equal(
    message(() =>
      checkImage({ format: 'png', width: 20000, height: 20000 }, 60_000, 20 << 20, 'the picture'),
    ),
    'the picture is 20000x20000 pixels, over the limit of 8192 pixels a side; scale it down',
  );
  assert.match(
    message(() => checkImage({ format: 'gif', width: 400, height: 400 }, 1000)),
    /got GIF/,
  );
});

test('video_file_id follows the avatar video rules, naming the parameter', () => {
  assert.equal(
    code(() => checkSourceVideo(video(), 1000)),
    0,
  );
  assert.equal(
    code(() => checkSourceVideo(video({ codec: 'hevc' }), 1000)),
    2012,
  );
  assert.equal(
    code(() => checkSourceVideo(video({ width: 7680, height: 4320 }), 1000)),
    2014,
  );
  assert.equal(
    code(() => checkSourceVideo(video({}, 0.04), 1000)),
    2014,
  );
  assert.equal(
    message(() => checkSourceVideo(video({ codec: 'hevc' }), 1000, 500 << 20, 'the video (video_file_id)')),
    'the video (video_file_id) must be H.264 encoded, got H.265/HEVC; re-encode it with H.264',
  );
  assert.equal(
    message(() => checkSourceVideo(audio(10, 'mov,mp4,m4a,3gp,3g2,mj2'), 1000)),
    'video_file_id has no video stream (it is MP4/MOV audio); upload an MP4 or MOV video',
  );
});

test('background music and ambience: any length up to 30 minutes', () => {
  assert.equal(
    code(() => checkBackgroundAudio(audio(0.5), 1000, 1 << 20, 'bgm')),
    0,
  );
  assert.equal(
    code(() => checkBackgroundAudio(audio(1801), 1000, 1 << 20, 'bgm')),
    2013,
  );
  assert.equal(
    code(() => checkBackgroundAudio(audio(10), 2 << 20, 1 << 20, 'bgm')),
    2011,
  );
});

test('readable names of formats and codecs', () => {
  assert.equal(formatLabel('mov,mp4,m4a,3gp,3g2,mj2'), 'MP4/MOV');
  assert.equal(formatLabel('matroska,webm'), 'WebM/Matroska');
  assert.equal(formatLabel('png_pipe'), 'a PNG picture');
  assert.equal(formatLabel('image2'), 'a JPEG picture');
  assert.equal(formatLabel('mp3'), 'MP3');
  assert.equal(formatLabel('nut'), 'NUT');
  assert.equal(codecLabel('hevc'), 'H.265/HEVC');
  assert.equal(codecLabel('theora'), 'THEORA');
  assert.equal(describeContent(audio(3, 'mp3')), 'MP3 audio');
  assert.equal(describeContent(video()), 'MP4/MOV video');
});

test('damaged inputs get their category code and say what to do; the defect stays as the cause', () => {
  const cut = new MediaDefectError('truncated', 'cut', { declaredSec: 10, presentSec: 0.16 }, 'stderr');
  const e = explainDefect(cut, 'audio', 'the audio (file_id)');
  assert.equal(e.code, 2013);
  assert.equal(
    e.message,
    'the audio (file_id) is incomplete: its header declares 10.0 s but the file holds only 0.2 s of sound; it was probably cut off while downloading, copying or uploading: upload the complete file',
  );
  assert.equal(e.cause, cut);
  const codes = (['video', 'audio', 'image'] as const).map(
    (c) => explainDefect(new MediaDefectError('unreadable', 'x'), c, 'it').code,
  );
  assert.deepEqual(codes, [2014, 2013, 2016]);
  assert.match(
    explainDefect(new MediaDefectError('undecodable', 'x'), 'image', 'it').message,
    /export it again/,
  );
  assert.match(explainDefect(new MediaDefectError('timeout', 'x'), 'video', 'it').message, /in time/);
});

test('before the decode check the length is unknown: the header cannot refuse by a length it may invent', () => {
  assert.equal(
    code(() => checkDrivingAudio(lengthUnknown(audio(36_000)), 1000)),
    0,
  );
  assert.equal(
    code(() => checkAvatarVideo(lengthUnknown(video({}, 0.04)), 1000)),
    0,
  );
  assert.equal(
    code(() => checkVoiceSample(lengthUnknown(audio(10, 'ogg')), 1000)),
    2012,
    'other rules apply',
  );
  assert.equal(
    code(() => checkDrivingAudio(audio(36_000), 1000)),
    2013,
    'the measured length is judged',
  );
});

test('a video to translate: at most 10 minutes (2014), a picture stream, the size bound (2011)', () => {
  assert.equal(
    code(() => checkTranslateVideo(video({}, 600), 1000)),
    0,
  );
  assert.equal(
    message(() => checkTranslateVideo(video({}, 600.5), 1000)),
    'the video to translate must last at most 10 minutes, got 600.5 s',
  );
  assert.equal(
    code(() => checkTranslateVideo(video({}, 601), 1000)),
    2014,
  );
  assert.equal(
    code(() =>
      checkTranslateVideo(audio(10, 'mov,mp4,m4a,3gp,3g2,mj2'), 1000, 500 << 20, 'the video (video_file_id)'),
    ),
    2014,
  );
  assert.equal(
    code(() => checkTranslateVideo(video(), 600 << 20, 500 << 20)),
    2011,
  );
});

test('text with nothing to speak is refused with 11 and says so; any letter or digit in any script speaks', () => {
  for (const t of ['   ', '...', '!?。、', '<b></b>', '🙂🎉', ' \n\t ']) {
    assert.equal(
      code(() => checkSpeakableText(t)),
      11,
      JSON.stringify(t),
    );
  }
  assert.throws(() => checkSpeakableText('  '), /text is empty/);
  assert.throws(() => checkSpeakableText('…!'), /nothing to speak/);
  for (const t of ['Hi', '你好', '42', '<b>hola</b>', 'ok 🙂', 'こんにちは']) {
    assert.equal(
      code(() => checkSpeakableText(t)),
      0,
      JSON.stringify(t),
    );
  }
});
