import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { requireSvcId } from '../../../services/cover.service.js';
import type { ToolContext } from '../context.js';
import { toolError, toolResult } from '../result.js';
import { page, svcId } from './schemas.js';

export function registerListCoverStyles(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'list_cover_styles',
    {
      title: 'Cover / List Styles',
      description: 'Lists the cover styles (with a preview image each) that create_cover can render.',
      inputSchema: {
        page,
        size: z.number().int().min(1).max(200).default(50).describe('items per page, at most 200'),
        svc_id: svcId,
      },
      outputSchema: {
        styles: z.array(
          z.object({
            id: z.string().describe('style id, the `template` of create_cover'),
            title: z.string(),
            url: z.string().describe('preview image'),
          }),
        ),
        total: z.number().int(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      try {
        requireSvcId(ctx.caller, args.svc_id);
        const { items, total } = ctx.container.services.catalogue.listCoverStyles(args.page, args.size);
        return toolResult({ styles: items.map(({ id, title, url }) => ({ id, title, url })), total });
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
