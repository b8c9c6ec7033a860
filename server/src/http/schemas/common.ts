import { Type, type TProperties, type TSchema } from 'typebox';
import { LENIENT_KEYWORD } from '../plugins/leniency.js';
import { EXAMPLE } from './examples.js';

/*
 * Shared TypeBox schemas. Every field carries a `description` (units, default, limits, what it refers
 * to, in the spec's words) and `examples` (a standard JSON Schema annotation: Ajv ignores it, so it
 * changes no validation; @fastify/swagger keeps it in the OpenAPI 3.1 document, and a body's own
 * `examples` becomes the request example that swagger-ui's "Try it out" prefills).
 */

/** Every generation-API response carries these. */
export const svcCommon = {
  code: Type.Integer({
    description:
      '0 on success; otherwise an error code from the Errors table (the operation description lists the codes it can answer)',
    examples: [0],
  }),
  message: Type.String({
    description: 'error text on failure, saying what to fix; empty on success',
    examples: [''],
  }),
  request_id: Type.String({
    description:
      'request code, also in the x-request-id header and the logs; quote it when reporting a problem',
    examples: [EXAMPLE.requestId],
  }),
};

/** A generation-API response: the common fields plus the operation's own fields at the top level. */
export function svcReply<P extends TProperties>(
  props: P,
  description = 'success, or a failure with a non-zero code',
) {
  return Type.Object({ ...svcCommon, ...props }, { description });
}

export const svcError = Type.Object(
  {
    ...svcCommon,
    code: Type.Integer({ description: 'always 2003 (invalid token)', examples: [2003] }),
    message: Type.String({
      description: 'what is wrong with the Authorization header',
      examples: ['missing token: send the header "Authorization: Bearer <API_TOKEN>"'],
    }),
  },
  { description: 'authentication failure (code 2003)' },
);

/** The reply of a create operation: the new task's id, to poll with the family's task query. */
export const taskIdReply = (poll: '/avatar/task' | '/voice/task' | '/video/task') =>
  svcReply({
    task_id: Type.String({
      description: `identifier of the task this call started; poll GET /api/v2/svc${poll}?task_id=… for its status and result`,
      examples: [EXAMPLE.taskId],
    }),
  });

/** Standard responses: 200 (success or spec error code) and 401 (code 2003). */
export function svcResponses(ok: TSchema) {
  return { 200: ok, 401: svcError };
}

export const aigcFlag = Type.Integer({
  minimum: 0,
  maximum: 2,
  default: 0,
  description:
    "AIGC watermark (visible 'AI生成' mark plus metadata): 0 = follow the account setting, 1 = enable, 2 = disable; default 0",
  examples: [0],
});

/** Pages past this are refused (11): no list is that long, and offsets stay exact integers. */
export const MAX_PAGE = 1_000_000;

export const page = Type.Integer({
  minimum: 1,
  maximum: MAX_PAGE,
  default: 1,
  description: `page number, from 1 to ${MAX_PAGE}; default 1 (past the last page the list is empty)`,
  examples: [1],
});

/** The `size` of a paged list: the spec's default 20 and the list's own cap. */
export const pageSize = (max: number) =>
  Type.Integer({
    minimum: 1,
    maximum: max,
    default: 20,
    description: `items per page, from 1 to ${max}; default 20`,
    examples: [20],
  });

/**
 * A title limited to 20 characters by the spec. Clients of the original service send longer ones,
 * which it accepts: likeness keeps the first 20 characters (never splitting one) and says so in the
 * x-likeness-contract header; with LIKENESS_CONTRACT=strict it refuses them (code 11).
 */
export const title20 = (what = 'work title', example: string = EXAMPLE.title) =>
  Type.String({
    maxLength: 20,
    [LENIENT_KEYWORD]: 'cut',
    description: `${what}; at most 20 characters (a longer one is cut to its first 20 and reported in the x-likeness-contract header, or refused with code 11 when the server runs with LIKENESS_CONTRACT=strict)`,
    examples: [example],
  });

export const text10k = Type.String({
  minLength: 1,
  maxLength: 10000,
  format: 'plain-text',
  description:
    'the text to speak; 1 to 10000 characters; HTML tags unsupported (refused with code 11); spoken in the language it is written in',
  examples: [EXAMPLE.text],
});

export const colorHex = (what: string, example: string) =>
  Type.String({ format: 'rrggbb', description: `${what}, format #rrggbb`, examples: [example] });

/** A file identifier from POST /api/v2/svc/tool/create_upload_url (at most 500 characters). */
export const fileId = (description: string, example: string) =>
  Type.String({ minLength: 1, maxLength: 500, description, examples: [example] });

export const urlString = (description: string, example: string, maxLength = 2048) =>
  Type.String({
    minLength: 1,
    maxLength,
    format: 'http-url',
    description: `${description}; an http(s) URL of at most ${maxLength} characters, fetched by the server when the task runs (never from private or local addresses)`,
    examples: [example],
  });
