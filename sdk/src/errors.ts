/**
 * Errors of the SDK. Every failure the service reports becomes a LikenessError (or one of its
 * subclasses, chosen by code) carrying the code, the message and the request id, so a caller can
 * `catch (e) { if (e instanceof InsufficientCreditsError) ... }` and quote `e.requestId` to an operator.
 */

/** Codes of the generation API (/api/v2/svc). A test checks them against the server's table. */
export const SvcCode = {
  Ok: 0,
  InvalidParameter: 11,
  NotFound: 14,
  TooManyActiveWorks: 1001,
  InsufficientCredits: 1002,
  MembershipRequired: 1005,
  MembershipLevelTooLow: 1006,
  HifiVoiceSoldOut: 1009,
  VoiceProtected: 1011,
  VoiceCloneLimit: 1013,
  DailyWorkLimit: 1015,
  InvalidToken: 2003,
  FileTooLarge: 2011,
  FileTypeUnsupported: 2012,
  AudioResourceFailed: 2013,
  VideoResourceFailed: 2014,
  AvatarCloneFailed: 2015,
  ImageResourceFailed: 2016,
  Internal: 99,
} as const;

/** Codes of the clone API (/api/app/v1/clone). A test checks them against the server's table. */
export const CloneCode = {
  Ok: 0,
  InvalidInput: 12,
  Unauthenticated: 13,
  RateLimited: 16,
  ServerError: 99,
  InsufficientCredits: 1401,
  CategoryMismatch: 1402,
  ProviderError: 1404,
  ProviderTimeout: 1405,
  InvalidModel: 1406,
  PaidPlanRequired: 1409,
  AssetLimitReached: 1410,
} as const;

/**
 * Codes the SDK itself raises, for failures with no answer from the service. Negative, so they never
 * collide with a service code.
 */
export const ClientCode = {
  /** The request never got an answer (connection refused or reset, DNS, time limit). */
  Network: -1,
  /** waitForTask ran out of time before the task finished. */
  TaskTimeout: -2,
  /** The service answered something that is not its JSON envelope (a proxy's error page, say). */
  UnexpectedResponse: -3,
} as const;

/** Which part of the service answered. */
export type ApiFamily = 'svc' | 'clone' | 'upload' | 'client';

export interface LikenessErrorInit {
  code: number;
  message: string;
  requestId?: string;
  httpStatus?: number;
  api: ApiFamily;
  /** The clone API's `detail` (what to fix). */
  detail?: string;
  /** The clone API's `data` on failure (e.g. `paid_plan_required`). */
  data?: unknown;
  /** How long the service asked to wait before trying again (HTTP Retry-After). */
  retryAfterMs?: number;
  cause?: unknown;
}

export class LikenessError extends Error {
  /** The service's code (see SvcCode, CloneCode), or a negative ClientCode. */
  readonly code: number;
  /** The id of the request in the service's logs ('' when no answer came). */
  readonly requestId: string;
  /** HTTP status of the answer (0 when no answer came). */
  readonly httpStatus: number;
  readonly api: ApiFamily;
  readonly detail?: string;
  readonly data?: unknown;
  readonly retryAfterMs?: number;

  constructor(init: LikenessErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.requestId = init.requestId ?? '';
    this.httpStatus = init.httpStatus ?? 0;
    this.api = init.api;
    if (init.detail !== undefined) this.detail = init.detail;
    if (init.data !== undefined) this.data = init.data;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }

  /** The same as requestId, under the API's own field name. */
  get request_id(): string {
    return this.requestId;
  }
}

/** 2003 (generation API) or 13 (clone API): the token is missing, unknown or rotated. */
export class AuthenticationError extends LikenessError {}
/** 11 or 12: a parameter is wrong; the message names it. */
export class InvalidParameterError extends LikenessError {}
/** 14: the id is unknown or belongs to another account. */
export class NotFoundError extends LikenessError {}
/** 1002 or 1401. */
export class InsufficientCreditsError extends LikenessError {}
/** 1005, 1006 or 1409: the account's plan does not include the operation. */
export class PlanRequiredError extends LikenessError {}
/** 1001, 1013, 1015, 1410 or 16: a ceiling or a rate limit of the account. */
export class LimitError extends LikenessError {}
/** 2011 to 2016 and 1009, 1011, 1402: the media or the asset was refused. */
export class MediaError extends LikenessError {}
/** 99 or HTTP 5xx: the service failed; the request id finds the cause in its logs. */
export class ServerError extends LikenessError {}
/** No answer at all (ClientCode.Network), or an answer that is not the service's JSON. */
export class NetworkError extends LikenessError {}

/** A task ended with status 4; `code` and `message` are its fail_code and fail_reason. */
export class TaskFailedError extends LikenessError {
  readonly taskId: string;
  constructor(init: LikenessErrorInit & { taskId: string }) {
    super(init);
    this.taskId = init.taskId;
  }
}

/** waitForTask's time limit passed; the task goes on and can be waited for again. */
export class TaskTimeoutError extends LikenessError {
  readonly taskId: string;
  /** The last status seen (1 waiting, 2 processing). */
  readonly lastStatus: number;
  constructor(init: LikenessErrorInit & { taskId: string; lastStatus: number }) {
    super(init);
    this.taskId = init.taskId;
    this.lastStatus = init.lastStatus;
  }
}

const BY_CODE: Record<number, typeof LikenessError> = {
  2003: AuthenticationError,
  13: AuthenticationError,
  11: InvalidParameterError,
  12: InvalidParameterError,
  1406: InvalidParameterError,
  14: NotFoundError,
  1002: InsufficientCreditsError,
  1401: InsufficientCreditsError,
  1005: PlanRequiredError,
  1006: PlanRequiredError,
  1409: PlanRequiredError,
  1001: LimitError,
  1013: LimitError,
  1015: LimitError,
  1410: LimitError,
  16: LimitError,
  1009: MediaError,
  1011: MediaError,
  1402: MediaError,
  2011: MediaError,
  2012: MediaError,
  2013: MediaError,
  2014: MediaError,
  2015: MediaError,
  2016: MediaError,
  99: ServerError,
  1404: ServerError,
  1405: ServerError,
};

/** The error for a failure the service reported. */
export function errorFromReply(init: LikenessErrorInit): LikenessError {
  const Cls =
    BY_CODE[init.code] ??
    (init.httpStatus && init.httpStatus >= 500 ? ServerError : init.code < 0 ? NetworkError : LikenessError);
  return new Cls(init);
}
