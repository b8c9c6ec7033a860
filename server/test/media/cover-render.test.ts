import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp, { type Region } from 'sharp';
import { PUBLIC_AVATAR_ART } from '../../src/media/art/index.js';
import {
  assignSlots,
  COVER_SIZES,
  COVER_STYLES,
  deriveSlotValues,
  renderCover,
  renderCoverPreview,
  slotFillOrder,
  slotsCutToFit,
  type CoverCanvas,
} from '../../src/media/cover/index.js';
import { coverDesign, svgDoc } from '../../src/media/cover/designs/index.js';
import { svgToPng } from '../../src/media/art/svg-render.js';
import { facePhoto } from '../helpers/media-fixtures.js';
import { testOutputDir } from './compose-fixtures.js';

let dir = '';
let avatarPng = '';
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-cover-'));
  avatarPng = path.join(dir, 'avatar.png');
  await (PUBLIC_AVATAR_ART[0] as (typeof PUBLIC_AVATAR_ART)[number]).renderPng(avatarPng);
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const CONTENT =
  '数字人视频制作全攻略。从拍摄素材到生成成片，只需三步：上传视频，选择声音，输入文案。十分钟就能学会！';

test('at least 6 distinct styles with stable ids and sane slots', () => {
  assert.ok(COVER_STYLES.length >= 6);
  assert.equal(new Set(COVER_STYLES.map((s) => s.id)).size, COVER_STYLES.length);
  for (const s of COVER_STYLES) {
    assert.match(s.id, /^cover-[a-z-]+$/);
    assert.ok(s.slots.length > 0);
    for (const slot of s.slots)
      assert.ok(slot.min_length >= 0 && slot.max_length >= Math.max(1, slot.min_length));
  }
});

test('every style renders at both presets and formats with exact dimensions', async () => {
  const timings: number[] = [];
  for (const style of COVER_STYLES) {
    const values = deriveSlotValues(style, CONTENT);
    for (const canvas of ['9:16', '3:4'] as CoverCanvas[]) {
      for (const format of ['jpg', 'png'] as const) {
        const out = path.join(dir, `${style.id}-${canvas.replace(':', 'x')}.${format}`);
        const t0 = performance.now();
        const size = await renderCover({
          style,
          values,
          canvas,
          format,
          outPath: out,
          avatarImagePath: avatarPng,
        });
        timings.push(performance.now() - t0);
        const meta = await sharp(out).metadata();
        const expected = COVER_SIZES[canvas];
        assert.deepEqual(size, expected);
        assert.deepEqual([meta.width, meta.height], [expected.width, expected.height], out);
        assert.equal(meta.format, format === 'jpg' ? 'jpeg' : 'png');
      }
    }
  }
  timings.sort((a, b) => a - b);
  console.log(
    `renderCover: median ${timings[timings.length >> 1]?.toFixed(0)} ms, max ${timings.at(-1)?.toFixed(0)} ms`,
  );
});

/** The middle of a design's figure area, away from the texts and labels drawn over it. */
function figureMiddle(styleId: string, canvas: CoverCanvas, values: Record<string, string>) {
  const { box } = coverDesign(styleId, { ...COVER_SIZES[canvas], values }).figure;
  return {
    left: Math.round(box.x + box.width * 0.25),
    top: Math.round(box.y + box.height * 0.2),
    width: Math.round(box.width * 0.5),
    height: Math.round(box.height * 0.3),
  };
}

/** Mean absolute difference per channel of two images' same region. */
async function regionDiff(a: string | Buffer, b: string | Buffer, region: Region): Promise<number> {
  const read = (f: string | Buffer) => sharp(f).extract(region).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([read(a), read(b)]);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return diff / x.length;
}

test('an avatar image replaces the style figure', async () => {
  for (const style of COVER_STYLES) {
    const values = deriveSlotValues(style, CONTENT);
    const withFig = path.join(dir, `fig-${style.id}.png`);
    const without = path.join(dir, `nofig-${style.id}.png`);
    await renderCover({
      style,
      values,
      canvas: '3:4',
      format: 'png',
      outPath: withFig,
      avatarImagePath: facePhoto(1),
    });
    await renderCover({ style, values, canvas: '3:4', format: 'png', outPath: without });
    const diff = await regionDiff(withFig, without, figureMiddle(style.id, '3:4', values));
    assert.ok(diff > 10, `${style.id}: figure area unchanged (${diff.toFixed(1)})`);
  }
});

