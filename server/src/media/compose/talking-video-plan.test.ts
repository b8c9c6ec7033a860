import assert from 'node:assert/strict';
import { test } from 'node:test';
import { imageMotionFilter, loopedVideoFilter, planVideoLoop, videoFit } from './avatar-filters.js';
import { evenSize, layoutBox, planFinalPass } from './talking-video-plan.js';

test('even output size and template box scaled to the output', () => {
  assert.deepEqual(evenSize(721, 1281), { width: 720, height: 1280 });
  assert.deepEqual(evenSize(1, 1), { width: 2, height: 2 });
  const layout = {
    width: 1080,
    height: 1920,
    backgroundPath: '/bg.png',
    avatarBox: { x: 65, y: 413, width: 951, height: 1113 },
  };
  assert.deepEqual(layoutBox(layout, 1080, 1920), { x: 66, y: 414, width: 952, height: 1114 });
  assert.deepEqual(layoutBox(layout, 720, 1280), { x: 44, y: 276, width: 634, height: 742 });
});

test('picture avatar in a template with poster, subtitles and AIGC mark', () => {
  const spec = planFinalPass({
    output: { path: '/o/w.mp4', width: 360, height: 640, fps: 25 },
    durationSec: 5.3,
    avatar: { kind: 'image', path: '/a/p.jpg', motion: 'subtle' },
    layout: {
      width: 360,
      height: 640,
      backgroundPath: '/t/bg.png',
      avatarBox: { x: 30, y: 110, width: 300, height: 380 },
    },
    posterPath: '/a/cover.png',
    audioPath: '/w/final.wav',
    subtitles: { assPath: '/w/s.ass', fontsDir: '/f' },
    aigc: { text: 'AI生成', fontFile: '/f/N.otf', produceId: 'w1' },
  });
  assert.deepEqual(spec.inputs, [
    { path: '/a/p.jpg', options: [] },
    { path: '/t/bg.png', options: [] },
    { path: '/a/cover.png', options: [] },
    { path: '/w/final.wav', options: [] },
  ]);
  assert.equal(spec.audioInput, 3);
  assert.equal(spec.coverLabel, 'cover');
  assert.deepEqual(spec.encoder, { preset: 'veryfast', crf: 23 });
  assert.deepEqual(spec.tags, {
    comment: 'AIGC {"Label":"1","ContentProducer":"likeness","ProduceID":"w1"}',
  });
  const parts = spec.filterGraph.split(';');
  assert.equal(parts[0], `[0:v]${imageMotionFilter('subtle', { width: 300, height: 380 }, 25)}[avatar]`);
  assert.match(spec.filterGraph, /\[1:v\]scale=360:640,setsar=1,.*\[bg\]/);
  assert.match(spec.filterGraph, /\[2:v\]scale=360:640:force_original_aspect_ratio=increase/);
  assert.match(spec.filterGraph, /drawtext=.*:x=w-tw-16:y=16\[marked\]/);
});

test('looping video avatar: the head from the source, then the loop unit endlessly', () => {
  const loop = planVideoLoop(3, 0.5, 5.3, 25);
  const spec = planFinalPass({
    output: { path: '/o/w.mp4', width: 721, height: 1280, fps: 25, preset: 'ultrafast', crf: 28 },
    durationSec: 5.3,
    avatar: { kind: 'video', path: '/a/clip.mp4', loop, unitPath: '/w/unit.mp4' },
    layout: null,
    posterPath: null,
    audioPath: '/a/speech.wav',
    subtitles: null,
    aigc: null,
  });
  assert.deepEqual(spec.inputs, [
    { path: '/a/clip.mp4', options: ['-ss', '0.5', '-t', '0.52'] },
    { path: '/w/unit.mp4', options: ['-stream_loop', '-1'] },
    { path: '/a/speech.wav', options: [] },
  ]);
  assert.equal(
    spec.filterGraph,
    `${loopedVideoFilter(loop, { source: 0, unit: 1 }, { width: 720, height: 1280 }, 25, 'avatar')};[avatar]fps=25,format=yuv420p[vout]`,
  );
  assert.deepEqual(spec.tags, {});
  assert.equal(spec.coverLabel, null);
  assert.deepEqual(spec.encoder, { preset: 'ultrafast', crf: 28 });
  const withoutUnit = {
    output: { path: '/o.mp4', width: 2, height: 2, fps: 25 },
    durationSec: 1,
    avatar: { kind: 'video' as const, path: '/a.mp4', loop, unitPath: null },
    layout: null,
    posterPath: null,
    audioPath: '/s.wav',
    subtitles: null,
    aigc: null,
  };
  assert.throws(() => planFinalPass(withoutUnit), /loop unit/);
});

test('video avatar with enough material plays once from startSec', () => {
  const spec = planFinalPass({
    output: { path: '/o/w.mp4', width: 360, height: 640, fps: 30 },
    durationSec: 5,
    avatar: { kind: 'video', path: '/a/long.mp4', loop: planVideoLoop(20, 2.5, 5, 30), unitPath: null },
    layout: null,
    posterPath: null,
    audioPath: '/a/s.wav',
    subtitles: null,
    aigc: null,
  });
  assert.deepEqual(spec.inputs[0], { path: '/a/long.mp4', options: ['-ss', '2.5'] });
  assert.equal(
    spec.filterGraph,
    `[0:v]${videoFit({ width: 360, height: 640 }, 30)}[avatar];[avatar]fps=30,format=yuv420p[vout]`,
  );
});
