// Runs every *.test.ts under src/ and test/ with Node's test runner (TypeScript through tsx).
// Node 20's runner does not expand globs, so the file list is built here.
// Then, when the PostgreSQL server of the development and CI machines answers on 127.0.0.1:5432,
// runs the suites that use the database (most of test/integration, the job queue contract) a second
// time on it (LIKENESS_TEST_DB=postgres), and says clearly when it is skipped. Each pass ends with
// its slowest files (scripts/suite-times-reporter.mjs).
// Usage: node scripts/run-tests.mjs [path-filter ...]
// LIKENESS_TEST_DB=postgres runs only the PostgreSQL pass; LIKENESS_TEST_DB=sqlite only the first.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { builtFromCurrentInputs } from '../../scripts/build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureTranslationEngines } from './ensure-translation.mjs';
import { serverRoot as root, testFiles } from './test-files.mjs';
import { dropTestSchemas, postgresUnavailable, TEST_PG_URL } from './postgres-for-tests.mjs';

const filters = process.argv.slice(2);

/**
 * The runner starts files in the order given, two at a time: the long suites (servers, browsers,
 * real media) go first and the short files fill the gaps at the end, instead of a two-minute suite
 * starting last while the other lane sits idle.
 */
const HEAVY_FIRST = [
  'test/reliability/',
  'test/browser/',
  'test/integration/',
  'test/media/',
  'test/contract/',
];
const weight = (f) => {
  const i = HEAVY_FIRST.findIndex((dir) => f.startsWith(dir));
  return i === -1 ? HEAVY_FIRST.length : i;
};
const matching = (f) => filters.length === 0 || filters.some((p) => f.includes(p));
const suites = testFiles('test').filter(matching);
// Everything: the unit tests of src/ in one process (test/unit-files.ts). A filter: each matching
// unit file on its own, so a failure points at its file.
const units = filters.length === 0 ? ['test/unit-files.ts'] : testFiles('src').filter(matching);
const files = [...suites, ...units].sort((a, b) => weight(a) - weight(b) || a.localeCompare(b));
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
// Servers and CLIs the tests start as processes run the compiled entry when it was built from the
// sources as they are (npm install builds it; test/helpers/process.ts), else the sources under tsx.
if (builtFromCurrentInputs('server')) process.env.LIKENESS_TEST_CLI = 'dist';
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const run = (list, env) =>
  spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      `--test-concurrency=${concurrency}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${join(root, 'scripts', 'suite-times-reporter.mjs')}`,
      '--test-reporter-destination=stdout',
      ...list,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', ...env } },
  ).status ?? 1;

const only = process.env.LIKENESS_TEST_DB;
let status = only === 'postgres' ? 0 : run(files, { LIKENESS_TEST_DB: 'sqlite' });

/**
 * Integration suites whose subject is media or a client surface, not what the database keeps: they
 * run once, on SQLite. Every repository operation runs on PostgreSQL in the database contract, and
 * the suites kept below drive accounts, tasks, credits, callbacks, uploads, crashes and the
 * scaled-out processes through the API on it (decision K1). Together these are about two thirds of
 * the pass's minutes on a 2-core machine.
 */
const NOT_ON_POSTGRES = new Set([
  'test/integration/assets-media.test.ts',
  'test/integration/avatar-stretch-failure.test.ts',
  'test/integration/works-media.test.ts',
  'test/integration/client-compat.test.ts',
  'test/integration/catalogue-shipped.test.ts',
  'test/integration/cli.test.ts',
  'test/integration/translate-video.test.ts',
  'test/integration/mcp.test.ts',
]);

/** The suites whose servers, repositories and queues run on the database under test (and the fuzzing). */
const onDatabase = files.filter(
  (f) =>
    (f.startsWith('test/integration/') && !NOT_ON_POSTGRES.has(f)) ||
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
