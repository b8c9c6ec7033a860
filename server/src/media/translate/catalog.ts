import { isSpeechLanguage, type SpeechLanguage } from '../speech/languages.js';
import { detectDebianEngine } from './debian-engine.js';
import type { EngineCallOptions, TranslationEngine } from './engine.js';
import { describeLanguage, type LanguagePair } from './languages.js';
import { detectPackEngine, type PackScan } from './pack-engine.js';
import { targetLanguages, translationRoutes, type TranslationRoute } from './routes.js';

/**
 * What this server translates, and with which engine: the engines found at start, and the routes
 * from the languages they recognise to the languages likeness speaks.
 */

/** The speech language that speaks an API code (`ja` is the voices' `jp`); null when none does. */
export function speechLanguageOf(code: string): SpeechLanguage | null {
  const lang = code === 'ja' ? 'jp' : code;
  return isSpeechLanguage(lang) && !lang.includes('_') ? lang : null;
}

export class TranslationCatalog {
  readonly routes: readonly TranslationRoute[];

  constructor(readonly engines: readonly TranslationEngine[]) {
    this.routes = translationRoutes(
      [...new Set(engines.flatMap((e) => e.recognises))],
      engines.flatMap((e) => e.pairs),
      (code) => speechLanguageOf(code) !== null,
    );
  }

  /** The codes `target_language_code` may take here, sorted. */
  targets(): string[] {
    return targetLanguages(this.routes);
  }

  /** The route to `target` from `source`, or from any recognised language when `source` is null. */
  route(target: string, source: string | null = null): TranslationRoute | null {
    return this.routes.find((r) => r.to === target && (source === null || r.from === source)) ?? null;
  }

  /** Languages whose speech some engine recognises and translates from. */
  sources(): string[] {
    return [...new Set(this.routes.map((r) => r.from))].sort();
  }

  /** The engine that recognises `language`, or null. */
  recogniser(language: string): TranslationEngine | null {
    return this.engines.find((e) => e.recognises.includes(language)) ?? null;
  }

  /** Translates `lines` along `route`: one engine call, or two through its pivot. */
  async translate(
    lines: readonly string[],
    route: TranslationRoute,
    opts?: EngineCallOptions,
  ): Promise<string[]> {
    const legs: LanguagePair[] = route.via
      ? [
          { from: route.from, to: route.via },
          { from: route.via, to: route.to },
        ]
      : [{ from: route.from, to: route.to }];
    let text = [...lines];
    for (const leg of legs) {
      const engine = this.engines.find((e) => e.pairs.some((p) => p.from === leg.from && p.to === leg.to));
      if (!engine) throw new Error(`no engine translates ${leg.from} to ${leg.to}`);
      text = await engine.translate(text, leg, opts);
    }
    return text;
  }

  /** One line per source language: "en → es (Spanish), fr (French, through es)"; empty without routes. */
  describe(): string[] {
    return this.sources().map((from) => {
      const to = this.routes
        .filter((r) => r.from === from)
        .map((r) => (r.via ? `${describeLanguage(r.to)} through ${r.via}` : describeLanguage(r.to)));
      return `${describeLanguage(from)} → ${to.join(', ')}`;
    });
  }
}

/**
 * The catalog of a process: the engines given (tests), those found on this machine ('auto': the
 * model packs that load, from the folder `packs` names or from a scan of it already made, then the Debian engine, where installed), or none
 * ('off'). A pack comes first, so it hears (or translates) what it knows in place of PocketSphinx
 * (or Apertium). `warn` hears of every pack refused, with the reason.
 */
export async function findTranslationCatalog(
  mode: 'auto' | 'off',
  given?: readonly TranslationEngine[],
  packs: string | Promise<PackScan> | null = null,
  warn: (message: string) => void = () => undefined,
): Promise<TranslationCatalog> {
  if (given) return new TranslationCatalog(given);
  if (mode === 'off') return new TranslationCatalog([]);
  const engines: TranslationEngine[] = [];
  if (packs) {
    const found = await (typeof packs === 'string' ? detectPackEngine(packs) : packs);
    for (const r of found.refused) warn(`model pack ${r.dir} refused: ${r.reason}`);
    if (found.engine) engines.push(found.engine);
  }
  const debian = await detectDebianEngine();
  if (debian) engines.push(debian);
  return new TranslationCatalog(engines);
}
