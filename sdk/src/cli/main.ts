/**
 * likeness-cli: the command line over the SDK. `likeness-cli <group> [<command>] [args] [--flags]`.
 * Human-readable output by default, `--json` for scripts; the token comes from --token,
 * $LIKENESS_TOKEN or the config file (`likeness-cli login`). Exit codes: 0 done, 1 the service or a
 * task failed, 2 a usage mistake.
 */
import { parseArgs } from 'node:util';
import { LikenessClient } from '../client.js';
import { LikenessError, TaskFailedError, TaskTimeoutError } from '../errors.js';
import { SDK_VERSION } from '../index.js';
import '../node.js'; // uploads from paths
import {
  UsageError,
  type Args,
  type CliContext,
  type Command,
  type Group,
  type OptionSpec,
} from './command.js';
import { configPath, readConfig, resolve } from './config.js';
import { audio } from './commands/audio.js';
import { credit, login } from './commands/account.js';
import { avatars } from './commands/avatars.js';
import { covers } from './commands/covers.js';
import { task } from './commands/task.js';
import { upload } from './commands/upload.js';
import { videos } from './commands/videos.js';
import { voices } from './commands/voices.js';
import { Output, type Streams } from './output.js';

const GROUPS: Record<string, Group> = { avatars, voices, videos, audio, covers, upload, credit, task, login };

const GLOBAL: Record<string, OptionSpec> = {
  json: { type: 'boolean', description: 'print JSON (for scripts) instead of tables' },
  token: { type: 'string', description: 'API token (default: $LIKENESS_TOKEN, then the config file)' },
  'base-url': {
    type: 'string',
    description: 'service URL (default: $LIKENESS_BASE_URL, the config file, http://127.0.0.1:3000)',
  },
  config: {
    type: 'string',
    description: 'config file (default: $LIKENESS_CONFIG or ~/.config/likeness/config.json)',
  },
  timeout: { type: 'string', description: 'seconds to wait for a task (default 900)' },
  quiet: { type: 'boolean', short: 'q', description: 'no progress or notes on stderr' },
  help: { type: 'boolean', short: 'h', description: 'show help' },
};

function helpAll(): string {
  const lines = [
    'likeness-cli: avatars, voices, videos, audio and covers from the command line',
    '',
    'Commands:',
  ];
  for (const g of Object.values(GROUPS)) {
    for (const c of Object.values(g.commands)) lines.push(`  likeness-cli ${c.usage}`, `      ${c.summary}`);
  }
  lines.push('', 'Global flags:');
  for (const [k, o] of Object.entries(GLOBAL)) lines.push(`  --${k.padEnd(10)} ${o.description}`);
  lines.push(
    '',
    'Example: a photo becomes a talking video',
    '  likeness-cli videos tts --photo face.jpg --voice pub-en-emma --text "Hello!" -o hello.mp4',
    '',
  );
  return lines.join('\n');
}

function helpCommand(c: Command): string {
  const lines = [`usage: likeness-cli ${c.usage}`, '', c.summary];
  const opts = Object.entries(c.options ?? {});
  if (opts.length) {
    lines.push('', 'Options:');
    for (const [k, o] of opts)
      lines.push(`  ${o.short ? `-${o.short}, ` : ''}--${k.padEnd(12)} ${o.description}`);
  }
  lines.push('', 'Global flags: --json --token --base-url --config --timeout --quiet', '');
  return lines.join('\n');
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let s = '';
  for await (const chunk of stream) s += String(chunk);
  return s;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  io?: Streams;
  stdin?: NodeJS.ReadableStream;
}

