import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apertiumPairs, tidyApertiumLine } from './apertium.js';
import { apiLanguageCode } from './languages.js';

test("a modes folder's plain pairs, by the API's codes; variants and other modes left out", () => {
  // What Debian's apertium-en-es and apertium-fr-es install.
  const names = [
    'README',
    'eco-es-fr.mode',
    'eco-fr-es.mode',
    'eng-spa.mode',
    'es-fr.mode',
    'fr-es.mode',
    'spa-eng.mode',
    'spa-eng_US.mode',
  ];
  assert.deepEqual(apertiumPairs(names), [
    { from: 'en', to: 'es', mode: 'eng-spa' },
    { from: 'es', to: 'fr', mode: 'es-fr' },
    { from: 'fr', to: 'es', mode: 'fr-es' },
    { from: 'es', to: 'en', mode: 'spa-eng' },
  ]);
  // A pair installed under both names is kept once; unknown codes are skipped.
  assert.deepEqual(apertiumPairs(['en-es.mode', 'eng-spa.mode', 'xxx-eng.mode']), [
    { from: 'en', to: 'es', mode: 'en-es' },
  ]);
  assert.deepEqual(apertiumPairs([]), []);
});

test('language codes: two letters kept, ISO 639-3 mapped, unknown ones refused', () => {
  assert.equal(apiLanguageCode('spa'), 'es');
  assert.equal(apiLanguageCode('ENG'), 'en');
  assert.equal(apiLanguageCode('fr'), 'fr');
  assert.equal(apiLanguageCode('xyz'), null);
  assert.equal(apiLanguageCode('english'), null);
});

test("Apertium's spacing is tidied: before stops and commas, at line starts, runs of spaces", () => {
  assert.equal(tidyApertiumLine('Hola, mi nombre es John .'), 'Hola, mi nombre es John.');
  assert.equal(tidyApertiumLine(' Quiero ir a la playa!'), 'Quiero ir a la playa!');
  assert.equal(tidyApertiumLine('El tiempo es bueno hoy y  quiero ir'), 'El tiempo es bueno hoy y quiero ir');
  // French spacing before ! ? : is the language's own and stays.
  assert.equal(tidyApertiumLine('Bonjour !'), 'Bonjour !');
});
