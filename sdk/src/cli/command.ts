/** The shape of a CLI command and what it runs with. */
import type { LikenessClient } from '../client.js';
import type { Output } from './output.js';

export type OptionSpec = { type: 'string' | 'boolean'; short?: string; description: string };

export interface Args {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface CliContext {
  /** The API client (built on first use: `login` needs none). */
  client(): LikenessClient;
  out: Output;
  /** Seconds a wait may take (--timeout). */
  timeoutSec: number;
  /** Pause between task queries. */
  pollMs: number;
  /** Reads all of standard input (for `--text -`). */
  readStdin(): Promise<string>;
  env: NodeJS.ProcessEnv;
  /** The config file in use. */
  configPath: string;
}

export interface Command {
  /** e.g. 'avatars list [--kind 0|1|2]' */
  usage: string;
  summary: string;
  options?: Record<string, OptionSpec>;
  /** Names of the positional arguments, all required. */
  positionals?: string[];
  run(ctx: CliContext, args: Args): Promise<void>;
}

/** A command group: `likeness-cli <group> <name>`; a group with one command under '' runs bare. */
export type Group = { summary: string; commands: Record<string, Command> };

/** A usage mistake: printed with the command's usage, exit code 2. */
export class UsageError extends Error {}

export function str(args: Args, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

export function need(args: Args, name: string): string {
  const v = str(args, name);
  if (v === undefined || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

export function int(args: Args, name: string): number | undefined {
  const v = str(args, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw new UsageError(`--${name} must be a whole number, got '${v}'`);
  return Number(v);
}

export const flag = (args: Args, name: string): boolean => args.values[name] === true;

/** A string option limited to some values. */
export function choice<T extends string>(args: Args, name: string, values: readonly T[]): T | undefined {
  const v = str(args, name);
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v))
    throw new UsageError(`--${name} must be one of ${values.join(', ')}`);
  return v as T;
}
