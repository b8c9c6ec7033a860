// likeness translation engines: speech recognition and machine translation for video/translate.
export { describeLanguage, type LanguagePair } from './languages.js';
export type { EngineCallOptions, RecognisedWord, TranslationEngine } from './engine.js';
export { detectDebianEngine, type DebianEngineOptions } from './debian-engine.js';
export { targetLanguages, translationRoutes, type TranslationRoute } from './routes.js';
export { findTranslationCatalog, TranslationCatalog } from './catalog.js';
export { speechLanguageOf } from './catalog.js';
export {
  translateSpeech,
  TranslationInputError,
  type TranslatedSentence,
  type TranslatedSpeech,
  type TranslateSpeechJob,
} from './pipeline.js';
