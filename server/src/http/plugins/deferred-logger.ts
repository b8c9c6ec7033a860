import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { levelEnabled } from './request-context.js';

type Bindings = Record<string, unknown>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that makes its child of the server's logger (the request id bound) only when
 * the request first writes a line. Most requests write none at the default level (a successful poll's
 * line is debug), and making the child, whose bindings pino serialises to JSON at once, was about
 * 1 µs of the ~40 µs a polled query costs the server. A line it writes is the child's, exactly.
 */
export class DeferredChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  /** The child, made on first need. */
  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  get level(): string {
    return this.#child ? this.#child.level : this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  private write(level: Level, args: unknown[]): void {
    // A level the logger does not write makes no child: pino's method for it is a no-op anyway.
    if (!levelEnabled(this.level, level)) return;
    (this.real[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {
    // pino's silent level writes nothing.
  }

  child(bindings: Bindings, options?: Parameters<FastifyBaseLogger['child']>[1]): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a deferred child for every request, unless the route asks for its
 * own level or serializers (none of ours does), which only a real child can carry.
 */
export const deferredChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  opts,
) =>
  opts.level === undefined && opts.serializers === undefined
    ? // It has every method Fastify calls and checks for; pino's typings list more than it uses.
      (new DeferredChildLogger(logger, bindings) as unknown as FastifyBaseLogger)
    : logger.child(bindings, opts);
