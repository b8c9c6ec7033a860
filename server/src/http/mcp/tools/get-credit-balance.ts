import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { toolError, toolResult } from '../result.js';

export function registerGetCreditBalance(server: McpServer, ctx: ToolContext): void {
  const p = ctx.container.config.prices;
  server.registerTool(
    'get_credit_balance',
    {
      title: 'Account / Credit Balance',
      description:
        'The credits left on the account. Prices: video ' +
        `${p.videoPerMinute} per minute, audio ${p.audioPerMinute} per minute, an avatar from an image ` +
        `${p.avatarImage}; covers, lists and queries are free.`,
      inputSchema: {},
      outputSchema: { left: z.number().int().describe('credit balance') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => {
      try {
        return toolResult({ left: await ctx.container.services.credits.balance(ctx.caller.accountId) });
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
