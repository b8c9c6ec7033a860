// Where the tests are: every *.test.ts under src/ (unit tests of pure code, next to their source)
// and test/ (media, integration, contract, browser and reliability suites), as paths relative to the
// server's folder. Shared by the runner and by test/unit-files.ts.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const serverRoot = new URL('..', import.meta.url).pathname;

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'test-output') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    else if (name.endsWith('.test.ts')) out.push(relative(serverRoot, full));
  }
  return out;
}

/** The test files under `folder` ('src' or 'test'), sorted. */
export function testFiles(folder) {
  return collect(join(serverRoot, folder), []).sort();
}
