import assert from 'node:assert/strict';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { FramePool } from '../../src/media/animate/frame-stream.js';
import { frameBytes } from '../../src/media/animate/frame.js';
import { planVideoLoop } from '../../src/media/compose/avatar-filters.js';
import { extractFrame, renderTalkingVideo } from '../../src/media/compose/index.js';
import { regionAvatarGraph, type RegionSource } from '../../src/media/compose/region-graph.js';
import {
  boxContains,
  hashFile,
  parseCachedRegionName,
  type RegionCacheOptions,
} from '../../src/media/compose/region-cache.js';
import { openRegionFrames } from '../../src/media/compose/region-frames.js';
import { planRegionLoop, regionPasses, type RegionLoop } from '../../src/media/compose/region-loop.js';
import { concatEntryFrames, seamlessOutpoint } from '../../src/media/compose/concat-loop.js';
import { probeAvatarVideo } from '../../src/media/compose/inputs.js';
import { createFaceDetector } from '../../src/media/face/index.js';
import { inputArgs } from '../../src/media/ffmpeg/talking-video-args.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { FAST_H264, portraitPhoto } from '../helpers/media-fixtures.js';
import {
  bins,
  DRIFT_SEC,
  ffmpeg,
  lumaFrames,
  makeDriftingPerson,
  makeTempDir,
  testOutputDir,
  videoMd5,
} from './compose-fixtures.js';

/**
 * The region-only pipeline: ffmpeg decodes, loops and cross-fades the avatar and encodes it; the
 * renderer animates only the region that moves and pipes it in. Checked pixel for pixel on raw
 * frames (the region decoder against the frames ffmpeg loops), then on a 1080x1920 render: away
 * from the region the picture is what ffmpeg alone makes, the region's edge does not show, the
 * mouth moves. Frames are kept in server/test-output/ for a reviewer.
 */

let dir = '';
let cleanup: () => Promise<void>;

before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-region-'));
});

after(() => cleanup());

/** Raw yuv420p frames of a graph's `[avatar]` output, with `patches` on stdin when given. */
async function rawAvatar(graph: ReturnType<typeof regionAvatarGraph>, patches?: Buffer): Promise<Buffer> {
  for (const f of graph.files ?? []) await writeFile(f.path, f.text);
  const chunks: Buffer[] = [];
  const args = [
    ...['-hide_banner', '-v', 'error', ...inputArgs(graph.inputs)],
    ...[
      '-filter_complex',
      graph.graph,
      '-map',
      '[avatar]',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      'pipe:1',
    ],
  ];
  await runMediaBinary(bins.ffmpeg, args, {
    stdin: patches ? Readable.from([patches]) : undefined,
    onStdout: (out) => out.on('data', (c: Buffer) => chunks.push(c)),
  });
  return Buffer.concat(chunks);
}

/** The region's bytes (three planes) of a whole yuv420p frame. */
function cut(
  frame: Buffer,
  w: number,
  h: number,
  r: { x: number; y: number; width: number; height: number },
) {
  const out = Buffer.alloc(frameBytes(r.width, r.height));
  let o = 0;
  for (let y = 0; y < r.height; y++, o += r.width) {
    frame.copy(out, o, (r.y + y) * w + r.x, (r.y + y) * w + r.x + r.width);
  }
  for (const plane of [w * h, w * h * 1.25]) {
    for (let y = 0; y < r.height / 2; y++, o += r.width / 2) {
      const at = plane + (r.y / 2 + y) * (w / 2) + r.x / 2;
      frame.copy(out, o, at, at + r.width / 2);
    }
  }
  return out;
}

