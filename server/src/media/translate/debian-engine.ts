import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import {
  APERTIUM_MODES_DIR,
  findApertiumPairs,
  translateWithApertium,
  type ApertiumPair,
} from './apertium.js';
import type { TranslationEngine } from './engine.js';
import {
  findPocketSphinxModel,
  POCKETSPHINX_MODEL_DIR,
  recogniseWithPocketSphinx,
  type PocketSphinxModel,
} from './pocketsphinx.js';

/**
 * The translation engine on Debian's packages: PocketSphinx recognises US-English speech, Apertium
 * translates the pairs installed. Both are optional system installs (README: video translation);
 * with neither there is no engine.
 */

export interface DebianEngineOptions {
  /** Folders searched for the binaries (default: $PATH). */
  searchPath?: readonly string[];
  apertiumModesDir?: string;
  pocketSphinxModelDir?: string;
  /** Where the engines' scratch files go (default: the OS's temporary folder). */
  tmpDir?: string;
}

/** The first executable `name` in `dirs`, or null. */
export async function findExecutable(name: string, dirs: readonly string[]): Promise<string | null> {
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (
      await access(file, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return file;
  }
  return null;
}

const pathDirs = () => (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);

/** What is installed of the Debian engine's parts (each null or empty when missing). */
export interface DebianInstall {
  apertium: string | null;
  /** The pairs of Apertium's modes folder (looked for whether or not `apertium` is on the PATH). */
  pairs: ApertiumPair[];
  pocketsphinx: string | null;
  model: PocketSphinxModel | null;
}

/** Looks for each part of the Debian engine: the programs on the PATH, the pairs, the model. */
export async function inspectDebianInstall(opts: DebianEngineOptions = {}): Promise<DebianInstall> {
  const dirs = opts.searchPath ?? pathDirs();
  const [apertium, pocketsphinx, model, pairs] = await Promise.all([
    findExecutable('apertium', dirs),
    findExecutable('pocketsphinx_continuous', dirs),
    findPocketSphinxModel(opts.pocketSphinxModelDir ?? POCKETSPHINX_MODEL_DIR),
    findApertiumPairs(opts.apertiumModesDir ?? APERTIUM_MODES_DIR),
  ]);
  return { apertium, pairs, pocketsphinx, model };
}

/** The Debian engine with what is installed, or null when neither engine is. */
export async function detectDebianEngine(opts: DebianEngineOptions = {}): Promise<TranslationEngine | null> {
  const found = await inspectDebianInstall(opts);
  const { apertium, model } = found;
  const pairs = apertium ? found.pairs : [];
  const recogniser = found.pocketsphinx && model ? { binary: found.pocketsphinx, model } : null;
  if (!recogniser && pairs.length === 0) return null;
  const tools = [recogniser && 'pocketsphinx', pairs.length > 0 && 'apertium'].filter(Boolean);
  return {
    name: `debian (${tools.join(', ')})`,
    recognises: recogniser ? [recogniser.model.language] : [],
    pairs: pairs.map(({ from, to }) => ({ from, to })),
    async recognise(wav, language, callOpts = {}) {
      if (!recogniser || language !== recogniser.model.language) {
        throw new Error(`the Debian engine does not recognise ${language} speech`);
      }
      return recogniseWithPocketSphinx(recogniser.binary, recogniser.model, wav, callOpts);
    },
    async translate(lines, pair, callOpts = {}) {
      const found = pairs.find((p) => p.from === pair.from && p.to === pair.to);
      if (!apertium || !found)
        throw new Error(`the Debian engine does not translate ${pair.from} to ${pair.to}`);
      return translateWithApertium(apertium, found.mode, lines, { ...callOpts, tmpDir: opts.tmpDir });
    },
  };
}
