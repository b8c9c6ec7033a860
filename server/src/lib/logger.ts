import pino, { type Logger } from 'pino';
import { isColorSupported, prettyFactory } from 'pino-pretty';
import type { LogFormat } from '../config.js';
import { prettyOptions } from './log-pretty.js';

/**
 * The service's logger, written asynchronously. A synchronous stdout costs a write(2) per line on
 * the event loop, and with a line per request that was a third of what the API could serve. Lines
 * are handed to the kernel in batches while a write is in flight; pino flushes what is left when
 * the process exits (also on an uncaught error). A SIGKILL loses what was not yet written; more
 * than `MAX_BUFFERED` bytes waiting (a log reader that stopped reading) are dropped rather than
 * held in memory.
 *
 * Two formats of the same lines: JSON (one object a line, for log collectors) and pretty (one
 * readable line an event, local time first, for a person at a terminal; lib/log-pretty.ts).
 */
const MAX_BUFFERED = 16 * 1024 * 1024;

/** The format the logger writes, from the setting and whether stdout is a terminal. Pure. */
export function chooseLogFormat(setting: LogFormat, stdoutIsTTY: boolean): 'pretty' | 'json' {
  if (setting === 'auto') return stdoutIsTTY ? 'pretty' : 'json';
  return setting;
}

/** The output of each logger createLogger made, for `printAfterLog`. */
const outputs = new WeakMap<Logger, { write(text: string): unknown }>();

export interface LogOutput {
  /** A file descriptor (default 1, stdout) or a file path. */
  dest?: number | string;
  /** Whether `dest` is a terminal: decides `auto`, and colours. Default: stdout's. */
  isTTY?: boolean;
  /** Write each line at once (tests reading the file right after logging). Default: batched. */
  sync?: boolean;
}

export function createLogger(level: string, format: LogFormat = 'json', out: LogOutput = {}): Logger {
  const isTTY = out.isTTY ?? Boolean(process.stdout.isTTY);
  const destination = pino.destination({
    dest: out.dest ?? 1,
    sync: out.sync ?? false,
    maxLength: MAX_BUFFERED,
  });
  if (chooseLogFormat(format, isTTY) === 'json') return remember(pino({ level }, destination), destination);
  // pino-pretty as a stream in front of the same batched, bounded destination, not as a transport
  // (a worker thread): its options would have to cross to the worker as data, so no functions (the
  // one-line rendering of fields and errors is one); the worker's own queue in front of it is not
  // bounded; and the banner that follows start-up could not be written in order behind the lines
  // (printAfterLog). Formatting on the event loop is the cost: a line costs a parse and a
  // format, for a person reading a terminal at info level; collectors and benches get JSON.
  const pretty = prettyFactory(
    prettyOptions({
      colorize: isTTY && isColorSupported,
      withStacks: (pino.levels.values[level] ?? Infinity) <= pino.levels.values.debug!,
    }),
  );
  const stream = {
    write(line: string) {
      let text: string;
      try {
        text = pretty(line);
      } catch {
        text = line; // never lose a line, nor throw at the caller, over its formatting
      }
      if (text) destination.write(text);
    },
    flush(cb?: (err?: Error) => void) {
      destination.flush(cb);
    },
    flushSync() {
      destination.flushSync();
    },
  };
  return remember(pino({ level }, stream), destination);
}

function remember(log: Logger, out: { write(text: string): unknown }): Logger {
  outputs.set(log, out);
  return log;
}

/**
 * Prints text that is not a log line (the banner of cli/serve.ts) after every line logged so far:
 * through the logger's own batched output, as printing straight to stdout would overtake lines
 * still waiting there. A logger made elsewhere (tests) prints to stdout.
 */
export function printAfterLog(log: Logger, text: string): void {
  const out = outputs.get(log);
  if (out) out.write(text);
  else process.stdout.write(text);
}