test("the region decoder's frames, seams included, equal ffmpeg's looped frames pixel for pixel", async () => {
  // A 30 fps clip played at 25 fps: the frame grids of the passes only agree when every pass is
  // decoded from the same start (one input per pass, from 0.4 s), or when the concat demuxer's
  // entries sit exactly on the output's grid (from the start; 3.3 s is 82.5 frames, and its time
  // base of 1/15360 s asks for entries in steps of 5 frames). The clip carries sound, as most do.
  const clip = path.join(dir, 'pattern30.mp4');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=s=360x640:r=30:d=3.3', '-f', 'lavfi', '-i', 'sine=d=3.3'],
    ...[...FAST_H264, '-g', '30', '-c:a', 'aac', clip],
  ]);
  const { timing } = await probeAvatarVideo(bins, clip);
  const entryFrames = concatEntryFrames(timing, 25);
  assert.equal(entryFrames, 85);
  const box = { width: 320, height: 480 };
  const region = { x: 100, y: 200, width: 120, height: 100 };
  for (const [start, seconds] of [
    [0.4, 10],
    [0.2, 2],
    [0, 14],
  ] as const) {
    const total = Math.ceil(seconds * 25) + 1;
    const concat: RegionSource['concat'] =
      start === 0 ? { entryFrames: entryFrames!, playlistPath: path.join(dir, 'passes.ffconcat') } : null;
    const plan: RegionLoop = planRegionLoop(
      planVideoLoop(3.3, start, seconds, 25),
      25,
      total,
      concat ? Infinity : undefined,
    )!;
    assert.equal(plan.fadeFrames > 0, seconds > 3, `${seconds} s loops`);
    const source: RegionSource = { path: clip, plan, box, fps: 25, concat };
    // One input per pass and one for the seams' head, or the playlist and the head.
    const heads = plan.fadeFrames > 0 ? 1 : 0;
    assert.equal(
      regionAvatarGraph(source, null).inputs.length,
      (concat ? 1 : regionPasses(plan).length) + heads,
    );
    const whole = await rawAvatar(regionAvatarGraph(source, null));
    const bytes = frameBytes(box.width, box.height);
    assert.equal(whole.length, total * bytes);
    // The material decoded once and held in memory (replayed by `loop`): one input and the
    // head's, and the same frames, seams (blended over the held frames) included.
    const held: RegionSource = { ...source, held: true };
    assert.equal(regionAvatarGraph(held, null).inputs.length, 1 + heads);
    assert.ok(
      (await rawAvatar(regionAvatarGraph(held, null))).equals(whole),
      `${seconds} s: held frames differ`,
    );

    // Without a region cache, then with one that is empty (the source is decoded and kept) and
    // then holds it (read back): the same frames each time.
    const cache: RegionCacheOptions = {
      dir: path.join(dir, `region-cache-${start}-${seconds}`),
      maxBytes: 1e9,
    };
    const contentHash = hashFile(clip);
    let patches: Buffer[] = [];
    for (const [use, origin] of [
      [null, 'decoded'],
      [{ options: cache, contentHash }, 'decoded'],
      [{ options: cache, contentHash }, 'cache'],
    ] as const) {
      const pool = new FramePool(frameBytes(region.width, region.height));
      const pictures = await openRegionFrames(bins, source, region, pool, dir, undefined, use);
      assert.equal(pictures.origin, origin, `${seconds} s: ${use ? 'with' : 'without'} a cache`);
      patches = [];
      try {
        assert.equal(pictures.source.kind, 'stream');
        if (pictures.source.kind !== 'stream') return;
        let i = 0;
        for await (const frame of pictures.source.frames) {
          const want = cut(whole.subarray(i * bytes, (i + 1) * bytes), box.width, box.height, region);
          assert.ok(want.equals(frame), `${seconds} s, ${origin}: region of frame ${i} differs`);
          patches.push(Buffer.from(frame));
          pool.give(frame);
          i++;
        }
        assert.equal(i, total);
      } finally {
        await pictures.close();
      }
    }
    // One entry, larger than the region, and no temporary file left.
    const kept = await readdir(cache.dir);
    assert.equal(kept.length, 1, kept.join(', '));
    const entry = parseCachedRegionName(kept[0]!)!;
    assert.ok(boxContains(entry.box, region) && entry.box.width > region.width, kept[0]);
    // Those frames laid back over the frame change nothing.
    const patched = await rawAvatar(regionAvatarGraph(source, region), Buffer.concat(patches));
    assert.ok(patched.equals(whole), `${seconds} s: the patched frames differ`);
    const heldPatched = await rawAvatar(regionAvatarGraph(held, region), Buffer.concat(patches));
    assert.ok(heldPatched.equals(whole), `${seconds} s: the patched held frames differ`);
  }
});

