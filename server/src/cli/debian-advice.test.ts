import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TRANSLATION_PARTS } from '../../scripts/system-packages.mjs';
import { foundParts, halfInstalledAdvice, noEngineAdvice } from './debian-advice.js';

const model = { language: 'en', acousticModel: 'a', languageModel: 'l', dictionary: 'd' };
const everything = {
  apertium: '/usr/bin/apertium',
  pairs: [
    { from: 'en', to: 'es', mode: 'eng-spa' },
    { from: 'es', to: 'en', mode: 'spa-eng' },
    { from: 'es', to: 'fr', mode: 'es-fr' },
  ],
  pocketsphinx: '/usr/bin/pocketsphinx_continuous',
  model,
};

test('foundParts: each part of the Debian engine by what was found', () => {
  assert.deepEqual([...foundParts(everything)].sort(), TRANSLATION_PARTS.map((p) => p.key).sort());
  assert.deepEqual([...foundParts({ apertium: null, pairs: [], pocketsphinx: null, model: null })], []);
  // The README's old line: Apertium and its pairs, the model, but not the recogniser's program.
  assert.deepEqual([...foundParts({ ...everything, pocketsphinx: null })].sort(), [
    'apertium',
    'pair-en-es',
    'pair-es-fr',
    'pocketsphinx-model',
  ]);
});

test('a half-installed engine names the missing part and the package that installs it', () => {
  assert.equal(
    halfInstalledAdvice(foundParts({ ...everything, pocketsphinx: null })),
    'found apertium, apertium-eng-spa, apertium-fr-es and pocketsphinx-en-us, but speech recognition ' +
      "(`pocketsphinx_continuous`) is missing: install Debian's package `pocketsphinx` " +
      '(sudo apt-get install pocketsphinx)',
  );
  assert.equal(
    halfInstalledAdvice(foundParts({ ...everything, apertium: null, pairs: [] })),
    'found pocketsphinx and pocketsphinx-en-us, but translation (`apertium`), the English → Spanish pair ' +
      "and the Spanish → French pair are missing: install Debian's packages `apertium`, " +
      '`apertium-eng-spa` and `apertium-fr-es` (sudo apt-get install apertium apertium-eng-spa apertium-fr-es)',
  );
  assert.match(
    halfInstalledAdvice(foundParts({ ...everything, pairs: everything.pairs.slice(0, 2) })) ?? '',
    /but the Spanish → French pair is missing: install Debian's package `apertium-fr-es`/,
  );
  // All or nothing: nothing half-installed to report.
  assert.equal(halfInstalledAdvice(foundParts(everything)), null);
  assert.equal(halfInstalledAdvice(new Set()), null);
});

test('no engine: the line that installs one, as the README writes it', () => {
  assert.equal(
    noEngineAdvice(''),
    'no engine: video/translate refuses every language. Optional: `sudo apt-get install apertium ' +
      'apertium-eng-spa apertium-fr-es pocketsphinx pocketsphinx-en-us` translates English speech into ' +
      'Spanish and French',
  );
  assert.match(noEngineAdvice('packs (whisper)'), /^no engine \(found packs \(whisper\), which alone/);
});
