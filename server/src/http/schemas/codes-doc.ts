import { CLONE_MESSAGES, CloneCode, SvcCode } from '../../errors/codes.js';
import { CLONE_HTTP_STATUS } from '../app-v1-clone/errors.js';

/**
 * The error codes each operation can answer, for the API reference. The spec gives each family one
 * table of codes and leaves open which operation answers which; each route names its own here, and
 * this module renders them into the operation's description (what swagger-ui shows) and into an
 * `x-error-codes` extension (for tools), from one table of meanings per family (the spec's words).
 */

export interface ErrorCodeDoc {
  code: number;
  meaning: string;
  /** The HTTP status the code comes with. */
  http: number;
}

declare module 'fastify' {
  interface FastifySchema {
    /** The codes the operation can answer (an OpenAPI extension; @fastify/swagger copies `x-` keys). */
    'x-error-codes'?: ErrorCodeDoc[];
    /** The codes a task started by the operation can fail with (`fail_code` of its task query). */
    'x-task-fail-codes'?: Omit<ErrorCodeDoc, 'http'>[];
  }
}

/** The generation API's Errors table (spec document 1), plus 99 (decision 2). */
export const SVC_CODE_MEANINGS: Record<SvcCode, string> = {
  0: 'success',
  11: 'incorrect parameter (the message names the parameter and the rule)',
  14: 'resource not found (or not yours)',
  1001: 'number of works being generated has reached the limit',
  1002: 'insufficient credits',
  1005: 'membership must be opened',
  1006: 'membership level is not enough',
  1009: 'high-fidelity voice is sold out',
  1011: 'voice is similar to a celebrity (a protected voice)',
  1013: 'number of voice clones has reached the limit',
  1015: 'number of submitted works has reached the limit (per day)',
  2003: 'invalid token',
  2011: 'file size exceeds the limit',
  2012: 'file type not supported',
  2013: 'failed to obtain audio resource',
  2014: 'failed to obtain video resource',
  2015: 'digital human (avatar) cloning failed',
  2016: 'failed to obtain image resource',
  99: 'unexpected server fault',
};

const svcHttp = (code: SvcCode) =>
  code === SvcCode.InvalidToken ? 401 : code === SvcCode.Internal ? 500 : 200;

const table = (
  rows: { code: number; meaning: string; http?: number }[],
  message?: (code: number) => string,
) =>
  [
    `| code |${message ? ' message |' : ''} meaning |${rows[0]?.http ? ' HTTP |' : ''}`,
    `|---|${message ? '---|' : ''}---|${rows[0]?.http ? '---|' : ''}`,
    ...rows.map(
      (r) =>
        `| ${r.code} |${message ? ` ${message(r.code)} |` : ''} ${r.meaning} |${r.http ? ` ${r.http} |` : ''}`,
    ),
  ].join('\n');

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('\n\n');

/**
 * Description and code extensions of a generation-API operation. 0, 11 and 2003 are added to
 * `codes`; `taskCodes` are those its task's `fail_code` can hold.
 */
export function svcDoc(opts: { description?: string; codes: SvcCode[]; taskCodes?: SvcCode[] }) {
  // 99 (a server fault) goes last: it is the one no caller can act on.
  const order = (a: SvcCode, b: SvcCode) =>
    a === SvcCode.Internal ? 1 : b === SvcCode.Internal ? -1 : a - b;
  const codes = [...new Set([SvcCode.Ok, SvcCode.InvalidParameter, SvcCode.InvalidToken, ...opts.codes])]
    .sort(order)
    .map((code) => ({ code, meaning: SVC_CODE_MEANINGS[code], http: svcHttp(code) }));
  // In a task query the HTTP status is 200 whatever the task's fail_code.
  const taskCodes = opts.taskCodes
    ? [...new Set(opts.taskCodes)].sort(order).map((code) => ({ code, meaning: SVC_CODE_MEANINGS[code] }))
    : undefined;
  return {
    description: join(
      opts.description,
      `**Codes this operation answers** (in the body's \`code\`):\n\n${table(codes)}\n\nAn unexpected server fault is HTTP 500 with code 99 and a generic message.`,
      taskCodes &&
        `**When the task fails** (status 4), its task query gives the reason in \`fail_code\` and \`fail_reason\`:\n\n${table(taskCodes)}`,
    ),
    'x-error-codes': codes,
    ...(taskCodes ? { 'x-task-fail-codes': taskCodes } : {}),
  };
}

/** The clone API's Errors table (spec document 2); 1406/1409/1410 paired by decision 31. */
export const CLONE_CODE_MEANINGS: Record<CloneCode, string> = {
  0: 'OK',
  12: 'invalid input (`detail` says what to fix)',
  13: 'authentication is required',
  16: 'rate limit exceeded (a per-account limit per minute; retry shortly)',
  99: 'server error',
  1401: 'insufficient credits',
  1402: 'asset category does not match this operation (the file is not an image)',
  1404: 'provider returned an error (not answered by likeness: it has no external provider)',
  1405: 'provider request timed out (not answered by likeness: it has no external provider)',
  1406: 'invalid model (reserved: the operation takes no model yet)',
  1409: 'paid plan required (see data.paid_plan_required)',
  1410: 'asset limit reached',
};

/** Description and code extension of a clone-API operation; 0, 12, 13 and 99 are added to `codes`. */
export function cloneDoc(opts: { description?: string; codes: CloneCode[] }) {
  const all = [CloneCode.Ok, CloneCode.InvalidInput, CloneCode.Unauthenticated, CloneCode.ServerError];
  const codes = [...new Set([...all, ...opts.codes])]
    .sort((a, b) => a - b)
    .map((code) => ({ code, meaning: CLONE_CODE_MEANINGS[code], http: CLONE_HTTP_STATUS[code] }));
  return {
    description: join(
      opts.description,
      `**Codes this operation answers** (in the envelope's \`code\`, with the spec's short \`message\`):\n\n${table(codes, (c) => `\`${CLONE_MESSAGES[c as CloneCode]}\``)}`,
    ),
    'x-error-codes': codes,
  };
}

const C = SvcCode;

/** What a work submission (video or audio) can answer besides 0/11/2003: ids, limits, credits, upload types. */
export const WORK_SUBMIT_CODES: SvcCode[] = [
  C.NotFound,
  C.TooManyActiveWorks,
  C.InsufficientCredits,
  C.DailyWorkLimit,
  C.FileTypeUnsupported,
];

/** Operations behind a plan minimum, when the operator turns plan gates on (decision 26). */
export const PLAN_CODES: SvcCode[] = [C.MembershipRequired, C.MembershipLevelTooLow];

/** What a talking-video task can fail with: credits raised to the measured length, its inputs, the engine. */
export const WORK_FAIL_CODES: SvcCode[] = [
  C.InsufficientCredits,
  C.FileTooLarge,
  C.FileTypeUnsupported,
  C.AudioResourceFailed,
  C.VideoResourceFailed,
  C.AvatarCloneFailed,
  C.Internal,
];
