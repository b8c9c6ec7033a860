import { ERRORS } from '../../errors/app-error.js';
import { cutToLimit } from '../plugins/leniency.js';
import type { ToolContext } from './context.js';

/** The spec's limit on work titles. */
export const TITLE_LIMIT = 20;

/**
 * A work title as the HTTP routes take it (decision C1): past 20 characters it is cut to its first
 * 20 and the case is logged and counted, or refused with code 11 when the server runs with
 * LIKENESS_CONTRACT=strict.
 */
export async function workTitleOf(
  ctx: ToolContext,
  tool: string,
  title: string | undefined,
): Promise<string | undefined> {
  if (title === undefined) return undefined;
  const cut = cutToLimit(title, TITLE_LIMIT);
  if (!cut) return title;
  const contract = ctx.container.services.contract;
  if (contract.mode === 'strict') throw ERRORS.invalid(`title must be at most ${TITLE_LIMIT} characters`);
  const note = { field: 'title', kind: cut.kind, rule: cut.rule, done: cut.done };
  ctx.log.warn(
    { contract: [note], operation: `mcp ${tool}` },
    'accepted a request outside the documented contract',
  );
  await contract.record(ctx.caller.accountId, `mcp ${tool}`, [note], ctx.requestId);
  return cut.value;
}