test('without an avatar, a cover shows the figure of its preview, not the stand-in', async () => {
  const out = path.join(testOutputDir, 'covers');
  await mkdir(out, { recursive: true });
  for (const style of COVER_STYLES) {
    const preview = path.join(out, `${style.id}-preview.png`);
    const cover = path.join(out, `${style.id}-cover.png`);
    await renderCoverPreview(style, preview);
    const values = deriveSlotValues(style, CONTENT);
    await renderCover({ style, values, canvas: '9:16', format: 'png', outPath: cover });
    // What a cover without avatar showed before: the design's own layer, with its grey stand-in.
    const design = coverDesign(style.id, { ...COVER_SIZES['9:16'], values });
    const standIn = await svgToPng(svgDoc(1080, 1920, design.base));
    const middle = figureMiddle(style.id, '9:16', values);
    const fromPreview = await regionDiff(cover, preview, middle);
    const fromStandIn = await regionDiff(cover, standIn, middle);
    const facts = `preview diff ${fromPreview.toFixed(1)}, stand-in diff ${fromStandIn.toFixed(1)}`;
    assert.ok(fromPreview < 2, `${style.id}: the figure differs from the preview's (${facts})`);
    assert.ok(fromStandIn > 20, `${style.id}: the figure is the stand-in (${facts})`);
  }
});

test('overlong values and odd characters still render within the canvas', async () => {
  const style = COVER_STYLES[0] as (typeof COVER_STYLES)[number];
  const values = Object.fromEntries(
    style.slots.map((s) => [s.name, `<b>&"'标题</b> ${'很长的文字 long words '.repeat(40)}`]),
  );
  const out = path.join(dir, 'long.jpg');
  const size = await renderCover({ style, values, canvas: '9:16', format: 'jpg', outPath: out });
  const meta = await sharp(out).metadata();
  assert.deepEqual([meta.width, meta.height], [size.width, size.height]);
});

test('an avatar photo of another aspect is cropped into the figure area', async () => {
  const wide = path.join(dir, 'wide.jpg');
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toFile(wide);
  const out = path.join(dir, 'wide-cover.png');
  const style =
    COVER_STYLES.find((s) => s.id === 'cover-quote') ?? (COVER_STYLES[0] as (typeof COVER_STYLES)[number]);
  await renderCover({
    style,
    values: deriveSlotValues(style, CONTENT),
    canvas: '9:16',
    format: 'png',
    outPath: out,
    avatarImagePath: wide,
    avatarFocus: { x: 0.9, y: 0.5 },
  });
  assert.equal((await sharp(out).metadata()).height, 1920);
});

test('style previews render', async () => {
  for (const style of COVER_STYLES.slice(0, 2)) {
    const out = path.join(dir, `preview-${style.id}.jpg`);
    await renderCoverPreview(style, out);
    const meta = await sharp(out).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 1080, 1920]);
  }
});

test('slotsCutToFit: the sample texts fit every area; an overlong value is named, and only it', () => {
  const long = '很长的文字 long words '.repeat(30);
  for (const style of COVER_STYLES) {
    const samples = Object.fromEntries(style.slots.map((s) => [s.name, s.sample ?? s.label]));
    for (const canvas of ['9:16', '3:4'] as CoverCanvas[]) {
      assert.deepEqual(slotsCutToFit(style, samples, canvas), [], `${style.id} ${canvas}`);
      for (const slot of style.slots) {
        assert.deepEqual(
          slotsCutToFit(style, { ...samples, [slot.name]: long }, canvas),
          [slot.name],
          `${style.id} ${canvas} ${slot.name}`,
        );
      }
    }
  }
});

test('explicit slots with names of their own render in every style', async () => {
  for (const style of COVER_STYLES) {
    const slots = slotFillOrder(style).map((_, i) => ({ name: `field${i}`, value: `Field ${i} 文字` }));
    const { values } = assignSlots(style, slots);
    assert.deepEqual(Object.keys(values).sort(), style.slots.map((s) => s.name).sort(), style.id);
    assert.deepEqual(slotsCutToFit(style, values, '3:4'), [], style.id);
    const out = path.join(dir, `explicit-${style.id}.jpg`);
    await renderCover({ style, values, canvas: '3:4', format: 'jpg', outPath: out });
    const meta = await sharp(out).metadata();
    assert.deepEqual([meta.width, meta.height], [1080, 1440]);
  }
});
