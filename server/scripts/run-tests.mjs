// Runs every *.test.ts under src/ and test/ with Node's test runner (TypeScript through tsx).
// Node 20's runner does not expand globs, so the file list is built here.
// Then, when the PostgreSQL server of the development and CI machines answers on 127.0.0.1:5432,
// runs the suites that use the database (test/integration, the job queue contract) a second time on it
// (LIKENESS_TEST_DB=postgres), and says clearly when it is skipped.
// Usage: node scripts/run-tests.mjs [path-filter ...]
// LIKENESS_TEST_DB=postgres runs only the PostgreSQL pass; LIKENESS_TEST_DB=sqlite only the first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureTranslationEngines } from './ensure-translation.mjs';
import { dropTestSchemas, postgresUnavailable, TEST_PG_URL } from './postgres-for-tests.mjs';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'test-output') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, full));
  }
  return out;
}

const files = [...collect(join(root, 'src'), []), ...collect(join(root, 'test'), [])]
  .filter((f) => filters.length === 0 || filters.some((p) => f.includes(p)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// The server under test serves console/dist: build it from the current sources first (about a
// second), so the browser tests never drive a stale bundle. Before any test starts: a rebuild
// while a server serves the folder would race with it.
const consoleBuild = join(root, '..', 'console', 'scripts', 'build.mjs');
if (
  existsSync(consoleBuild) &&
  spawnSync(process.execPath, [consoleBuild], { stdio: 'inherit' }).status !== 0
) {
  console.error('building the console failed');
  process.exit(1);
}
if (files.some((f) => f.startsWith('test/browser/'))) {
  const why = ensureChromium();
  // The browser suites read this and skip with the reason, so the run says what it did not test.
  if (why) process.env.LIKENESS_BROWSER_SKIP = why;
}
if (files.some((f) => f.includes('translat'))) {
  const why = ensureTranslationEngines();
  // The translation engine suites read this and skip with the reason.
  if (why) process.env.LIKENESS_TRANSLATION_SKIP = why;
}
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const run = (list, env) =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...list],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', ...env } },
  ).status ?? 1;

const only = process.env.LIKENESS_TEST_DB;
let status = only === 'postgres' ? 0 : run(files, { LIKENESS_TEST_DB: 'sqlite' });

/** The suites whose servers, repositories and queues run on the database under test (and the fuzzing). */
const onDatabase = files.filter(
  (f) =>
    f.startsWith('test/integration/') ||
    f === 'test/contract/job-queue.contract.test.ts' ||
    f === 'test/reliability/fuzz.test.ts',
);
if (only !== 'sqlite' && onDatabase.length > 0) {
  const why = await postgresUnavailable();
  if (why) {
    console.log(`\n# PostgreSQL pass SKIPPED: no PostgreSQL server answers at ${TEST_PG_URL} (${why})\n`);
  } else {
    console.log(`\n# PostgreSQL pass: ${onDatabase.length} suites again on ${TEST_PG_URL}\n`);
    await dropTestSchemas();
    const pgStatus = run(onDatabase, { LIKENESS_TEST_DB: 'postgres' });
    await dropTestSchemas();
    status = status || pgStatus;
  }
}
process.exit(status);
