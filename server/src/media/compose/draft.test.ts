import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DRAFT, draftJob, draftOutput, draftScale, scaledSize, scaleSubtitleStyle } from './draft.js';
import type { TalkingVideoJob } from './types.js';
import { composeGraph } from './video-filters.js';

test('a draft is at most 360 px on its shorter side, 8 fps, the fastest encode and mono sound', () => {
  const out = (width: number, height: number, fps = 25) => ({ path: 'o.mp4', width, height, fps });
  assert.deepEqual(draftOutput(out(720, 1280)), {
    path: 'o.mp4',
    width: 360,
    height: 640,
    fps: 8,
    preset: 'ultrafast',
    crf: DRAFT.crf,
    audio: { channels: 1, bitrateK: 64 },
  });
  assert.deepEqual(draftOutput(out(1920, 1080, 30)).height, 360);
  assert.equal(draftOutput(out(1920, 1080, 30)).width, 640);
  // Odd results round down to even pixels; a small picture is not enlarged, a slow one not sped up.
  assert.deepEqual(scaledSize({ width: 700, height: 701 }, draftScale({ width: 700, height: 701 })), {
    width: 360,
    height: 360,
  });
  const small = draftOutput(out(320, 240, 6));
  assert.deepEqual([small.width, small.height, small.fps], [320, 240, 6]);
});

test("subtitles shrink with the draft's frame", () => {
  const style = {
    fontName: null,
    fontSize: 48,
    primaryColor: '#fff',
    outlineColor: '#000',
    x: 40,
    y: 1000,
    width: 640,
    height: 200,
  };
  assert.deepEqual(scaleSubtitleStyle(style, 0.5), {
    ...style,
    fontSize: 24,
    x: 20,
    y: 500,
    width: 320,
    height: 100,
  });
  assert.equal(scaleSubtitleStyle(style, 0.1).fontSize, 8, 'never unreadably small');
});

test("a draft's TEST mark goes on a red box, after the AIGC mark", () => {
  const g = composeGraph({
    canvas: { width: 360, height: 640, fps: 12 },
    avatarGraph: '[0:v]null[avatar]',
    layout: null,
    subtitles: null,
    poster: null,
    aigc: { text: 'AI-generated', fontFile: '/f.ttf', corner: 'top-right' },
    draftMark: { text: 'TEST', fontFile: '/f.ttf', corner: 'top-left' },
  }).graph;
  assert.match(
    g,
    /\[marked\]drawtext=[^[]*text=TEST[^[]*boxcolor=red@0\.75[^[]*x=\d+:y=\d+\[drafted\];\[drafted\]fps=12/,
  );
});

test('a draft job: the draft output and mark, a still head, unlevelled speech and mix; beds keep their targets', () => {
  const job: TalkingVideoJob = {
    avatar: { kind: 'image', path: 'p.png', motion: 'lively' },
    speech: { path: 's.wav', durationSec: 10, targetLufs: -16 },
    bgm: { path: 'm.mp3', targetLufs: -30 },
    mixLufs: -14,
    output: { path: 'o.mp4', width: 720, height: 1280, fps: 25 },
    aigcLabel: { text: 'AI-generated' },
  };
  const d = draftJob(job, 'TEST');
  assert.deepEqual(d.avatar, { kind: 'image', path: 'p.png', motion: 'still' });
  assert.deepEqual(d.speech, { path: 's.wav', durationSec: 10 });
  assert.equal('mixLufs' in d, false);
  assert.deepEqual(d.bgm, job.bgm);
  assert.deepEqual(d.output, draftOutput(job.output));
  assert.equal(d.draftMark, 'TEST');
  assert.deepEqual(d.aigcLabel, job.aigcLabel);
  // The job it was made from is left as it was; a video avatar plays as it is.
  assert.equal(job.speech.targetLufs, -16);
  const video: TalkingVideoJob = { ...job, avatar: { kind: 'video', path: 'c.mp4', startSec: 0 } };
  assert.deepEqual(draftJob(video, 'TEST').avatar, video.avatar);
});
