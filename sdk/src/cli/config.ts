/** Where the CLI finds its token and the service: flags, then environment, then the config file. */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000';

export interface CliConfig {
  token?: string;
  base_url?: string;
}

/** The config file: --config, $LIKENESS_CONFIG, $XDG_CONFIG_HOME/likeness/config.json or ~/.config/likeness/config.json. */
export function configPath(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (flag) return flag;
  if (env.LIKENESS_CONFIG) return env.LIKENESS_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'likeness', 'config.json');
}

export async function readConfig(path: string): Promise<CliConfig> {
  try {
    const v: unknown = JSON.parse(await readFile(path, 'utf8'));
    return v && typeof v === 'object' ? (v as CliConfig) : {};
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`cannot read the config file ${path}: ${(e as Error).message}`, { cause: e });
  }
}

/** Writes the config file readable by its owner only (it holds a token). */
export async function writeConfig(path: string, config: CliConfig): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}

export interface Resolved {
  token: string | undefined;
  baseUrl: string;
  /** Where the token came from, for the error that says it is missing or wrong. */
  source: 'flag' | 'env' | 'config' | 'none';
}

export function resolve(
  flags: { token?: string; 'base-url'?: string },
  env: NodeJS.ProcessEnv,
  file: CliConfig,
): Resolved {
  // An empty variable counts as unset.
  const token = flags.token || env.LIKENESS_TOKEN || file.token || undefined;
  const source = flags.token ? 'flag' : env.LIKENESS_TOKEN ? 'env' : file.token ? 'config' : 'none';
  const baseUrl = flags['base-url'] || env.LIKENESS_BASE_URL || file.base_url || DEFAULT_BASE_URL;
  return { token, baseUrl, source };
}
