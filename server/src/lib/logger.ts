import pino, { type Logger } from 'pino';

/**
 * The service's logger: JSON lines on stdout, written asynchronously. A synchronous stdout costs a
 * write(2) per line on the event loop, and with a line per request that was a third of what the
 * API could serve. Lines are handed to the kernel in batches while a write is in flight; pino
 * flushes what is left when the process exits (also on an uncaught error). A SIGKILL loses what
 * was not yet written; more than `MAX_BUFFERED` bytes waiting (a log reader that stopped reading)
 * are dropped rather than held in memory.
 */
const MAX_BUFFERED = 16 * 1024 * 1024;

export function createLogger(level: string): Logger {
  return pino({ level }, pino.destination({ dest: 1, sync: false, maxLength: MAX_BUFFERED }));
}
