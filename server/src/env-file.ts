import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError } from './config.js';

type Env = Record<string, string | undefined>;

/** The config file read when LIKENESS_ENV_FILE does not name another. */
export const DEFAULT_ENV_FILE = 'likeness.env';

/**
 * The settings a process runs with: the config file's variables (same names as the environment's,
 * `NAME=value` lines) under the environment, which wins. A file named by LIKENESS_ENV_FILE must
 * exist; the default `likeness.env` in the working directory is read only when present.
 */
export function environmentWithFile(env: Env = process.env, cwd = process.cwd()): Env {
  const named = env.LIKENESS_ENV_FILE?.trim();
  const path = resolve(cwd, named || DEFAULT_ENV_FILE);
  if (!existsSync(path)) {
    if (named) throw new ConfigError([`LIKENESS_ENV_FILE=${named}: no such file (${path})`]);
    return env;
  }
  const fromFile = parseEnv(readFileSync(path, 'utf8'));
  const merged: Env = { ...fromFile };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) merged[k] = v;
  return merged;
}
