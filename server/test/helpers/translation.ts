import type { TranslationEngine } from '../../src/media/translate/index.js';

/**
 * A translation engine for tests of the API around translation (plans, credits, callbacks), not of
 * translation itself: it "recognises" English and "translates" English to Spanish by tagging each
 * line. The real engines are tested in test/media/translate-engines.test.ts.
 */
export function taggingTranslationEngine(): TranslationEngine {
  return {
    name: 'tagging (tests)',
    recognises: ['en'],
    pairs: [{ from: 'en', to: 'es' }],
    recognise: () => Promise.resolve([]),
    translate: (lines, pair) => Promise.resolve(lines.map((l) => `[${pair.to}] ${l}`)),
  };
}
