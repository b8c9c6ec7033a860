import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evenSize, framesOnStdin, layoutBox, planFinalPass } from './talking-video-plan.js';

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

test('animated frames in a template with poster, subtitles and AIGC mark', () => {
  const spec = planFinalPass({
    output: { path: '/o/w.mp4', width: 360, height: 640, fps: 25 },
    avatar: framesOnStdin({ width: 300, height: 380 }, 25),
    durationSec: 5.3,
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
    {
      path: 'pipe:0',
      options: ['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-video_size', '300x380', '-framerate', '25'],
    },
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
  assert.equal(parts[0], '[0:v]setsar=1[avatar]');
  assert.match(spec.filterGraph, /\[1:v\]scale=360:640,setsar=1,.*\[bg\]/);
  assert.match(spec.filterGraph, /\[2:v\]scale=360:640:force_original_aspect_ratio=increase/);
  assert.match(spec.filterGraph, /drawtext=.*:x=w-tw-16:y=16\[marked\]/);
});

/** An avatar alone with its sound: no template, poster, subtitles or mark. */
const bareFacts = {
  durationSec: 5.3,
  layout: null,
  posterPath: null,
  audioPath: '/a/speech.wav',
  subtitles: null,
  aigc: null,
};

test('the final pass of a bare avatar: frames from stdin, the soundtrack, our own encoder settings', () => {
  const spec = planFinalPass({
    output: { path: '/o/w.mp4', width: 721, height: 1280, fps: 25, preset: 'ultrafast', crf: 28 },
    avatar: framesOnStdin({ width: 720, height: 1280 }, 25),
    ...bareFacts,
  });
  assert.equal(spec.inputs[0]!.path, 'pipe:0');
  assert.deepEqual(spec.inputs[1], { path: '/a/speech.wav', options: [] });
  assert.equal(spec.audioInput, 1);
  assert.equal(spec.filterGraph, '[0:v]setsar=1[avatar];[avatar]fps=25,format=yuv420p[vout]');
  assert.deepEqual(spec.tags, {});
  assert.equal(spec.coverLabel, null);
  assert.deepEqual(spec.encoder, { preset: 'ultrafast', crf: 28 });
});

test('a region-only avatar: its inputs come first, the soundtrack after them', () => {
  const spec = planFinalPass({
    output: { path: '/o/w.mp4', width: 720, height: 1280, fps: 25 },
    avatar: {
      inputs: [
        { path: 'pipe:0', options: [] },
        { path: '/a/clip.mp4', options: ['-ss', '0'] },
      ],
      graph: '[1:v]null[looped];[looped][0:v]overlay=x=2:y=4,setsar=1[avatar]',
    },
    ...bareFacts,
  });
  assert.equal(spec.inputs.length, 3);
  assert.equal(spec.audioInput, 2);
  assert.match(
    spec.filterGraph,
    /^\[1:v\]null\[looped\];\[looped\]\[0:v\]overlay=x=2:y=4,setsar=1\[avatar\];/,
  );
});

test('a still is taken at the frame nearest its time, never past the last frame', () => {
  const plan = (atSec: number, durationSec = 5) =>
    planFinalPass({
      output: { path: '/o/w.mp4', width: 720, height: 1280, fps: 25 },
      avatar: framesOnStdin({ width: 720, height: 1280 }, 25),
      ...bareFacts,
      durationSec,
      still: { path: '/o/poster.jpg', atSec },
    });
  const frameOf = (graph: string) => /trim=start_frame=(\d+):end_frame=/.exec(graph)?.[1];
  assert.equal(frameOf(plan(1).filterGraph), '25');
  assert.equal(frameOf(plan(0.3).filterGraph), '8');
  // 0.1 s at 25 fps has frames 0-2; a time past the end takes the last.
  assert.equal(frameOf(plan(1, 0.1).filterGraph), '2');
  assert.deepEqual(plan(1).still, { label: 'still', path: '/o/poster.jpg' });
  assert.equal(
    planFinalPass({
      output: { path: '/o/w.mp4', width: 720, height: 1280, fps: 25 },
      avatar: framesOnStdin({ width: 720, height: 1280 }, 25),
      ...bareFacts,
    }).still,
    null,
  );
});
