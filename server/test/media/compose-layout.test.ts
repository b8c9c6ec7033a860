import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  extractFrame,
  hasAigcMark,
  measureLoudness,
  renderTalkingVideo,
} from '../../src/media/compose/index.js';
import { probeMedia } from '../../src/media/probe.js';
import {
  bins,
  makeBackground,
  makeMusic,
  makeNoise,
  makePortrait,
  makeRotatedPhoto,
  makeSolidPng,
  makeSpeech,
  makeTempDir,
  meanColour,
  meanDiff,
  probeStreams,
  readPixels,
  testOutputDir,
} from './compose-fixtures.js';

// Template video: background PNG with a title band, a picture avatar with gentle motion in a box,
// subtitles, a custom cover, music and ambience under the speech.
const W = 360;
const H = 640;
const SPEECH_SEC = 5.6;
const BOX = { x: 30, y: 110, width: 300, height: 380 };
const BG_RGB: [number, number, number] = [20, 90, 110];
const POSTER_RGB: [number, number, number] = [200, 30, 160];

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
let speech = '';
let portrait = '';

before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-compose-layout-'));
  speech = await makeSpeech(path.join(dir, 'speech.wav'), SPEECH_SEC);
  portrait = await makePortrait(path.join(dir, 'portrait.jpg'));
});

after(() => cleanup());

const close = (a: number[], b: number[], tol: number) => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= tol);