/** Runs one command line; returns the exit code. */
export async function runCli(argv: string[], opts: RunOptions = {}): Promise<number> {
  const env = opts.env ?? process.env;
  const io = opts.io ?? { stdout: process.stdout, stderr: process.stderr };

  if (argv[0] === '--version' || argv[0] === '-v') {
    io.stdout.write(`${SDK_VERSION}\n`);
    return 0;
  }
  const group = GROUPS[argv[0] ?? ''];
  if (!group) {
    if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
      io.stdout.write(helpAll());
      return 0;
    }
    io.stderr.write(`unknown command '${argv[0]}'\n\n${helpAll()}`);
    return 2;
  }
  let command = group.commands[''];
  let rest = argv.slice(1);
  if (!command) {
    command = group.commands[argv[1] ?? ''];
    rest = argv.slice(2);
    if (!command) {
      const usages = Object.values(group.commands).map((c) => `  likeness-cli ${c.usage}`);
      const msg =
        argv[1] && !argv[1].startsWith('-')
          ? `unknown command '${argv[0]} ${argv[1]}'`
          : `${argv[0]}: which one?`;
      io.stderr.write(`${msg}\n${usages.join('\n')}\n`);
      return argv[1] === '--help' || argv[1] === '-h' ? 0 : 2;
    }
  }

  let args: Args;
  try {
    const options = { ...GLOBAL, ...command.options };
    const parsed = parseArgs({
      args: rest,
      options: Object.fromEntries(
        Object.entries(options).map(([k, o]) => [
          k,
          o.short ? { type: o.type, short: o.short } : { type: o.type },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
    args = { values: parsed.values as Args['values'], positionals: parsed.positionals };
  } catch (e) {
    io.stderr.write(`${(e as Error).message}\n\n${helpCommand(command)}`);
    return 2;
  }
  if (args.values.help) {
    io.stdout.write(helpCommand(command));
    return 0;
  }
  const want = command.positionals ?? [];
  if (args.positionals.length !== want.length) {
    io.stderr.write(
      `${want.length ? `expected ${want.map((p) => p.toUpperCase()).join(' ')}` : 'no arguments expected'}; got ${args.positionals.length}\n\n${helpCommand(command)}`,
    );
    return 2;
  }

  const out = new Output(io, args.values.json === true, args.values.quiet === true);
  try {
    const cfgPath = configPath(args.values.config as string | undefined, env);
    const fileConfig = await readConfig(cfgPath);
    let client: LikenessClient | undefined;
    const makeClient = () => {
      // `login --token T` resolves to the token being saved: flags come first.
      const r = resolve(args.values as { token?: string; 'base-url'?: string }, env, fileConfig);
      if (!r.token) {
        throw new UsageError(
          'no API token: pass --token, set LIKENESS_TOKEN, or save one with `likeness-cli login --token <TOKEN>`',
        );
      }
      return new LikenessClient({ baseUrl: r.baseUrl, token: r.token });
    };
    const timeoutSec = Number(args.values.timeout ?? 900);
    if (!Number.isFinite(timeoutSec) || timeoutSec <= 0)
      throw new UsageError('--timeout must be a number of seconds');
    const ctx: CliContext = {
      out,
      env,
      configPath: cfgPath,
      timeoutSec,
      pollMs: Number(env.LIKENESS_POLL_MS ?? 1000),
      readStdin: () => readAll(opts.stdin ?? process.stdin),
      client: () => (client ??= makeClient()),
    };
    await command.run(ctx, args);
    return 0;
  } catch (e) {
    return report(e, out, command);
  }
}

function report(e: unknown, out: Output, command: Command): number {
  if (e instanceof UsageError) {
    out.error(`${e.message}\n\nusage: likeness-cli ${command.usage}`, { code: 2, message: e.message });
    return 2;
  }
  if (e instanceof LikenessError) {
    const where = e.requestId ? ` (request ${e.requestId})` : '';
    const what =
      e instanceof TaskFailedError
        ? `task ${e.taskId} failed`
        : e instanceof TaskTimeoutError
          ? 'still running'
          : `error ${e.code}`;
    out.error(`${what}: ${e.message}${e.detail ? ` (${e.detail})` : ''}${where}`, {
      code: e.code,
      message: e.message,
      ...(e.detail ? { detail: e.detail } : {}),
      request_id: e.requestId,
      ...(e instanceof TaskFailedError || e instanceof TaskTimeoutError ? { task_id: e.taskId } : {}),
    });
    return 1;
  }
  const message = e instanceof Error ? e.message : String(e);
  out.error(`error: ${message}`, { code: -1, message });
  return 1;
}
