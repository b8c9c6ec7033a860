import { isAppError } from '../../errors/app-error.js';
import { CloneCode, SvcCode } from '../../errors/codes.js';

/** HTTP status per clone-API code: the envelope's code is authoritative, the status follows HTTP usage. */
export const CLONE_HTTP_STATUS: Record<CloneCode, number> = {
  0: 200,
  12: 400,
  13: 401,
  16: 429,
  99: 500,
  1401: 402,
  1402: 400,
  1404: 502,
  1405: 504,
  1406: 400,
  1409: 403,
  1410: 403,
};

/** Maps a service failure onto the clone API's codes. Pure. */
export function cloneCodeFor(err: unknown): CloneCode {
  if (!isAppError(err)) return CloneCode.ServerError;
  const explicit = err.details.cloneCode;
  if (typeof explicit === 'number') return explicit as CloneCode;
  switch (err.code) {
    case SvcCode.InsufficientCredits:
      return CloneCode.InsufficientCredits;
    case SvcCode.MembershipRequired:
    case SvcCode.MembershipLevelTooLow:
      return CloneCode.PaidPlanRequired;
    case SvcCode.FileTypeUnsupported:
      return CloneCode.CategoryMismatch;
    case SvcCode.Internal:
      return CloneCode.ServerError;
    default:
      return CloneCode.InvalidInput;
  }
}
