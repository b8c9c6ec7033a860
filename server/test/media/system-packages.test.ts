import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { test } from 'node:test';
import {
  aptInstallLines,
  README_INSTALL_LINES,
  README_PATH,
  readmeInstallLine,
  TRANSLATION_PACKAGES,
  TRANSLATION_PARTS,
  TRANSLATION_TEST_DATA,
} from '../../scripts/system-packages.mjs';
import { foundParts, halfInstalledAdvice } from '../../src/cli/debian-advice.js';
import { apertiumPairs, APERTIUM_MODES_DIR } from '../../src/media/translate/apertium.js';
import { inspectDebianInstall } from '../../src/media/translate/debian-engine.js';
import { POCKETSPHINX_MODEL_DIR } from '../../src/media/translate/pocketsphinx.js';

/**
 * The README's `apt-get install` lines are the package sets the code needs (scripts/system-packages.mjs,
 * shared with `likeness doctor` and the test runner, which installs by running those very lines).
 */

const sorted = (xs: readonly string[]) => [...xs].sort();

test('install lines are found in code blocks and inline code, with their section and packages', () => {
  const md = [
    '## Run it',
    'text `sudo apt-get install chromium` text, and `apt-get` alone is no line',
    '## Other',
    '```sh',
    'sudo apt-get install -y a b --no-install-recommends c',
    '```',
  ].join('\n');
  assert.deepEqual(
    aptInstallLines(md).map(({ section, text, packages }) => ({ section, text, packages })),
    [
      { section: 'Run it', text: 'sudo apt-get install chromium', packages: ['chromium'] },
      {
        section: 'Other',
        text: 'sudo apt-get install -y a b --no-install-recommends c',
        packages: ['a', 'b', 'c'],
      },
    ],
  );
});

test('every apt-get install line of the README names exactly the packages the code needs', () => {
  const lines = aptInstallLines(readFileSync(README_PATH, 'utf8'));
  assert.deepEqual(
    lines.map((l) => l.section).sort(),
    README_INSTALL_LINES.map((l) => l.section).sort(),
    'one install line per section that has one, and no other',
  );
  for (const want of README_INSTALL_LINES) {
    const line = readmeInstallLine(want.section);
    assert.notEqual(typeof line, 'string', String(line));
    if (typeof line === 'string') continue;
    assert.deepEqual(sorted(line.packages), sorted(want.packages), line.text);
    assert.match(line.text, /^sudo apt-get install [a-z0-9 .+-]+$/, 'an operator types it as it is');
  }
  // The translation line installs every part the engine looks for, each by its own package.
  assert.deepEqual(
    sorted(TRANSLATION_PACKAGES),
    sorted([...new Set(TRANSLATION_PARTS.map((p) => p.package))]),
  );
});

test("the parts' files are where the engine looks for them", () => {
  for (const part of TRANSLATION_PARTS) {
    if (part.pair) {
      assert.equal(dirname(part.file), APERTIUM_MODES_DIR, part.key);
      assert.deepEqual(
        apertiumPairs([basename(part.file)]).map(({ from, to }) => ({ from, to })),
        [part.pair],
      );
    }
  }
  const model = TRANSLATION_PARTS.find((p) => p.key === 'pocketsphinx-model')!;
  assert.equal(dirname(model.file), POCKETSPHINX_MODEL_DIR);
});

test('Debian knows every package (where apt-cache has package lists)', (t) => {
  const names = [
    ...TRANSLATION_PACKAGES,
    TRANSLATION_TEST_DATA.package,
    ...README_INSTALL_LINES[0]!.packages,
  ];
  const known = (...pkgs: string[]) =>
    spawnSync('apt-cache', ['show', '--no-all-versions', ...pkgs], { encoding: 'utf8' }).status === 0;
  if (known(...names)) return;
  if (!known('apt')) {
    t.skip('no apt-cache with package lists on this machine');
    return;
  }
  assert.deepEqual(
    names.filter((n) => !known(n)),
    [],
    'packages Debian does not know',
  );
});

test('an installed part belongs to the package named for it (where installed)', (t) => {
  const installed = TRANSLATION_PARTS.filter((p) => existsSync(p.file));
  if (installed.length === 0 || spawnSync('dpkg', ['--version']).status !== 0) {
    t.skip('no part of the translation engine is installed here');
    return;
  }
  for (const part of installed) {
    const owner = spawnSync('dpkg', ['-S', part.file], { encoding: 'utf8' }).stdout.split(':')[0];
    assert.equal(owner, part.package, part.file);
  }
});

test('doctor names the missing package when the PATH lacks pocketsphinx_continuous', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'likeness-debian-'));
  try {
    const bin = join(dir, 'bin');
    const modes = join(dir, 'modes');
    const model = join(dir, 'model');
    await mkdir(bin);
    await mkdir(modes);
    await mkdir(join(model, 'en-us'), { recursive: true });
    const apertium = join(bin, 'apertium');
    await writeFile(apertium, '#!/bin/sh\n');
    await chmod(apertium, 0o755);
    for (const part of TRANSLATION_PARTS.filter((p) => p.pair))
      await writeFile(join(modes, basename(part.file)), '');
    for (const f of ['en-us.lm.bin', 'cmudict-en-us.dict']) await writeFile(join(model, f), '');
    const found = await inspectDebianInstall({
      searchPath: [bin],
      apertiumModesDir: modes,
      pocketSphinxModelDir: model,
    });
    assert.match(
      halfInstalledAdvice(foundParts(found)) ?? '',
      /but speech recognition \(`pocketsphinx_continuous`\) is missing: install Debian's package `pocketsphinx` \(sudo apt-get install pocketsphinx\)$/,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
