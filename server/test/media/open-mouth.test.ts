import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { renderTalkingVideo } from '../../src/media/compose/index.js';
import { createFaceDetector } from '../../src/media/face/index.js';
import { LIPS_LOWER_OUTER, LIPS_UPPER_INNER, LIPS_UPPER_OUTER } from '../../src/media/face/landmarks.js';
import { trackFaceInImage } from '../../src/media/face/tracker.js';
import { FOOTAGE } from '../helpers/footage.js';
import { facePhoto } from '../helpers/media-fixtures.js';
import { bins, ffmpeg, lumaFrames, makeTempDir, testOutputDir } from './compose-fixtures.js';

/**
 * A source whose mouth is open (a woman laughing with her teeth showing, head rolled ~45°: the right
 * person of face-api's sample 1) speaks recorded speech. Its own teeth stay in the mouth as it
 * moves (painted teeth are never brighter than 185; hers are near white), and the face keeps its
 * sharpness. Before and after frames go to server/test-output/ for a reviewer.
 */

let dir = '';
let cleanup: () => Promise<void>;
before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-open-mouth-'));
});
after(() => cleanup());

const W = 600;
const H = 800;

/** Normalised cross-correlation of `box` of `a` with the same box of `b` moved by (dx, dy). */
function ncc(
  a: Buffer,
  b: Buffer,
  box: { x: number; y: number; w: number; h: number },
  dx: number,
  dy: number,
): number {
  let sa = 0;
  let sb = 0;
  const n = box.w * box.h;
  for (let j = 0; j < box.h; j++)
    for (let i = 0; i < box.w; i++) {
      sa += a[(box.y + j) * W + box.x + i]!;
      sb += b[(box.y + j + dy) * W + box.x + i + dx]!;
    }
  const ma = sa / n;
  const mb = sb / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let j = 0; j < box.h; j++)
    for (let i = 0; i < box.w; i++) {
      const va = a[(box.y + j) * W + box.x + i]! - ma;
      const vb = b[(box.y + j + dy) * W + box.x + i + dx]! - mb;
      num += va * vb;
      da += va * va;
      db += vb * vb;
    }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 0;
}

/** The best ncc of `box` of `a` found in `b` within `reach` pixels of where it was. */
function bestMatch(
  a: Buffer,
  b: Buffer,
  box: { x: number; y: number; w: number; h: number },
  reach: number,
): number {
  let best = -1;
  for (let dy = -reach; dy <= reach; dy++)
    for (let dx = -reach; dx <= reach; dx += 2) best = Math.max(best, ncc(a, b, box, dx, dy));
  return best;
}

/** Mean absolute Laplacian of the luma inside a box: how much fine detail it holds. */
function detail(y: Buffer, box: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  let n = 0;
  for (let j = box.y + 1; j < box.y + box.h - 1; j++) {
    for (let i = box.x + 1; i < box.x + box.w - 1; i++) {
      const c = j * W + i;
      sum += Math.abs(4 * y[c]! - y[c - 1]! - y[c + 1]! - y[c - W]! - y[c + W]!);
      n++;
    }
  }
  return sum / n;
}

test('a laughing face speaks with its own teeth, and keeps its sharpness', async () => {
  const picture = path.join(dir, 'laughing.png');
  await sharp(facePhoto(1)).extract({ left: 1250, top: 50, width: W, height: H }).png().toFile(picture);
  const detector = await createFaceDetector();
  const face = await trackFaceInImage(detector, picture);
  await detector.close();
  const p = face.samples[0]!.points;
  const lips = [...LIPS_UPPER_OUTER, ...LIPS_LOWER_OUTER];
  const xs = lips.map((i) => p[i * 2]!);
  const ys = lips.map((i) => p[i * 2 + 1]!);
  const mouth = {
    x: Math.floor(Math.min(...xs)),
    y: Math.floor(Math.min(...ys)),
    w: Math.ceil(Math.max(...xs) - Math.min(...xs)),
    h: Math.ceil(Math.max(...ys) - Math.min(...ys)),
  };

  const out = path.join(dir, 'laughing.mp4');
  await renderTalkingVideo(bins, {
    avatar: { kind: 'image', path: picture, motion: 'subtle', face },
    speech: { path: FOOTAGE.readSpeech },
    // Lossless, so that what is measured is the renderer's own sharpness, not x264's response to it.
    output: { path: out, width: W, height: H, fps: 25, crf: 0 },
  });
  // The picture alone through the same lossless encoder: the source's own luma.
  const still = path.join(dir, 'still.mp4');
  await ffmpeg([
    ...['-loop', '1', '-i', picture, '-t', '2', '-r', '25', '-pix_fmt', 'yuv420p'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '0', still],
  ]);
  const frames = await lumaFrames(out, W, H);
  const source = (await lumaFrames(still, W, H))[10]!;

  // Her upper teeth, as the source shows them: a band under the middle of her upper lip. When the
  // mouth opens as far as hers was, that band is found again nearly unchanged near where it was (the
  // head and the lips move): her own teeth. Teeth painted over the opening never match it that well
  // (at best 0.87; 0.97-0.98 with her own).
  const upperLip = { x: p[LIPS_UPPER_INNER[5]! * 2]!, y: p[LIPS_UPPER_INNER[5]! * 2 + 1]! };
  const band = {
    x: Math.round(upperLip.x - mouth.w * 0.2),
    y: Math.round(upperLip.y + 2),
    w: Math.round(mouth.w * 0.4),
    h: 8,
  };
  const matches = frames.map((y) => bestMatch(source, y, band, 14));
  const ownTeeth = matches.filter((m) => m > 0.95).length;
  assert.ok(ownTeeth >= 3, `her own teeth in ${ownTeeth} frames (best ${Math.max(...matches).toFixed(2)})`);

  // The eyes and nose (moved with the head every frame) keep the source's detail: 0.944 with the
  // warp's cubic or its quarter-pixel grid, 0.85 with bilinear sampling. (Measured after a lossy
  // encode, x264's response to one-level differences spread the same figure by about 1 %.)
  const eyes = { x: mouth.x - 20, y: Math.max(1, mouth.y - 170), w: mouth.w + 60, h: 130 };
  const ratios = frames.map((y) => detail(y, eyes) / detail(source, eyes)).sort((a, b) => a - b);
  const kept = ratios[ratios.length >> 1]!;
  assert.ok(kept > 0.9, `detail kept ${kept.toFixed(3)} (median over the frames)`);

  // For a reviewer: the source's mouth and the rendered one at four moments, 2x.
  await mkdir(testOutputDir, { recursive: true });
  const crop = { left: mouth.x - 40, top: mouth.y - 40, width: mouth.w + 80, height: mouth.h + 80 };
  const tiles = [source, ...[0.2, 0.4, 0.6, 0.8].map((f) => frames[Math.floor(f * frames.length)]!)];
  const row = await Promise.all(
    tiles.map((y) =>
      sharp(y.subarray(0, W * H), { raw: { width: W, height: H, channels: 1 } })
        .extract(crop)
        .resize(crop.width * 2, crop.height * 2, { kernel: 'nearest' })
        .png()
        .toBuffer(),
    ),
  );
  await sharp({
    create: { width: crop.width * 2 * row.length, height: crop.height * 2, channels: 3, background: '#000' },
  })
    .composite(row.map((input, i) => ({ input, left: i * crop.width * 2, top: 0 })))
    .png()
    .toFile(path.join(testOutputDir, 'open-mouth-before-after.png'));
});
