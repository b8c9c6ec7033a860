import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aigcMarkFilter, assFilter, composeGraph } from './video-filters.js';

const canvas = { width: 360, height: 640, fps: 25 };

test('ass filter escapes paths for the graph', () => {
  assert.equal(
    assFilter("/tmp/it's, here/s.ass", '/f'),
    "ass=filename=/tmp/it\\\\\\'s\\, here/s.ass:fontsdir=/f",
  );
});

test('AIGC mark in each corner, sized from the frame', () => {
  const base =
    'drawtext=fontfile=/f/N.otf:expansion=none:text=AI生成:fontsize=17:fontcolor=white@0.9:box=1:boxcolor=black@0.35:boxborderw=5';
  assert.equal(aigcMarkFilter('AI生成', '/f/N.otf', canvas, 'top-right'), `${base}:x=w-tw-16:y=16`);
  assert.equal(aigcMarkFilter('AI生成', '/f/N.otf', canvas, 'bottom-left'), `${base}:x=16:y=h-th-16`);
  // 1080x1920: 50 px text, 15 px padding, 32 + 15 px margin.
  assert.match(
    aigcMarkFilter('AI', '/f', { width: 1080, height: 1920, fps: 25 }, 'top-left'),
    /fontsize=50:.*boxborderw=15:x=47:y=47$/,
  );
  // Text with graph/option specials arrives intact.
  assert.match(
    aigcMarkFilter("AI: it's [x], y;z", '/f', canvas, 'top-left'),
    /text=AI\\\\: it\\\\\\'s \\\[x\\\]\\, y\\;z:/,
  );
});

test('minimal graph: the avatar fills the frame', () => {
  assert.deepEqual(
    composeGraph({
      canvas,
      avatarGraph: '[0:v]A[avatar]',
      layout: null,
      subtitles: null,
      poster: null,
      aigc: null,
    }),
    {
      graph: '[0:v]A[avatar];[avatar]fps=25,format=yuv420p[vout]',
      videoLabel: 'vout',
      coverLabel: null,
      stillLabel: null,
    },
  );
});

test('a still: the finished picture is shared with a branch that keeps one frame and ends, full-range for JPEG', () => {
  const g = composeGraph({
    canvas,
    avatarGraph: '[0:v]A[avatar]',
    layout: null,
    subtitles: null,
    poster: null,
    aigc: null,
    still: { frame: 25 },
  });
  assert.equal(
    g.graph,
    '[0:v]A[avatar];[avatar]fps=25,format=yuv420p,split=2[vout][still_all];' +
      '[still_all]trim=start_frame=25:end_frame=26,format=yuvj420p[still]',
  );
  assert.equal(g.videoLabel, 'vout');
  assert.equal(g.stillLabel, 'still');
});

test('full graph: template, subtitles, poster frame and cover, AIGC mark on top', () => {
  const g = composeGraph({
    canvas,
    avatarGraph: '[0:v]A[avatar]',
    layout: { backgroundInput: 1, avatarBox: { x: 30, y: 110, width: 300, height: 380 } },
    subtitles: { assPath: '/w/s.ass', fontsDir: '/f' },
    poster: { input: 2 },
    aigc: { text: 'AI', fontFile: '/f/N.otf', corner: 'top-right' },
  });
  assert.equal(g.coverLabel, 'cover');
  assert.deepEqual(g.graph.split(';'), [
    '[0:v]A[avatar]',
    '[1:v]scale=360:640,setsar=1,loop=loop=-1:size=1:start=0,setpts=N/25/TB[bg]',
    '[bg][avatar]overlay=x=30:y=110:eof_action=repeat[base]',
    '[base]ass=filename=/w/s.ass:fontsdir=/f[subbed]',
    '[2:v]scale=360:640:force_original_aspect_ratio=increase,crop=360:640,setsar=1,split=2[poster_frame][poster_pic]',
    '[subbed][poster_frame]overlay=x=0:y=0:eof_action=repeat:enable=eq(n\\,0)[posted]',
    '[poster_pic]format=yuvj420p[cover]',
    '[posted]drawtext=fontfile=/f/N.otf:expansion=none:text=AI:fontsize=17:fontcolor=white@0.9:box=1:boxcolor=black@0.35:boxborderw=5:x=w-tw-16:y=16[marked]',
    '[marked]fps=25,format=yuv420p[vout]',
  ]);
});
