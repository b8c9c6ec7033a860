import { CLONE_MESSAGES, type CloneCode } from '../../errors/codes.js';

/** The clone envelope. `detail` says what to fix; `message` is the spec's short status text. */
export function envelope(code: CloneCode, data: Record<string, unknown>, detail?: string) {
  return { code, message: CLONE_MESSAGES[code], ...(detail ? { detail } : {}), data };
}
