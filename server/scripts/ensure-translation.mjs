// The translation engines' tests run Debian's PocketSphinx (US-English models, and the recorded
// speech of its test data) and Apertium (English-Spanish, French-Spanish): the optional system
// install operators add for video translation. When they are missing and this process may install
// them, it runs the README's own install line (so CI follows the README literally, and fails here
// when that line does not install every part), then adds the test data; otherwise those suites
// skip and say why.
import { ensureByInstallLine, ensureDebianPackages, missingFiles } from './debian-packages.mjs';
import { readmeInstallLine, TRANSLATION_PARTS, TRANSLATION_TEST_DATA } from './system-packages.mjs';

const PURPOSE = 'the translation engine tests';

/** Returns null when the engines are there (or were installed), else why their tests cannot run. */
export function ensureTranslationEngines() {
  const line = readmeInstallLine('Video translation');
  if (typeof line === 'string') return `${PURPOSE}: ${line}`;
  const why = ensureByInstallLine(line, () => missingFiles(TRANSLATION_PARTS.map((p) => p.file)), PURPOSE);
  if (why) return why;
  return ensureDebianPackages(
    [TRANSLATION_TEST_DATA.package],
    () => missingFiles([TRANSLATION_TEST_DATA.file]),
    PURPOSE,
  );
}
