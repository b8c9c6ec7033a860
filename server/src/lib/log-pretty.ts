import type { PrettyOptions } from 'pino-pretty';

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex -- a colour's escape sequence
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * How pino-pretty writes a log line for a person at a terminal: one line an event,
 *
 *   14:03:22.123  INFO: task submitted: audio_tts  request_id=req_… taskId=t_… account=acc_…
 *
 * local time, level, the message, then the ids that join lines (request, task, job) and the other
 * fields as key=value, never a JSON object. An error is its name, message and code on that line;
 * its stack (and a tool's stderr) follow on the next lines only when the level is debug or trace.
 */
export function prettyOptions(opts: { colorize: boolean; withStacks: boolean }): PrettyOptions {
  return {
    colorize: opts.colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    hideObject: true,
    customPrettifiers: {
      time: (t) => String(t),
      // Right-aligned, so messages start in one column. (pino-pretty 13.2 passes no `label`.)
      level: (_v, _k, _log, { labelColorized }) =>
        ' '.repeat(Math.max(0, 5 - labelColorized.replace(ANSI, '').length)) + labelColorized,
    },
    messageFormat: (log, messageKey, _levelLabel, { colors }) => {
      const { text, stacks } = describe(log, messageKey);
      const line = text.fields ? `${text.message}  ${colors.gray(text.fields)}` : text.message;
      return opts.withStacks && stacks.length > 0 ? `${line}\n${stacks.join('\n')}` : line;
    },
  };
}

/** Fields pino or the line itself already shows. */
const SKIP = new Set(['level', 'time', 'pid', 'hostname']);
/** The ids that join lines, first when present. */
const IDS = ['request_id', 'taskId', 'jobId', 'job'];
/** Fields that hold an error (pino's `err`, job-failure's `error` and `cause1`…). */
const ERROR_KEY = /^(err|error|cause\d+)$/;
const MAX_VALUE = 300;

/** A request line reads as what happened: `GET /api/v2/svc/video/task?task_id=… → 200 in 3 ms`. */
const REQUEST_FIELDS = ['method', 'url', 'statusCode', 'responseTime', 'remoteAddress'];

/** The message and fields of a line, and the stacks of its errors (shown at debug). Pure. */
export function describe(
  log: Record<string, unknown>,
  messageKey = 'msg',
): { text: { message: string; fields: string }; stacks: string[] } {
  let message = oneLine(String(log[messageKey] ?? ''));
  const skip = new Set([...SKIP, messageKey]);
  if (message === 'request completed' && typeof log.method === 'string' && typeof log.url === 'string') {
    const ms = typeof log.responseTime === 'number' ? ` in ${Math.round(log.responseTime)} ms` : '';
    message = `${log.method} ${oneLine(log.url)} → ${String(log.statusCode)}${ms}`;
    for (const k of REQUEST_FIELDS) skip.add(k);
  }
  const keys = [...IDS.filter((k) => k in log), ...Object.keys(log).filter((k) => !IDS.includes(k))];
  const fields: string[] = [];
  const stacks: string[] = [];
  for (const key of keys) {
    if (skip.has(key)) continue;
    const value = log[key];
    if (ERROR_KEY.test(key) && isErrorLike(value)) {
      fields.push(`${key}=${quote(errorSummary(value))}`);
      stacks.push(...errorDetail(value));
    } else {
      fields.push(...flat(key, value));
    }
  }
  return { text: { message, fields: fields.join(' ') }, stacks };
}

function isErrorLike(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { message?: unknown }).message === 'string';
}

/** `TypeError: boom (code ERR_X)`. */
function errorSummary(e: Record<string, unknown>): string {
  const name = typeof e.type === 'string' ? e.type : typeof e.name === 'string' ? e.name : '';
  const code = e.code !== undefined && e.code !== null ? ` (code ${String(e.code)})` : '';
  return `${name && name !== 'Error' ? `${name}: ` : ''}${oneLine(String(e.message))}${code}`;
}

/** What only debug shows: the stack, a tool's stderr, the details. */
function errorDetail(e: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k of ['stack', 'detail', 'stderrTail']) {
    const v = e[k];
    if (typeof v === 'string' && v.trim())
      out.push(
        ...v
          .trimEnd()
          .split('\n')
          .map((l) => `    ${l}`),
      );
  }
  return out;
}

/** `key=value`; a plain object one level deep as `key.sub=value`; arrays of scalars joined by commas. */
function flat(key: string, value: unknown, depth = 0): string[] {
  if (value === undefined) return [];
  if (value === null || typeof value !== 'object') return [`${key}=${quote(String(value))}`];
  if (Array.isArray(value)) {
    const scalars = value.filter((v) => v === null || typeof v !== 'object');
    return scalars.length === value.length ? [`${key}=${quote(scalars.map(String).join(','))}`] : [];
  }
  if (depth > 0) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flat(`${key}.${k}`, v, 1));
}

function quote(s: string): string {
  const line = oneLine(s);
  const cut = line.length > MAX_VALUE ? `${line.slice(0, MAX_VALUE)}…` : line;
  return /[\s"=]/.test(cut) || cut === '' ? JSON.stringify(cut) : cut;
}

/** A person's terminal gets one line per event, without control characters (colours, cursor moves). */
function oneLine(s: string): string {
  return s.replace(/\s*\r?\n\s*/g, ' ').replace(CONTROL, ' ');
}
