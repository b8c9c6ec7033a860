import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { isAppError } from '../../errors/app-error.js';

/** A successful tool result: the data as structured content, and as JSON text for clients without it. */
export function toolResult(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

/** Where an error result carries its fields for programs (clients validate structuredContent even on errors). */
export const ERROR_META_KEY = 'likeness/error';

/**
 * A failure the agent can act on, as an `isError` result: "error <code>: <message that says what to fix>".
 * The code and message (and any extra fields) are also under `_meta["likeness/error"]`.
 */
export function errorResult(
  fields: { code: number; message: string } & Record<string, unknown>,
  text: string,
) {
  return {
    isError: true,
    content: [{ type: 'text' as const, text }],
    _meta: { [ERROR_META_KEY]: fields },
  } satisfies CallToolResult;
}

/**
 * Maps a thrown error to a tool result: an AppError keeps its code and message; anything else is
 * logged and reported without its details, like the HTTP APIs do. Protocol errors are left to the SDK.
 */
export function toolError(err: unknown, ctx: { log: FastifyBaseLogger; requestId: string }): CallToolResult {
  if (isAppError(err)) {
    return errorResult({ code: err.code, message: err.message }, `error ${err.code}: ${err.message}`);
  }
  ctx.log.error({ err }, 'MCP tool failed');
  const message = `internal server error (request ${ctx.requestId})`;
  return errorResult({ code: 99, message, request_id: ctx.requestId }, `error 99: ${message}`);
}
