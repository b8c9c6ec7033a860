/**
 * Error codes of the generation API (document 1). Every failure a client can see maps to one of
 * these; the HTTP layer of each API family turns an AppError into its own envelope.
 */
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
  /** Not in the spec's table: an unexpected server fault. The HTTP layer hides its details. */
  Internal: 99,
} as const;
export type SvcCode = (typeof SvcCode)[keyof typeof SvcCode];

/** Codes and messages of the clone API (document 2). The 1406/1409/1410 pairing is our decision. */
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
export type CloneCode = (typeof CloneCode)[keyof typeof CloneCode];

export const CLONE_MESSAGES: Record<CloneCode, string> = {
  0: 'ok',
  12: 'invalid input',
  13: 'unauthenticated',
  16: 'rate limit',
  99: 'server error',
  1401: 'insufficient credits',
  1402: 'asset category mismatch',
  1404: 'provider error',
  1405: 'provider timeout',
  1406: 'invalid model',
  1409: 'paid plan required',
  1410: 'asset limit reached',
};
