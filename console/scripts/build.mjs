// Bundles the console: src/main.tsx → dist/assets/app-<hash>.js, src/styles.css → dist/assets/app-<hash>.css,
// and dist/index.html that references both under /console/assets/. Hashed names let the server cache
// the assets for ever; index.html itself is never cached. Fails when the JavaScript is over budget.
// The CJK font the server renders videos with (@embedpdf/fonts-sc, a dependency of the server) is copied
// beside them as dist/assets/cjk-<hash>.otf and declared as the "Likeness CJK" family, so Chinese names
// read on a machine without CJK fonts. The family comes first in the console's font stacks but covers
// CJK characters only (unicode-range), and prefers a CJK font of the system (local()) to the file.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const assets = join(dist, 'assets');
/** First-load JavaScript budget, gzipped. */
const BUDGET_GZ = 150 * 1024;

const common = { bundle: true, minify: true, write: false, legalComments: 'none', logLevel: 'warning' };
const [js, css] = await Promise.all([
  build({
    ...common,
    entryPoints: [join(root, 'src/main.tsx')],
    format: 'esm',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: 'app.js',
  }),
  build({ ...common, entryPoints: [join(root, 'src/styles.css')], outfile: 'app.css' }),
]);

const hash = (b) => createHash('sha256').update(b).digest('hex').slice(0, 10);

/** The shipped CJK font's regular face, found from the server workspace (null when it is not installed). */
function cjkFontFile() {
  try {
    const main = createRequire(join(root, '..', 'server', 'package.json')).resolve('@embedpdf/fonts-sc');
    return join(dirname(main), '..', 'fonts', 'NotoSansHans-Regular.otf');
  } catch {
    return null;
  }
}
/**
 * A CJK font the visitor's system has is used before the served one (local(): macOS, Windows,
 * Linux, and the served font itself where it is installed), so the file is fetched only where none is.
 */
const LOCAL_CJK = [
  'PingFang SC',
  'PingFangSC-Regular',
  'Microsoft YaHei',
  'Noto Sans CJK SC',
  'Noto Sans CJK SC Regular',
  'NotoSansCJKsc-Regular',
  'Source Han Sans SC',
  'SourceHanSansSC-Regular',
  'Noto Sans SC',
  'NotoSansSC-Regular',
  'Noto Sans S Chinese Regular',
  'NotoSansHans-Regular',
];
/** CJK and full-width characters: the only ones the family is used (and its file fetched) for. */
const CJK_RANGES =
  'U+2E80-2FDF, U+3000-303F, U+3040-30FF, U+3100-312F, U+31A0-31FF, U+3200-33FF, U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF, U+FE30-FE4F, U+FF00-FFEF';
const fontFile = cjkFontFile();
const fontBytes = fontFile ? await readFile(fontFile).catch(() => null) : null;
const fontName = fontBytes ? `cjk-${hash(fontBytes)}.otf` : null;
if (!fontName) console.warn('console: @embedpdf/fonts-sc not found; Chinese text uses the system fonts only');
const fontFace = fontName
  ? `@font-face{font-family:"Likeness CJK";src:${LOCAL_CJK.map((n) => `local("${n}")`).join(',')},url(/console/assets/${fontName}) format("opentype");font-display:swap;unicode-range:${CJK_RANGES}}\n`
  : '';

const jsBytes = js.outputFiles[0].contents;
const cssBytes = Buffer.from(fontFace + css.outputFiles[0].text);
const jsName = `app-${hash(jsBytes)}.js`;
const cssName = `app-${hash(cssBytes)}.css`;

await rm(dist, { recursive: true, force: true });
await mkdir(assets, { recursive: true });
await writeFile(join(assets, jsName), jsBytes);
await writeFile(join(assets, cssName), cssBytes);
if (fontName) await copyFile(fontFile, join(assets, fontName));
const template = await readFile(join(root, 'src/index.html'), 'utf8');
await writeFile(
  join(dist, 'index.html'),
  template
    .replace('<!--css-->', `<link rel="stylesheet" href="/console/assets/${cssName}">`)
    .replace('<!--js-->', `<script type="module" src="/console/assets/${jsName}"></script>`),
);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const jsGz = gzipSync(jsBytes, { level: 9 }).length;
const cssGz = gzipSync(cssBytes, { level: 9 }).length;
console.log(
  `console: ${jsName} ${kb(jsBytes.length)} (${kb(jsGz)} gzipped), ${cssName} ${kb(cssBytes.length)} (${kb(cssGz)} gzipped)` +
    (fontName ? `, ${fontName} ${kb(fontBytes.length)} (fetched only for CJK text)` : ''),
);
if (jsGz > BUDGET_GZ) {
  console.error(`console: JavaScript is ${kb(jsGz)} gzipped, over the ${kb(BUDGET_GZ)} budget`);
  process.exit(1);
}
