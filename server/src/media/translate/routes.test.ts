import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TranslationCatalog, speechLanguageOf } from './catalog.js';
import type { TranslationEngine } from './engine.js';
import { targetLanguages, translationRoutes } from './routes.js';

const speaksAll = () => true;

test('routes: direct pairs from a recognised language, and through one pivot where no pair is direct', () => {
  const pairs = [
    { from: 'en', to: 'es' },
    { from: 'es', to: 'en' },
    { from: 'es', to: 'fr' },
    { from: 'fr', to: 'es' },
  ];
  const routes = translationRoutes(['en'], pairs, speaksAll);
  assert.deepEqual(routes, [
    { from: 'en', to: 'es', via: null },
    { from: 'en', to: 'fr', via: 'es' },
  ]);
  assert.deepEqual(targetLanguages(routes), ['es', 'fr']);
  // A direct pair wins over a pivot; a language nothing speaks is no target.
  const direct = translationRoutes(['en'], [...pairs, { from: 'en', to: 'fr' }], (c) => c !== 'es');
  assert.deepEqual(direct, [{ from: 'en', to: 'fr', via: null }]);
  // Nothing recognised: nothing offered, however many pairs.
  assert.deepEqual(translationRoutes([], pairs, speaksAll), []);
});

test('API codes to the languages likeness speaks: ja is the voices’ jp; regional and unknown ones are none', () => {
  assert.equal(speechLanguageOf('ja'), 'jp');
  assert.equal(speechLanguageOf('es'), 'es');
  assert.equal(speechLanguageOf('zh_cantonese'), null);
  assert.equal(speechLanguageOf('ca'), null);
});

/** A test double of the port: it records the pairs it is asked for and "translates" by tagging lines. */
function taggingEngine(over: Partial<TranslationEngine>): TranslationEngine & { calls: string[] } {
  const calls: string[] = [];
  return {
    name: 'tagging',
    recognises: [],
    pairs: [],
    recognise: () => Promise.resolve([]),
    translate: (lines, pair) => {
      calls.push(`${pair.from}-${pair.to}`);
      return Promise.resolve(lines.map((l) => `${l}>${pair.to}`));
    },
    ...over,
    calls,
  };
}

test('the catalog combines engines: one recognises, another translates, a pivot takes two calls', async () => {
  const ears = taggingEngine({ name: 'ears', recognises: ['en'] });
  const words = taggingEngine({
    name: 'words',
    pairs: [
      { from: 'en', to: 'es' },
      { from: 'es', to: 'fr' },
      { from: 'es', to: 'ca' },
    ],
  });
  const catalog = new TranslationCatalog([ears, words]);
  assert.deepEqual(catalog.targets(), ['es', 'fr']); // ca: no voice speaks it
  assert.deepEqual(catalog.sources(), ['en']);
  assert.equal(catalog.recogniser('en'), ears);
  assert.equal(catalog.recogniser('fr'), null);
  const toFr = catalog.route('fr')!;
  assert.deepEqual(toFr, { from: 'en', to: 'fr', via: 'es' });
  assert.equal(catalog.route('ja'), null);
  assert.deepEqual(await catalog.translate(['a', 'b'], toFr), ['a>es>fr', 'b>es>fr']);
  assert.deepEqual(words.calls, ['en-es', 'es-fr']);
  assert.deepEqual(catalog.describe(), ['en (English) → es (Spanish), fr (French) through es']);
  assert.deepEqual(new TranslationCatalog([]).targets(), []);
  assert.deepEqual(new TranslationCatalog([]).describe(), []);
});
