import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  extractFrame,
  renderTalkingVideo,
  resolveSubtitleFont,
  SHIPPED_FACE_NAME,
  shippedFontsDir,
  shippedRegularFontFile,
  type SubtitleStyle,
} from '../../src/media/compose/index.js';
import {
  cmapLookup,
  fontOffsets,
  missingGlyphs,
  parseNameTable,
  parseTableDirectory,
} from '../../src/media/fonts/index.js';
import {
  bins,
  makePortrait,
  makeSpeech,
  makeTempDir,
  meanDiff,
  readPixels,
  testOutputDir,
} from './compose-fixtures.js';

const DEJAVU_DIR = '/usr/share/fonts/truetype/dejavu';
const hasDejaVu = existsSync(path.join(DEJAVU_DIR, 'DejaVuSans.ttf'));

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
let speech = '';
let portrait = '';

before(async () => {
  ({ dir, cleanup } = await makeTempDir('likeness-compose-fonts-'));
  speech = await makeSpeech(path.join(dir, 'speech.wav'), 2);
  portrait = await makePortrait(path.join(dir, 'p.jpg'), 300, 400);
});
after(() => cleanup());

const style: SubtitleStyle = {
  fontName: null,
  fontSize: 30,
  primaryColor: '#ffffff',
  outlineColor: '#000000',
  x: 10,
  y: 230,
  width: 220,
  height: 80,
};

/** Renders a 2 s clip with one cue in the given font and returns its frame at 1 s. */
async function renderCue(name: string, text: string, fontName: string | null) {
  const out = path.join(dir, `${name}.mp4`);
  const res = await renderTalkingVideo(
    bins,
    {
      avatar: { kind: 'image', path: portrait, motion: 'still' },
      speech: { path: speech },
      output: { path: out, width: 240, height: 320, fps: 25, preset: 'ultrafast' },
      subtitles: { cues: [{ text, startSec: 0, endSec: 2 }], style: { ...style, fontName } },
    },
    { fontDirs: hasDejaVu ? [DEJAVU_DIR] : [] },
  );
  const png = path.join(dir, `${name}.png`);
  await extractFrame(bins, out, 1, png);
  return { res, png, out };
}

test('reads names and glyph coverage of the shipped font', async () => {
  const buf = await readFile(shippedRegularFontFile());
  assert.deepEqual(fontOffsets(buf), [0]);
  const tables = parseTableDirectory(buf, 0);
  const name = tables.get('name');
  const cmap = tables.get('cmap');
  assert.ok(name && cmap);
  const names = parseNameTable(buf.subarray(name.offset, name.offset + name.length));
  assert.deepEqual(names.families, ['Noto Sans S Chinese Regular', 'Noto Sans S Chinese']);
  assert.deepEqual(names.fullNames, ['Noto Sans S Chinese Regular']);
  assert.equal(names.postscriptName, 'NotoSansHans-Regular');
  const lookup = cmapLookup(buf.subarray(cmap.offset, cmap.offset + cmap.length));
  assert.deepEqual(missingGlyphs(lookup, '你好，世界! Hello 123'), []);
  assert.deepEqual(missingGlyphs(lookup, 'ok 😀'), ['😀']);
});

test('resolves font names to faces libass can load, falling back to the shipped face', async () => {
  const opts = { workDir: dir, systemDirs: [] };
  const none = await resolveSubtitleFont(null, '你好', opts);
  assert.deepEqual(none, {
    faceName: SHIPPED_FACE_NAME,
    fontsDir: shippedFontsDir(),
    file: shippedRegularFontFile(),
    fallback: false,
    reason: null,
  });
  const family = await resolveSubtitleFont('Noto Sans S Chinese', '你好', opts);
  assert.equal(family.faceName, SHIPPED_FACE_NAME);
  assert.equal(family.fallback, false);
  const bold = await resolveSubtitleFont('Noto Sans S Chinese Bold', '你好', opts);
  assert.equal(bold.faceName, 'Noto Sans S Chinese Bold');
  assert.equal(path.basename(bold.file), 'NotoSansHans-Bold.otf');
  const byPs = await resolveSubtitleFont('NotoSansHans-Medium', '你好', opts);
  assert.equal(path.basename(byPs.file), 'NotoSansHans-Medium.otf');
  const unknown = await resolveSubtitleFont('No Such Font', '你好', opts);
  assert.equal(unknown.faceName, SHIPPED_FACE_NAME);
  assert.equal(unknown.fallback, true);
  assert.match(unknown.reason ?? '', /not found/);
});

test(
  'a Latin-only font is used for Latin text and replaced for Chinese text',
  { skip: !hasDejaVu },
  async () => {
    const opts = { workDir: dir, systemDirs: [], fontDirs: [DEJAVU_DIR] };
    const latin = await resolveSubtitleFont('DejaVu Sans', 'Hello, world!', opts);
    assert.equal(latin.fallback, false);
    assert.equal(latin.faceName, 'DejaVu Sans');
    assert.equal(latin.fontsDir, path.join(dir, 'fonts'), 'private fonts folder');
    const chinese = await resolveSubtitleFont('DejaVu Sans', '你好', opts);
    assert.equal(chinese.fallback, true);
    assert.match(chinese.reason ?? '', /no glyphs for 你好/);

    // libass really draws the requested face from the private folder: Latin text looks different.
    const dejavu = await renderCue('dejavu', 'Hello, subtitles!', 'DejaVu Sans');
    const noto = await renderCue('noto', 'Hello, subtitles!', null);
    assert.equal(dejavu.res.subtitleFont?.faceName, 'DejaVu Sans');
    const area = { x: style.x, y: style.y, width: style.width, height: style.height };
    assert.ok(meanDiff(await readPixels(dejavu.png), await readPixels(noto.png), area) > 2);
  },
);

test('a requested font without Chinese glyphs renders exactly like the shipped face (no tofu)', async () => {
  const text = '字幕没有方块：中文 OK';
  const shipped = await renderCue('shipped', text, null);
  const requested = await renderCue('requested', text, hasDejaVu ? 'DejaVu Sans' : 'No Such Font');
  assert.equal(requested.res.subtitleFont?.fallback, true);
  const a = await readPixels(shipped.png);
  const b = await readPixels(requested.png);
  assert.ok(meanDiff(a, b, { x: 0, y: 0, width: 240, height: 320 }) < 0.5);
  await mkdir(testOutputDir, { recursive: true });
  await extractFrame(bins, requested.out, 1, path.join(testOutputDir, 'compose-font-fallback.png'));
});
