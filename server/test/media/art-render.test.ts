import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import {
  LIVELY_TEMPLATES,
  PUBLIC_AVATAR_ART,
  renderTemplateBackground,
  renderTemplatePreview,
  templateCanvas,
  type Box,
} from '../../src/media/art/index.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-art-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

function inside(b: Box, w: number, h: number): boolean {
  return b.x >= 0 && b.y >= 0 && b.width > 0 && b.height > 0 && b.x + b.width <= w && b.y + b.height <= h;
}

/** Mean absolute difference of two same-sized images inside a box (0..255). */
async function regionDiff(a: string, b: string, box: Box): Promise<number> {
  const read = (f: string) =>
    sharp(f)
      .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
      .removeAlpha()
      .raw()
      .toBuffer();
  const [ra, rb] = await Promise.all([read(a), read(b)]);
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs((ra[i] ?? 0) - (rb[i] ?? 0));
  return sum / ra.length;
}

test('public avatar art: at least 4 characters, each a PNG of the stated size with the mouth inside', async () => {
  assert.ok(PUBLIC_AVATAR_ART.length >= 4);
  assert.equal(new Set(PUBLIC_AVATAR_ART.map((a) => a.id)).size, PUBLIC_AVATAR_ART.length);
  const t0 = performance.now();
  for (const art of PUBLIC_AVATAR_ART) {
    assert.match(art.id, /^pub-avatar-[a-z]+$/);
    const out = path.join(dir, `${art.id}.png`);
    await art.renderPng(out);
    const meta = await sharp(out).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['png', art.width, art.height]);
    assert.deepEqual([art.width, art.height], [720, 1280]);
    const m = art.mouth;
    assert.ok(
      m.cx - m.width / 2 > 0 &&
        m.cx + m.width / 2 < art.width &&
        m.cy > art.height * 0.3 &&
        m.cy < art.height * 0.7,
    );
  }
  console.log(`avatar art: ${((performance.now() - t0) / PUBLIC_AVATAR_ART.length).toFixed(0)} ms per PNG`);
});

test('public avatars look different from each other', async () => {
  const [a, b] = PUBLIC_AVATAR_ART;
  assert.ok(a && b);
  const diff = await regionDiff(path.join(dir, `${a.id}.png`), path.join(dir, `${b.id}.png`), {
    x: 0,
    y: 0,
    width: 720,
    height: 1280,
  });
  assert.ok(diff > 20, `diff ${diff}`);
});

test('every template background renders at its canvas size with the boxes inside', async () => {
  const avatars = [
    { width: 1080, height: 1920 },
    { width: 1920, height: 1080 },
  ];
  const timings: number[] = [];
  for (const t of LIVELY_TEMPLATES) {
    for (const avatar of t.type === 3 ? avatars : avatars.slice(0, 1)) {
      const canvas = templateCanvas(t, avatar);
      const out = path.join(dir, `bg-${t.id}-${canvas.width}.png`);
      const t0 = performance.now();
      const res = await renderTemplateBackground(t, {
        title: `${t.title} 示例标题`,
        ...canvas,
        outPath: out,
      });
      timings.push(performance.now() - t0);
      const meta = await sharp(out).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['png', canvas.width, canvas.height], t.id);
      assert.ok(inside(res.avatarBox, canvas.width, canvas.height), `${t.id} avatar box`);
      assert.ok(inside(res.subtitleBox, canvas.width, canvas.height), `${t.id} subtitle box`);
      assert.ok(
        res.avatarBox.width * res.avatarBox.height > canvas.width * canvas.height * 0.2,
        'avatar box is sizeable',
      );
    }
  }
  console.log(
    `template background: ${(timings.reduce((a, b) => a + b, 0) / timings.length).toFixed(0)} ms on average`,
  );
});

test('a title with markup characters and Chinese is drawn (escaped, wrapped)', async () => {
  const t = LIVELY_TEMPLATES.find((x) => x.id === 'tpl-news-portrait');
  assert.ok(t);
  const canvas = templateCanvas(t, { width: 720, height: 1280 });
  const withTitle = path.join(dir, 'title.png');
  const without = path.join(dir, 'no-title.png');
  await renderTemplateBackground(t, {
    title: 'AI & 数字人 <2024> "年度" 报告：从技术到应用的全面解析',
    ...canvas,
    outPath: withTitle,
  });
  await renderTemplateBackground(t, { title: '', ...canvas, outPath: without });
  const titleArea = { x: 40, y: 70, width: 640, height: 160 };
  assert.ok((await regionDiff(withTitle, without, titleArea)) > 5, 'title pixels present');
  const avatarArea = { x: 60, y: 300, width: 600, height: 600 };
  assert.equal(await regionDiff(withTitle, without, avatarArea), 0, 'title stays out of the avatar area');
});

test('template previews are small JPG or PNG covers', async () => {
  for (const t of LIVELY_TEMPLATES.filter((_, i) => i % 3 === 0)) {
    const out = path.join(dir, `preview-${t.id}.jpg`);
    await renderTemplatePreview(t, out);
    const meta = await sharp(out).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(Math.max(meta.width, meta.height), 640);
  }
  const png = path.join(dir, 'preview.png');
  await renderTemplatePreview(LIVELY_TEMPLATES[0] as (typeof LIVELY_TEMPLATES)[number], png);
  assert.equal((await sharp(png).metadata()).format, 'png');
});
