// The optional Debian packages likeness uses, in one place: the README's `apt-get install` lines
// must name exactly these sets (test/media/system-packages.test.ts), `likeness doctor` names the
// package of a missing part from here, and the test runner installs by running the README's own line
// (ensure-translation.mjs, ensure-chromium.mjs), so what CI exercises is what an operator types.
// Plain JavaScript, read by the scripts under plain Node and by the server (system-packages.d.mts).
import { readFileSync } from 'node:fs';

/**
 * The parts of the Debian translation engine (media/translate/debian-engine.ts), each with the
 * package that installs it and a file that package puts there. `pair` parts are Apertium's modes,
 * found by the pair they translate.
 */
export const TRANSLATION_PARTS = [
  {
    key: 'apertium',
    what: 'translation (`apertium`)',
    package: 'apertium',
    file: '/usr/bin/apertium',
  },
  {
    key: 'pair-en-es',
    what: 'the English → Spanish pair',
    package: 'apertium-eng-spa',
    file: '/usr/share/apertium/modes/eng-spa.mode',
    pair: { from: 'en', to: 'es' },
  },
  {
    key: 'pair-es-fr',
    what: 'the Spanish → French pair',
    package: 'apertium-fr-es',
    file: '/usr/share/apertium/modes/es-fr.mode',
    pair: { from: 'es', to: 'fr' },
  },
  {
    key: 'pocketsphinx',
    what: 'speech recognition (`pocketsphinx_continuous`)',
    package: 'pocketsphinx',
    file: '/usr/bin/pocketsphinx_continuous',
  },
  {
    key: 'pocketsphinx-model',
    what: 'the US-English speech model',
    package: 'pocketsphinx-en-us',
    file: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
  },
];

/** What the README's video-translation line installs: English speech into Spanish and French. */
export const TRANSLATION_PACKAGES = TRANSLATION_PARTS.map((p) => p.package);

/** Only the tests need it: PocketSphinx's recorded speech and its expected transcriptions. */
export const TRANSLATION_TEST_DATA = {
  package: 'pocketsphinx-testdata',
  file: '/usr/share/pocketsphinx/test/data/librivox/transcription',
};

/** What the README's line for the browser tests installs (/usr/bin/chromium). */
export const BROWSER_PACKAGES = ['chromium'];

/** The README section of each install line, and the packages that line must name. */
export const README_INSTALL_LINES = [
  { section: 'Run it', packages: BROWSER_PACKAGES },
  { section: 'Video translation', packages: TRANSLATION_PACKAGES },
];

/** The command that installs `packages`, as the README and every message write it. */
export const aptInstallCommand = (packages) => `sudo apt-get install ${packages.join(' ')}`;

export const README_PATH = new URL('../../README.md', import.meta.url);

/**
 * Every `apt-get install` command in a README (in code blocks and inline code), with the `## `
 * section it is in, its words and the packages it names (the words after `install` that are not
 * options). Pure.
 */
export function aptInstallLines(markdown) {
  const lines = [];
  let section = '';
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+(.*?)\s*$/.exec(line);
    if (heading) section = heading[1];
    for (const m of line.matchAll(/(?:sudo\s+)?apt-get\s+install\b[^`\n]*/g)) {
      const text = m[0].trim();
      const words = text.split(/\s+/);
      const packages = words.slice(words.indexOf('install') + 1).filter((w) => !w.startsWith('-'));
      lines.push({ section, text, words, packages });
    }
  }
  return lines;
}

/**
 * The README's install line of `section`, or why there is none (a message). A section must hold
 * exactly one such line.
 */
export function readmeInstallLine(section, readmePath = README_PATH) {
  let text;
  try {
    text = readFileSync(readmePath, 'utf8');
  } catch (err) {
    return `cannot read ${readmePath.pathname ?? readmePath}: ${err.message}`;
  }
  const found = aptInstallLines(text).filter((l) => l.section === section);
  if (found.length !== 1)
    return `README.md has ${found.length} \`apt-get install\` lines under "## ${section}", expected one`;
  return found[0];
}
