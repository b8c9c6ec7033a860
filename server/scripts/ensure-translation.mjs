// The translation engines' tests run Debian's PocketSphinx (US-English models, and the recorded
// speech of its test data) and Apertium (English-Spanish, French-Spanish): the optional system
// install operators add for video translation (README). Installed when missing and possible;
// otherwise those suites skip and say why.
import { existsSync } from 'node:fs';
import { ensureDebianPackages } from './debian-packages.mjs';

export const TRANSLATION_TEST_PACKAGES = [
  'apertium',
  'apertium-en-es',
  'apertium-fr-es',
  'pocketsphinx',
  'pocketsphinx-en-us',
  'pocketsphinx-testdata',
];

const FILES = [
  '/usr/bin/apertium',
  '/usr/share/apertium/modes/eng-spa.mode',
  '/usr/share/apertium/modes/es-fr.mode',
  '/usr/bin/pocketsphinx_continuous',
  '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
  '/usr/share/pocketsphinx/test/data/librivox/transcription',
];

/** Returns null when the engines are there (or were installed), else why their tests cannot run. */
export function ensureTranslationEngines() {
  return ensureDebianPackages(
    TRANSLATION_TEST_PACKAGES,
    () => FILES.every((f) => existsSync(f)),
    'the translation engine tests',
  );
}
