import {
  aptInstallCommand,
  TRANSLATION_PACKAGES,
  TRANSLATION_PARTS,
  type TranslationPart,
} from '../../scripts/system-packages.mjs';
import type { DebianInstall } from '../media/translate/debian-engine.js';

type PartKey = TranslationPart['key'];

/** The parts of the Debian engine an inspection found (debian-engine.ts `inspectDebianInstall`). Pure. */
export function foundParts(install: DebianInstall): Set<PartKey> {
  const found = new Set<PartKey>();
  for (const part of TRANSLATION_PARTS) {
    const here =
      part.key === 'apertium'
        ? install.apertium !== null
        : part.key === 'pocketsphinx'
          ? install.pocketsphinx !== null
          : part.key === 'pocketsphinx-model'
            ? install.model !== null
            : install.pairs.some((p) => p.from === part.pair?.from && p.to === part.pair?.to);
    if (here) found.add(part.key);
  }
  return found;
}

/** "a", "a and b", "a, b and c". */
const and = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * What doctor says of a Debian engine installed in part: the parts found (by package), the parts
 * missing and the packages that install them, with the command. Null when every part is there, or
 * none (nothing was half-installed). Pure.
 */
export function halfInstalledAdvice(found: ReadonlySet<string>): string | null {
  const missing = TRANSLATION_PARTS.filter((p) => !found.has(p.key));
  if (missing.length === 0 || missing.length === TRANSLATION_PARTS.length) return null;
  const present = TRANSLATION_PARTS.filter((p) => found.has(p.key)).map((p) => p.package);
  const packages = missing.map((p) => p.package);
  return (
    `found ${and(present)}, but ${and(missing.map((p) => p.what))} ${missing.length === 1 ? 'is' : 'are'} ` +
    `missing: install Debian's ${packages.length === 1 ? 'package' : 'packages'} ` +
    `${and(packages.map((p) => `\`${p}\``))} (${aptInstallCommand(packages)})`
  );
}

/** The line of a machine with no translation engine at all. */
export function noEngineAdvice(foundEngines: string): string {
  const found = foundEngines
    ? ` (found ${foundEngines}, which alone translates nothing likeness speaks)`
    : '';
  return (
    `no engine${found}: video/translate refuses every language. Optional: ` +
    `\`${aptInstallCommand(TRANSLATION_PACKAGES)}\` translates English speech into Spanish and French`
  );
}
