import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { deriveSlotValues, findCoverStyle, renderCover } from '../../src/media/cover/index.js';
import { api, createAccount, startServer, type TestServer } from '../helpers/server.js';

/** Decoded RGB pixels of an image: two renders of the same text compare equal pixel for pixel. */
const pixels = (input: string | Buffer) => sharp(input).removeAlpha().raw().toBuffer();

describe('covers with explicit slots', () => {
  let server: TestServer;
  let token: string;
  let dir: string;
  before(async () => {
    server = await startServer();
    token = (await createAccount(server)).token;
    dir = await mkdtemp(join(tmpdir(), 'likeness-covers-'));
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const cover = (body: Record<string, unknown>) =>
    api(server, 'POST', '/api/v2/svc/project/covers', { token, body });

  test('slots with names of their own land in the style areas, in order', async () => {
    const r = await cover({
      template: 'cover-bold-headline',
      slots: [
        { name: 'title', value: '三分钟看懂数字人' },
        { name: 'description', value: 'Zero to pro in one take' },
      ],
      output_format: 'png',
    });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    const got = Buffer.from(await (await fetch(r.body.url)).arrayBuffer());
    // The same cover drawn with the style's own slot names.
    const style = findCoverStyle('cover-bold-headline');
    assert.ok(style);
    const expected = join(dir, 'expected.png');
    await renderCover({
      style,
      values: { headline: '三分钟看懂数字人', subtitle: 'Zero to pro in one take' },
      canvas: '9:16',
      format: 'png',
      outPath: expected,
    });
    assert.ok((await pixels(got)).equals(await pixels(expected)), 'title → headline, description → subtitle');
  });

  test('names and labels of the areas are matched; explicit slots override derived content', async () => {
    const content = '本市新增十二条公交线路。下周一起正式运营。';
    const r = await cover({
      template: 'cover-news',
      content,
      slots: [
        { label: '标签', value: '独家' },
        { name: 'Headline', value: 'Explicit headline' },
      ],
      canvas_preset: '3:4',
      output_format: 'png',
    });
    assert.equal(r.body.code, 0, JSON.stringify(r.body));
    const got = Buffer.from(await (await fetch(r.body.url)).arrayBuffer());
    const style = findCoverStyle('cover-news');
    assert.ok(style);
    const expected = join(dir, 'expected-news.png');
    await renderCover({
      style,
      values: { ...deriveSlotValues(style, content), tag: '独家', headline: 'Explicit headline' },
      canvas: '3:4',
      format: 'png',
      outPath: expected,
    });
    assert.ok((await pixels(got)).equals(await pixels(expected)));
  });

  test('max_length and min_length: a value outside them is refused with 11 naming the slot', async () => {
    const long = await cover({
      template: 'cover-vlog',
      slots: [{ name: 'title', value: 'A weekend by the sea', max_length: 10 }],
    });
    assert.equal(long.body.code, 11);
    assert.match(
      long.body.message,
      /slots\[0\] 'title': the value has 20 characters, more than its max_length 10/,
    );
    const short = await cover({
      template: 'cover-vlog',
      slots: [
        { name: 'title', value: 'Sea' },
        { name: 'subtitle', value: 'Day', min_length: 5 },
      ],
    });
    assert.equal(short.body.code, 11);
    assert.match(
      short.body.message,
      /slots\[1\] 'subtitle': the value has 3 characters, fewer than its min_length 5/,
    );
    const inside = await cover({
      template: 'cover-vlog',
      slots: [{ name: 'title', value: 'Sea', max_length: 3, min_length: 3 }],
    });
    assert.equal(inside.body.code, 0, JSON.stringify(inside.body));
    const notInteger = await cover({
      template: 'cover-vlog',
      slots: [{ name: 'title', value: 'Sea', max_length: 2.5 }],
    });
    assert.equal(notInteger.body.code, 11);
  });

  test('text that would be cut to fit its area is refused, not cut', async () => {
    const r = await cover({
      template: 'cover-bold-headline',
      slots: [{ name: 'title', value: '很长的标题文字'.repeat(12) }],
    });
    assert.equal(r.body.code, 11);
    assert.match(r.body.message, /slots\[0\] 'title' \(headline area\): the text does not fit/);
  });

  test('slots beyond the areas: refused with text, ignored when empty; some text is needed', async () => {
    const extra = await cover({
      template: 'cover-vlog',
      slots: [{ value: 'One' }, { value: 'Two' }, { name: 'three', value: 'Three' }],
    });
    assert.equal(extra.body.code, 11);
    assert.match(extra.body.message, /slots\[2\] 'three' has no text area left: style 'cover-vlog' has 2/);
    const blank = await cover({
      template: 'cover-vlog',
      slots: [{ value: 'One' }, { value: 'Two' }, { name: 'three', value: '' }],
    });
    assert.equal(blank.body.code, 0, JSON.stringify(blank.body));
    const empty = await cover({ template: 'cover-vlog', slots: [{ name: 'title', value: ' ' }] });
    assert.equal(empty.body.code, 11);
    assert.match(empty.body.message, /every slot value is empty/);
    const twice = await cover({
      template: 'cover-vlog',
      slots: [
        { name: 'headline', value: 'a' },
        { name: 'HEADLINE', value: 'b' },
      ],
    });
    assert.equal(twice.body.code, 11);
    assert.match(twice.body.message, /both name the 'headline' text area/);
  });
});
