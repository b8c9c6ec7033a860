import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planVideoLoop } from './avatar-filters.js';
import { heldMaterialBytes, regionAvatarGraph, regionCropGraph } from './region-graph.js';
import { planRegionLoop } from './region-loop.js';

const box = { width: 360, height: 640 };
const region = { x: 100, y: 300, width: 120, height: 80 };
const loop = {
  path: '/a/clip.mp4',
  plan: planRegionLoop(planVideoLoop(3, 0.5, 6, 25), 25, 151)!,
  box,
  fps: 25,
};

test('a loop: one input per pass and one for the head, all from the start; the patch on stdin', () => {
  const g = regionAvatarGraph(loop, region);
  // 62 frames from 0.5 s (60 used), a 12-frame fade: passes [0, 60), [12, 60), [12, 55); seams
  // every 48 frames from frame 48 on, the last cut short.
  assert.deepEqual(
    g.inputs.map((i) => [i.path, i.options.join(' ')]),
    [
      ['pipe:0', '-f rawvideo -pix_fmt yuv420p -video_size 120x80 -framerate 25'],
      ['/a/clip.mp4', '-ss 0.5'],
      ['/a/clip.mp4', '-ss 0.5'],
      ['/a/clip.mp4', '-ss 0.5'],
      ['/a/clip.mp4', '-ss 0.5'],
    ],
  );
  const parts = g.graph.split(';');
  assert.match(
    parts[0]!,
    /^\[1:v\]setpts=PTS-STARTPTS,fps=25,scale=.*,trim=end_frame=60,setpts=PTS-STARTPTS,format=yuv420p\[p0\]$/,
  );
  assert.match(parts[1]!, /^\[2:v\].*trim=start_frame=12:end_frame=60,.*\[p1\]$/);
  assert.match(parts[2]!, /^\[3:v\].*trim=start_frame=12:end_frame=55,.*\[p2\]$/);
  assert.match(
    parts[3]!,
    /^\[4:v\].*trim=end_frame=12,.*format=yuva420p,fade=in:0:12:alpha=1,loop=loop=2:size=12:start=0,setpts='\(48\+floor\(N\/12\)\*48\+mod\(N,12\)\)\/\(25\*TB\)'\[heads\]$/,
  );
  assert.equal(parts[4], '[p0][p1][p2]concat=n=3:v=1:a=0[passes]');
  assert.equal(
    parts[5],
    "[passes][heads]overlay=format=yuv420:eof_action=pass:enable='gte(round(t*25),48)*lt(mod(round(t*25),48),12)'[looped]",
  );
  assert.equal(parts[6], '[looped][0:v]overlay=x=100:y=300:eof_action=pass,setsar=1[avatar]');
  assert.equal(parts.length, 7);
  assert.ok(!g.graph.includes('split'), 'no split on the main path');
});

test('without a region nothing is read from stdin', () => {
  const g = regionAvatarGraph(loop, null);
  assert.equal(g.inputs[0]!.path, '/a/clip.mp4');
  assert.match(g.graph, /\[passes\]\[heads\]overlay=.*,setsar=1\[avatar\]$/);
  assert.ok(!g.graph.includes('0:v]overlay'));
});

test('the region decoder reads the material once, cut to the region', () => {
  const c = regionCropGraph(loop, region);
  assert.equal(c.frames, 60);
  assert.deepEqual(
    c.inputs.map((i) => i.options.join(' ')),
    ['-ss 0.5'],
  );
  assert.match(c.graph, /^\[0:v\].*trim=end_frame=60,.*,crop=120:80:100:300\[region\]$/);
  const once = { ...loop, plan: planRegionLoop(planVideoLoop(8, 0, 2, 25), 25, 51)! };
  const o = regionCropGraph(once, region);
  assert.equal(o.frames, 51);
  assert.equal(o.inputs.length, 1);
  assert.match(o.graph, /trim=end_frame=51,.*crop=120:80:100:300\[region\]$/);
  assert.match(regionAvatarGraph(once, region).graph, /^\[1:v\].*trim=end_frame=51,.*null\[looped\]/);
});

