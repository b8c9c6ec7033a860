import { Type, type TProperties, type TSchema } from 'typebox';
import { LENIENT_KEYWORD } from '../plugins/leniency.js';

/** Every generation-API response carries these. */
export const svcCommon = {
  code: Type.Integer({ description: '0 on success; otherwise an error code from the Errors table' }),
  message: Type.String({ description: 'error text on failure; empty on success' }),
  request_id: Type.String({ description: 'request code, also in the x-request-id header and the logs' }),
};

/** A generation-API response: the common fields plus the operation's own fields at the top level. */
export function svcReply<P extends TProperties>(
  props: P,
  description = 'success, or a failure with a non-zero code',
) {
  return Type.Object({ ...svcCommon, ...props }, { description });
}

export const svcError = Type.Object(svcCommon, { description: 'authentication failure (code 2003)' });

export const taskIdReply = svcReply({ task_id: Type.String({ description: 'task identifier' }) });

/** Standard responses: 200 (success or spec error code) and 401 (code 2003). */
export function svcResponses(ok: TSchema) {
  return { 200: ok, 401: svcError };
}

export const aigcFlag = Type.Integer({
  minimum: 0,
  maximum: 2,
  default: 0,
  description: 'AIGC watermark: 0 = follow the account setting, 1 = enable, 2 = disable',
});

/** Pages past this are refused (11): no list is that long, and offsets stay exact integers. */
export const MAX_PAGE = 1_000_000;

export const page = Type.Integer({
  minimum: 1,
  maximum: MAX_PAGE,
  default: 1,
  description: `page number, from 1 to ${MAX_PAGE}`,
});

/**
 * A title limited to 20 characters by the spec. Clients of the original service send longer ones,
 * which it accepts: likeness keeps the first 20 characters (never splitting one) and says so in the
 * x-likeness-contract header; with LIKENESS_CONTRACT=strict it refuses them (code 11).
 */
export const title20 = (what = 'work title') =>
  Type.String({
    maxLength: 20,
    [LENIENT_KEYWORD]: 'cut',
    description: `${what}; at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict)`,
  });

export const text10k = Type.String({
  minLength: 1,
  maxLength: 10000,
  format: 'plain-text',
  description: 'at most 10000 characters; HTML tags unsupported',
});

export const colorHex = Type.String({ format: 'rrggbb', description: 'colour, format #rrggbb' });

export const fileId = (description: string) => Type.String({ minLength: 1, maxLength: 500, description });

export const urlString = (description: string, maxLength = 2048) =>
  Type.String({ minLength: 1, maxLength, format: 'http-url', description });