test('template layout with picture avatar, cover, subtitles, beds and loudness targets', async (t) => {
  const background = await makeBackground(path.join(dir, 'bg.png'), W, H);
  const poster = await makeSolidPng(path.join(dir, 'poster.png'), 500, 500, POSTER_RGB);
  const bgm = await makeMusic(path.join(dir, 'bgm.wav'), 2);
  const ambience = await makeNoise(path.join(dir, 'amb.wav'), 3);
  const out = path.join(dir, 'template.mp4');
  const res = await renderTalkingVideo(bins, {
    avatar: { kind: 'image', path: portrait, motion: 'subtle' },
    speech: { path: speech },
    output: { path: out, width: W, height: H, fps: 25, preset: 'ultrafast' },
    layout: { width: W, height: H, backgroundPath: background, avatarBox: BOX },
    // A still beside a held background and a cover: the encode must still end (see composeGraph).
    still: { path: path.join(dir, 'still.jpg'), atSec: 1 },
    subtitles: {
      cues: [
        { text: '欢迎来到模板视频', startSec: 0.2, endSec: 2.5 },
        { text: '背景音乐和环境声在语音下面。', startSec: 2.5, endSec: SPEECH_SEC },
      ],
      style: {
        fontName: null,
        fontSize: 36,
        primaryColor: '#ffee00',
        outlineColor: '#202020',
        x: 20,
        y: 520,
        width: 320,
        height: 90,
      },
    },
    bgm: { path: bgm, targetLufs: -30 },
    ambience: { path: ambience, targetLufs: -40 },
    mixLufs: -16,
    posterImagePath: poster,
    aigcLabel: { text: 'AI生成', corner: 'bottom-right' },
  });

  const info = await probeMedia(bins.ffprobe, out);
  assert.equal(info.video?.codec, 'h264');
  assert.equal(info.video?.width, W);
  assert.equal(info.video?.height, H);
  assert.ok(Math.abs(info.durationSec - SPEECH_SEC) <= 0.1, `duration ${info.durationSec}`);
  const { streams, tags } = await probeStreams(out);
  const cover = streams.find((s) => s.disposition?.attached_pic === 1);
  assert.equal(cover?.codec_name, 'mjpeg', 'poster attached as cover picture');
  assert.ok(hasAigcMark(tags.comment));
  const still = (await probeStreams(path.join(dir, 'still.jpg'))).streams[0];
  assert.deepEqual(
    [still?.codec_name, still?.width, still?.height],
    ['mjpeg', W, H],
    'the still beside the work',
  );

  // Stems: what each bed was normalised to (ebur128's measurement of its output as it was written) …
  assert.ok(
    Math.abs((res.soundtrack.bgm?.outputLufs ?? 0) - -30) <= 1,
    `bgm ${res.soundtrack.bgm?.outputLufs}`,
  );
  assert.ok(Math.abs((res.soundtrack.ambience?.outputLufs ?? 0) - -40) <= 1);
  // … and the finished file, measured independently.
  const loud = await measureLoudness(bins, out);
  assert.ok(Math.abs(loud.integratedLufs - -16) <= 1, `mix ${loud.integratedLufs} LUFS`);
  t.diagnostic(`duration ${info.durationSec}s, mix ${loud.integratedLufs} LUFS (TP ${loud.truePeakDb})`);

  await mkdir(testOutputDir, { recursive: true });
  const first = path.join(testOutputDir, 'compose-layout-frame0.png');
  const early = path.join(testOutputDir, 'compose-layout-1s.png');
  const late = path.join(dir, 'late.png');
  await extractFrame(bins, out, 0, first);
  await extractFrame(bins, out, 1, early);
  await extractFrame(bins, out, 4.5, late);
  const f0 = await readPixels(first);
  const f1 = await readPixels(early);
  const f4 = await readPixels(late);

  // Frame 0 is the cover picture (the mark excepted).
  assert.ok(
    close(meanColour(f0, { x: 40, y: 200, width: 280, height: 240 }), POSTER_RGB, 12),
    'first frame shows the cover',
  );
  // Later frames: background outside the box, the avatar inside it.
  assert.ok(
    close(meanColour(f1, { x: 4, y: 200, width: 20, height: 200 }), BG_RGB, 10),
    'background left of the box',
  );
  const inBox = meanColour(f1, {
    x: BOX.x + 10,
    y: BOX.y + 10,
    width: BOX.width - 20,
    height: BOX.height - 20,
  });
  assert.ok(
    !close(inBox, BG_RGB, 30),
    `avatar box shows the avatar, mean ${inBox.map(Math.round).join(',')}`,
  );
  // Without a face track the picture is shown as it is (faces are animated by the talking-head
  // renderer, tested in talking-head.test.ts); the template around it is steady too.
  const boxInner = { x: BOX.x, y: BOX.y, width: BOX.width, height: BOX.height };
  const moved = meanDiff(f1, f4, boxInner);
  assert.ok(moved < 1.5, `untracked picture moved by ${moved.toFixed(1)}`);
  assert.ok(meanDiff(f1, f4, { x: 0, y: 0, width: W, height: 100 }) < 2, 'title band is steady');
});

test('still picture avatar: no motion, no AIGC mark, upright from EXIF orientation', async () => {
  const photo = await makeRotatedPhoto(path.join(dir, 'rotated.jpg'));
  const out = path.join(dir, 'still.mp4');
  await renderTalkingVideo(bins, {
    avatar: { kind: 'image', path: photo, motion: 'still' },
    speech: { path: speech },
    output: { path: out, width: 240, height: 360, fps: 25, preset: 'ultrafast' },
    aigcLabel: null,
  });
  const { tags } = await probeStreams(out);
  assert.equal(tags.comment, undefined);
  const a = path.join(dir, 's1.png');
  const b = path.join(dir, 's4.png');
  await extractFrame(bins, out, 1, a);
  await extractFrame(bins, out, 4, b);
  const p1 = await readPixels(a);
  const p4 = await readPixels(b);
  assert.ok(meanDiff(p1, p4, { x: 0, y: 0, width: 240, height: 360 }) < 1, 'still picture does not move');
  const top = meanColour(p1, { x: 20, y: 20, width: 200, height: 100 });
  assert.ok(top[2] > 150 && top[0] < 80, `top is blue once upright: ${top.map(Math.round).join(',')}`);
});
