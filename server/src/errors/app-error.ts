import { SvcCode } from './codes.js';

/**
 * A failure the client is meant to see: a spec code plus a message that says what to fix.
 * Services throw these; each API family maps them to its own envelope.
 */
export class AppError extends Error {
  constructor(
    readonly code: SvcCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

const mebibytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Factories, so that each condition has one wording everywhere. */
export const ERRORS = {
  invalid: (message: string) => new AppError(SvcCode.InvalidParameter, message),
  notFound: (what: string, id: string) =>
    new AppError(SvcCode.NotFound, `${what} '${id}' was not found for this account`),
  /** A catalogue item (template, cover style) that does not exist; says where to find valid ids. */
  unknownItem: (what: string, id: string, listedBy: string) =>
    new AppError(SvcCode.NotFound, `${what} '${id}' does not exist; the valid ids are listed by ${listedBy}`),
  invalidToken: () =>
    new AppError(SvcCode.InvalidToken, 'invalid token: send the header "Authorization: Bearer <API_TOKEN>"'),
  insufficientCredits: (needed: number, left: number) =>
    new AppError(
      SvcCode.InsufficientCredits,
      `insufficient credits: this operation needs ${needed} credits and the balance is ${left}; top up the account`,
      { needed, left },
    ),
  tooManyActiveWorks: (limit: number) =>
    new AppError(
      SvcCode.TooManyActiveWorks,
      `${limit} works are already being generated for this account; wait for one to finish and retry`,
      { limit },
    ),
  dailyWorkLimit: (limit: number) =>
    new AppError(
      SvcCode.DailyWorkLimit,
      `the daily limit of ${limit} submitted works is reached; retry after 00:00 UTC`,
      { limit },
    ),
  voiceCloneLimit: (limit: number) =>
    new AppError(
      SvcCode.VoiceCloneLimit,
      `this account already has ${limit} cloned voices; delete one or raise the limit`,
      { limit },
    ),
  membershipRequired: (operation: string, plan: string) =>
    new AppError(SvcCode.MembershipRequired, `${operation} needs a membership (plan '${plan}' or higher)`, {
      plan,
    }),
  membershipTooLow: (operation: string, plan: string, current: string) =>
    new AppError(
      SvcCode.MembershipLevelTooLow,
      `${operation} needs plan '${plan}' or higher; this account's plan is '${current}'`,
      { plan, current },
    ),
  fileTooLarge: (what: string, limitBytes: number, bytes?: number) =>
    new AppError(
      SvcCode.FileTooLarge,
      `${what} is ${bytes !== undefined ? `${bytes} bytes, ` : ''}over the limit of ${limitBytes} bytes (${mebibytes(limitBytes)}); upload a smaller file`,
    ),
  /** A picture over the pixel limit is a size error too: a few kilobytes can hold gigapixels. */
  imageTooLarge: (what: string, width: number, height: number, maxSide: number) =>
    new AppError(
      SvcCode.FileTooLarge,
      `${what} is ${width}x${height} pixels, over the limit of ${maxSide} pixels a side; scale it down`,
    ),
  fileType: (message: string) => new AppError(SvcCode.FileTypeUnsupported, message),
  audio: (message: string) => new AppError(SvcCode.AudioResourceFailed, message),
  video: (message: string) => new AppError(SvcCode.VideoResourceFailed, message),
  avatarClone: (message: string) => new AppError(SvcCode.AvatarCloneFailed, message),
  image: (message: string) => new AppError(SvcCode.ImageResourceFailed, message),
  voiceProtected: (options?: { cause?: unknown }) =>
    new AppError(
      SvcCode.VoiceProtected,
      'this voice is too similar to a protected voice and cannot be cloned',
      {},
      options,
    ),
  internal: (cause?: unknown) => new AppError(SvcCode.Internal, 'internal server error', {}, { cause }),
};