test('a loop from the start: one concat input plays every pass, select keeps their frames', () => {
  const plan = planRegionLoop(planVideoLoop(3, 0, 9, 25), 25, 226, Infinity)!;
  const g = regionAvatarGraph(
    { ...loop, plan, concat: { entryFrames: 80, playlistPath: '/w/passes.ffconcat' } },
    region,
  );
  assert.deepEqual(
    g.inputs.map((i) => [i.path, i.options.join(' ')]),
    [
      ['pipe:0', '-f rawvideo -pix_fmt yuv420p -video_size 120x80 -framerate 25'],
      ['/w/passes.ffconcat', '-f concat -safe 0'],
      ['/a/clip.mp4', '-ss 0'],
    ],
  );
  // 226 frames: passes [0, 73), [12, 73), [12, 73), [12, 55) in four entries.
  assert.deepEqual(g.files, [
    {
      path: '/w/passes.ffconcat',
      text: `ffconcat version 1.0\n${"file '/a/clip.mp4'\nduration 3.200000\n".repeat(4)}`,
    },
  ]);
  const parts = g.graph.split(';');
  assert.match(parts[0]!, /^\[2:v\].*trim=end_frame=12,.*loop=loop=2:size=12:start=0,.*\[heads\]$/);
  assert.match(
    parts[1]!,
    /^\[1:v\]setpts=PTS-STARTPTS,fps=25,scale=.*,select='lt\(mod\(n,80\),73\)\*\(lt\(n,80\)\+gte\(mod\(n,80\),12\)\)',setpts=N,trim=end_frame=226,format=yuv420p\[passes\]$/,
  );
  assert.match(
    parts[2]!,
    /^\[passes\]\[heads\]overlay=.*enable='gte\(round\(t\*25\),61\)\*lt\(mod\(round\(t\*25\),61\),12\)'\[looped\]$/,
  );
  assert.equal(parts[3], '[looped][0:v]overlay=x=100:y=300:eof_action=pass,setsar=1[avatar]');
  assert.ok(!g.graph.includes('split'), 'no split on the main path');
  // Played once, the clip needs no playlist.
  const once = planRegionLoop(planVideoLoop(8, 0, 2, 25), 25, 51)!;
  const o = regionAvatarGraph(
    { ...loop, plan: once, concat: { entryFrames: 201, playlistPath: '/w/p' } },
    region,
  );
  assert.equal(o.files, undefined);
  assert.equal(o.inputs[1]!.path, '/a/clip.mp4');
});

test('material held in memory: one decode, replayed by loop from its first frame', () => {
  // A seamless cut at 125 frames, 301 frames long: [0, 125) three times, the last cut short.
  const seamless = planRegionLoop(planVideoLoop(10, 0, 12, 25, 125), 25, 301)!;
  const s = regionAvatarGraph({ ...loop, plan: seamless, held: true }, region);
  assert.deepEqual(
    s.inputs.map((i) => [i.path, i.options.join(' ')]),
    [
      ['pipe:0', '-f rawvideo -pix_fmt yuv420p -video_size 120x80 -framerate 25'],
      ['/a/clip.mp4', '-ss 0'],
    ],
  );
  assert.match(
    s.graph,
    /^\[1:v\]setpts=PTS-STARTPTS,fps=25,scale=.*,trim=end_frame=125,setpts=PTS-STARTPTS,format=yuv420p,loop=loop=2:size=125:start=0,setpts=N,trim=end_frame=301\[looped\];\[looped\]\[0:v\]overlay=x=100:y=300:eof_action=pass,setsar=1\[avatar\]$/,
  );
  assert.equal(heldMaterialBytes(seamless, box), 125 * 360 * 640 * 1.5);

  // Cross-faded (the fixture: m = 60, x = 12, passes [0, 60), [12, 60), [12, 55)): the first 12
  // frames are played once and [12, 60) is looped; the seams' head keeps its own input. Held
  // takes precedence over a concat playlist, which is then not written.
  const g = regionAvatarGraph(
    { ...loop, held: true, concat: { entryFrames: 80, playlistPath: '/w/passes.ffconcat' } },
    region,
  );
  assert.equal(g.files, undefined);
  assert.deepEqual(
    g.inputs.map((i) => i.path),
    ['pipe:0', '/a/clip.mp4', '/a/clip.mp4'],
  );
  const parts = g.graph.split(';');
  assert.match(
    parts[0]!,
    /^\[1:v\].*trim=end_frame=60,setpts=PTS-STARTPTS,format=yuv420p,split\[held0\]\[held1\]$/,
  );
  assert.equal(parts[1], '[held0]trim=end_frame=12[first]');
  assert.equal(parts[2], '[held1]trim=start_frame=12,setpts=PTS-STARTPTS,loop=loop=2:size=48:start=0[rest]');
  assert.match(parts[3]!, /^\[2:v\].*trim=end_frame=12,.*fade=in:0:12:alpha=1,.*\[heads\]$/);
  assert.equal(parts[4], '[first][rest]concat=n=2:v=1:a=0,settb=1/25,setpts=N,trim=end_frame=151[passes]');
  assert.match(
    parts[5]!,
    /^\[passes\]\[heads\]overlay=.*enable='gte\(round\(t\*25\),48\)\*lt\(mod\(round\(t\*25\),48\),12\)'\[looped\]$/,
  );
  assert.equal(heldMaterialBytes(loop.plan, box), 48 * 360 * 640 * 1.5);

  // Played once, nothing is held.
  const once = planRegionLoop(planVideoLoop(8, 0, 2, 25), 25, 51)!;
  assert.doesNotMatch(regionAvatarGraph({ ...loop, plan: once, held: true }, region).graph, /loop=/);
});
