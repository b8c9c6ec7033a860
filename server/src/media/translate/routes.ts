import type { LanguagePair } from './languages.js';

/**
 * Which translations a server offers, from what its engines do: speech recognised in the source
 * language, text translated to the target (directly, or through one pivot language when no engine
 * has the pair), and speech synthesised in the target. Pure.
 */

export interface TranslationRoute {
  from: string;
  to: string;
  /** The pivot language, when the text goes through two translations (en → es → fr). */
  via: string | null;
}

/** Every route from a recognised language to a spoken one, direct routes preferred. */
export function translationRoutes(
  recognised: readonly string[],
  pairs: readonly LanguagePair[],
  speaks: (code: string) => boolean,
): TranslationRoute[] {
  const routes = new Map<string, TranslationRoute>();
  const has = (from: string, to: string) => pairs.some((p) => p.from === from && p.to === to);
  for (const from of recognised) {
    for (const p of pairs) {
      if (p.from === from && speaks(p.to)) routes.set(`${from}-${p.to}`, { from, to: p.to, via: null });
    }
    for (const first of pairs) {
      if (first.from !== from) continue;
      for (const second of pairs) {
        const to = second.to;
        if (second.from !== first.to || to === from || !speaks(to) || has(from, to)) continue;
        if (!routes.has(`${from}-${to}`)) routes.set(`${from}-${to}`, { from, to, via: first.to });
      }
    }
  }
  return [...routes.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** The target codes of `routes`, each once, sorted: what `target_language_code` may be. */
export function targetLanguages(routes: readonly TranslationRoute[]): string[] {
  return [...new Set(routes.map((r) => r.to))].sort();
}
