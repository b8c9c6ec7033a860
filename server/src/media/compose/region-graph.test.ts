import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planVideoLoop } from './avatar-filters.js';
import { regionAvatarGraph, regionCropGraph } from './region-graph.js';
import { planRegionLoop } from './region-loop.js';

const box = { width: 360, height: 640 };
const region = { x: 100, y: 300, width: 120, height: 80 };
const loop = {
  path: '/a/clip.mp4',
  plan: planRegionLoop(planVideoLoop(3, 0.5, 6, 25), 25, 151)!,
  box,
  fps: 25,
};

test('a loop: one input per pass from the start, the tail from its own seek, the patch on stdin', () => {
  const g = regionAvatarGraph(loop, region);
  // 62 frames from 0.5 s (60 used), a 12-frame fade: body 48, seam, body 36, seam, body 36, 7 of a seam.
  assert.deepEqual(
    g.inputs.map((i) => [i.path, i.options.join(' ')]),
    [
      ['pipe:0', '-f rawvideo -pix_fmt yuv420p -video_size 120x80 -framerate 25'],
      ['/a/clip.mp4', '-ss 0.5'],
      ['/a/clip.mp4', '-ss 0.5'],
      ['/a/clip.mp4', '-ss 0.5'],
      ['/a/clip.mp4', '-ss 2.42'],
      ['/a/clip.mp4', '-ss 0.5'],
    ],
  );
  const parts = g.graph.split(';');
  assert.match(
    parts[0]!,
    /^\[1:v\]setpts=PTS-STARTPTS,fps=25,scale=.*,trim=end_frame=48,setpts=PTS-STARTPTS,format=yuv420p\[p0\]$/,
  );
  assert.match(parts[1]!, /^\[2:v\].*trim=start_frame=12:end_frame=48,.*\[p2\]$/);
  assert.match(parts[2]!, /^\[3:v\].*trim=start_frame=12:end_frame=48,.*\[p4\]$/);
  assert.match(parts[3]!, /^\[4:v\].*trim=end_frame=12,.*\[tail\]$/);
  assert.match(parts[4]!, /^\[5:v\].*trim=end_frame=12,.*format=yuva420p,fade=in:0:12:alpha=1\[head\]$/);
  assert.equal(parts[5], '[tail][head]overlay=format=yuv420,split=3[seam0][seam1][seam2]');
  assert.equal(parts[6], '[seam2]trim=end_frame=7[seamcut2]');
  assert.equal(parts[7], '[p0][seam0][p2][seam1][p4][seamcut2]concat=n=6:v=1:a=0[looped]');
  assert.equal(parts[8], '[looped][0:v]overlay=x=100:y=300:eof_action=pass,setsar=1[avatar]');
  assert.ok(!/split/.test(parts.slice(0, 5).join(';')), 'no split on the main path');
});

test('without a region nothing is read from stdin', () => {
  const g = regionAvatarGraph(loop, null);
  assert.equal(g.inputs[0]!.path, '/a/clip.mp4');
  assert.match(g.graph, /concat=n=6:v=1:a=0,setsar=1\[avatar\]$/);
  assert.ok(!g.graph.includes('0:v]overlay'));
});

test('the region decoder reads the material once, cut to the region', () => {
  const c = regionCropGraph(loop, region);
  assert.equal(c.frames, 60);
  assert.deepEqual(
    c.inputs.map((i) => i.options.join(' ')),
    ['-ss 0.5', '-ss 2.42'],
  );
  assert.match(
    c.graph,
    /trim=end_frame=48,.*\[body\];\[1:v\].*trim=end_frame=12,.*\[tail\];\[body\]\[tail\]concat=n=2:v=1:a=0,crop=120:80:100:300\[region\]$/,
  );
  const once = { ...loop, plan: planRegionLoop(planVideoLoop(8, 0, 2, 25), 25, 51)! };
  const o = regionCropGraph(once, region);
  assert.equal(o.frames, 51);
  assert.equal(o.inputs.length, 1);
  assert.match(o.graph, /trim=end_frame=51,.*crop=120:80:100:300\[region\]$/);
  assert.match(regionAvatarGraph(once, region).graph, /^\[1:v\].*trim=end_frame=51,.*null\[looped\]/);
});
