// Bundles the console: src/main.tsx → dist/assets/app-<hash>.js, src/styles.css → dist/assets/app-<hash>.css,
// and dist/index.html that references both under /console/assets/. Hashed names let the server cache
// the assets for ever; index.html itself is never cached. Fails when the JavaScript is over budget.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
const jsBytes = js.outputFiles[0].contents;
const cssBytes = css.outputFiles[0].contents;
const jsName = `app-${hash(jsBytes)}.js`;
const cssName = `app-${hash(cssBytes)}.css`;

await rm(dist, { recursive: true, force: true });
await mkdir(assets, { recursive: true });
await writeFile(join(assets, jsName), jsBytes);
await writeFile(join(assets, cssName), cssBytes);
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
  `console: ${jsName} ${kb(jsBytes.length)} (${kb(jsGz)} gzipped), ${cssName} ${kb(cssBytes.length)} (${kb(cssGz)} gzipped)`,
);
if (jsGz > BUDGET_GZ) {
  console.error(`console: JavaScript is ${kb(jsGz)} gzipped, over the ${kb(BUDGET_GZ)} budget`);
  process.exit(1);
}