test('a seamless loop replays its material: frame L+k is frame k, pixel for pixel, region frames included', async () => {
  // The 3.3 s, 30 fps pattern cut after 50 frames at 25 fps (2 s), 6 s long: passes [0, 50) three
  // times and once in part, through the concat demuxer and through one input per pass.
  const clip = path.join(dir, 'seamless30.mp4');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=s=360x640:r=30:d=3.3'],
    ...[...FAST_H264, '-g', '30', clip],
  ]);
  const { timing } = await probeAvatarVideo(bins, clip);
  const box = { width: 320, height: 480 };
  const region = { x: 100, y: 200, width: 120, height: 100 };
  const total = 6 * 25 + 1;
  const bytes = frameBytes(box.width, box.height);
  const plan = planRegionLoop(planVideoLoop(3.3, 0, 6, 25, 50), 25, total, Infinity)!;
  assert.equal(plan.fadeFrames, 0);
  // The concat demuxer reads each entry only to a little past the material (its outpoint).
  const outpointSec = seamlessOutpoint(plan, timing, 25);
  assert.ok(outpointSec !== null && outpointSec < 2.2, `outpoint ${outpointSec}`);
  const wholes: Buffer[] = [];
  const concat = {
    entryFrames: concatEntryFrames(timing, 25)!,
    playlistPath: path.join(dir, 'seamless.ffconcat'),
    outpointSec,
  };
  for (const [how, source] of [
    ['concat', { path: clip, plan, box, fps: 25, concat }],
    ['inputs', { path: clip, plan, box, fps: 25, concat: null }],
    ['held', { path: clip, plan, box, fps: 25, concat, held: true }],
  ] as const satisfies readonly (readonly [string, RegionSource])[]) {
    const graph = regionAvatarGraph(source, null);
    assert.equal(graph.inputs.length, how === 'inputs' ? 4 : 1, 'no input for a seam');
    if (how === 'concat') assert.match(graph.files![0]!.text, /outpoint 2\.\d+\nduration/);
    if (how === 'held') assert.match(graph.graph, /loop=loop=3:size=50:start=0/);
    const whole = await rawAvatar(graph);
    assert.equal(whole.length, total * bytes);
    wholes.push(whole);
    const frame = (i: number) => whole.subarray(i * bytes, (i + 1) * bytes);
    for (let i = 50; i < total; i++) {
      assert.ok(frame(i).equals(frame(i % 50)), `${how}: frame ${i} is not frame ${i % 50}`);
    }
    assert.ok(!frame(49).equals(frame(0)), 'the material itself moves');
    const pool = new FramePool(frameBytes(region.width, region.height));
    const pictures = await openRegionFrames(bins, source, region, pool, dir);
    try {
      assert.equal(pictures.source.kind, 'stream');
      if (pictures.source.kind !== 'stream') return;
      let i = 0;
      for await (const f of pictures.source.frames) {
        assert.ok(cut(frame(i), box.width, box.height, region).equals(f), `region of frame ${i} differs`);
        pool.give(f);
        i++;
      }
      assert.equal(i, total);
    } finally {
      await pictures.close();
    }
  }
  assert.ok(
    wholes[0]!.equals(wholes[1]!),
    'one decoder read to its outpoint plays what one input per pass plays',
  );
  assert.ok(wholes[2]!.equals(wholes[1]!), 'the held material plays what one input per pass plays');
});

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Mean absolute luma difference over the pixels `keep` selects. */
function meanDiff(a: Buffer, b: Buffer, w: number, keep: (x: number, y: number) => boolean): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if (!keep(i % w, Math.floor(i / w))) continue;
    sum += Math.abs(a[i]! - b[i]!);
    n++;
  }
  return n ? sum / n : 0;
}

const inside = (r: Rect, x: number, y: number) => x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;

test('a 1080x1920 render changes only the region it pipes in, shows no edge around it, and the mouth speaks', async (t) => {
  const W = 1080;
  const H = 1920;
  const portrait = await portraitPhoto(path.join(dir, 'portrait.png'));
  // In a 9:16 frame, 2.4 s of material (so 4 s loop twice).
  const clip = await makeDriftingPerson(path.join(dir, 'person-1080.mp4'), portrait, {
    width: W,
    height: H,
    scaledHeight: 2000,
    x: 180,
    y: 40,
    pxPerSec: 10,
  });
  const detector = await createFaceDetector();
  const track = await detector.trackVideo(bins.ffmpeg, clip, {
    durationSec: DRIFT_SEC,
    width: W,
    height: H,
  });
  await detector.close();
  // Silence, 1.6 s of voiced syllables, silence.
  const sound = path.join(dir, 'voice.wav');
  const voice =
    'if(between(t,1,2.6),0.5*pow(0.55+0.45*sin(2*PI*3*(t-1)-PI/2),2)*' +
    '(sin(2*PI*150*t)+0.6*sin(2*PI*300*t)+0.4*sin(2*PI*450*t)+0.25*sin(2*PI*900*t))/2.25,0)';
  await ffmpeg(['-f', 'lavfi', '-i', `aevalsrc='${voice}':s=22050:d=3.6`, '-ac', '1', sound]);

  // The talking renders keep the region's source (region cache): the second reads it back. The
  // first holds the loop's material in memory (the default allows it); the second may hold
  // nothing, so its encoder decodes the clip once per pass.
  const regionCache = { dir: path.join(dir, 'region-cache'), maxBytes: 1024 ** 3 };
  const render = (name: string, face: boolean, loopMemoryBytes?: number) =>
    renderTalkingVideo(
      bins,
      {
        avatar: { kind: 'video', path: clip, startSec: 0, ...(face ? { face: track } : {}) },
        speech: { path: sound },
        output: { path: path.join(dir, name), width: W, height: H, fps: 25, preset: 'ultrafast', crf: 18 },
      },
      { regionCache, loopMemoryBytes },
    );
  const talking = await render('talking.mp4', true);
  const again = await render('talking-again.mp4', true, 0);
  const plain = await render('plain.mp4', false);
  assert.equal(plain.region, null); // nothing moves: nothing is piped in
  assert.equal(plain.regionSource, null);
  assert.equal(talking.regionSource, 'decoded');
  assert.equal(again.regionSource, 'cache');
  assert.deepEqual(again.region, talking.region);
  assert.equal(talking.loopDecoding, 'held');
  assert.equal(again.loopDecoding, 'concat');
  // The kept source, and the loop decoded per pass instead of held, give the same pictures, to the pixel.
  const [first, second] = await Promise.all(
    ['talking.mp4', 'talking-again.mp4'].map((name) => videoMd5(path.join(dir, name))),
  );
  assert.equal(second, first);
  assert.equal(talking.pipeline, 'region');
  assert.equal(talking.loopMode, 'crossfade');
  assert.equal(talking.unanimatedFrames, 0);
  const region = talking.region!;
  assert.ok(region.width * region.height < 0.25 * W * H, `region ${region.width}x${region.height}`);
  const r: Rect = { x0: region.x, y0: region.y, x1: region.x + region.width, y1: region.y + region.height };

  const a = await lumaFrames(path.join(dir, 'talking.mp4'), W, H);
  const b = await lumaFrames(path.join(dir, 'plain.mp4'), W, H);
  assert.equal(a.length, b.length);
  // Compression spreads a change by a few pixels; beyond 16 px of the region nothing differs.
  const far: Rect = { x0: r.x0 - 16, y0: r.y0 - 16, x1: r.x1 + 16, y1: r.y1 + 16 };
  // The region's outer ring (inside its margin, where the warp writes nothing) and the band just
  // outside it: where an edge would show.
  const ring = (x: number, y: number) =>
    inside({ x0: r.x0 - 4, y0: r.y0 - 4, x1: r.x1 + 4, y1: r.y1 + 4 }, x, y) &&
    !inside({ x0: r.x0 + 4, y0: r.y0 + 4, x1: r.x1 - 4, y1: r.y1 - 4 }, x, y);
  let worstFar = 0;
  let worstRing = 0;
  let mouthSpeech = 0;
  let mouthSilence = 0;
  for (let i = 0; i < a.length; i++) {
    worstFar = Math.max(
      worstFar,
      meanDiff(a[i]!, b[i]!, W, (x, y) => !inside(far, x, y)),
    );
    worstRing = Math.max(worstRing, meanDiff(a[i]!, b[i]!, W, ring));
    if (i === 0) continue;
    // The mouth's own motion: frame-to-frame change in the region beyond the clip's own.
    const inRegion = (x: number, y: number) => inside(r, x, y);
    const mouth = meanDiff(a[i]!, a[i - 1]!, W, inRegion) - meanDiff(b[i]!, b[i - 1]!, W, inRegion);
    if (i >= 30 && i < 62) mouthSpeech = Math.max(mouthSpeech, mouth);
    if (i < 20 || i > 75) mouthSilence = Math.max(mouthSilence, mouth);
  }
  assert.ok(worstFar < 1, `away from the region the frames differ by ${worstFar.toFixed(2)}`);
  assert.ok(worstRing < 1.5, `at the region's edge the frames differ by ${worstRing.toFixed(2)}`);
  assert.ok(
    mouthSpeech > 3 && mouthSpeech > mouthSilence * 2,
    `mouth ${mouthSpeech.toFixed(2)} vs ${mouthSilence.toFixed(2)}`,
  );

  // For a reviewer: the mouth wide open and at rest, at full resolution, with the region marked.
  await mkdir(testOutputDir, { recursive: true });
  for (const [sec, name] of [
    [1.5, 'open'],
    [0.4, 'rest'],
  ] as const) {
    const png = path.join(dir, `${name}.png`);
    await extractFrame(bins, path.join(dir, 'talking.mp4'), sec, png);
    const pad = 60;
    const left = Math.max(0, r.x0 - pad);
    const top = Math.max(0, r.y0 - pad);
    await sharp(png)
      .extract({
        left,
        top,
        width: Math.min(W - left, region.width + 2 * pad),
        height: Math.min(H - top, region.height + 2 * pad),
      })
      .toFile(path.join(testOutputDir, `region-1080p-${name}.png`));
  }
  t.diagnostic(
    `region ${region.width}x${region.height} at ${region.x},${region.y}; away ${worstFar.toFixed(2)}, edge ${worstRing.toFixed(2)}, ` +
      `mouth in speech ${mouthSpeech.toFixed(2)}, in silence ${mouthSilence.toFixed(2)}`,
  );
});

test('a region decoder that fails says why, where its frames stop', async () => {
  const plan = planRegionLoop(planVideoLoop(3.3, 0, 10, 25), 25, 251)!;
  const source: RegionSource = {
    path: path.join(dir, 'missing.mp4'),
    plan,
    box: { width: 320, height: 480 },
    fps: 25,
  };
  const region = { x: 100, y: 200, width: 120, height: 100 };
  const pictures = await openRegionFrames(bins, source, region, new FramePool(frameBytes(120, 100)), dir);
  assert.equal(pictures.source.kind, 'stream');
  if (pictures.source.kind !== 'stream') return;
  const frames = pictures.source.frames;
  await assert.rejects(
    async () => {
      for await (const frame of frames) void frame;
    },
    (err: Error) => /missing\.mp4|No such file/.test(err.message),
  );
  await pictures.close();
});
