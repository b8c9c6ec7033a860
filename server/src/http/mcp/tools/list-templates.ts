import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { toolError, toolResult } from '../result.js';
import { page } from './schemas.js';

export function registerListTemplates(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'list_templates',
    {
      title: 'Template / List',
      description:
        'Lists the lively video templates (subtitled, titled layouts) with a cover image and a demo video each. ' +
        'Templates are used by the generation API (POST /api/v2/svc/video/create_by_template).',
      inputSchema: {
        type: z
          .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
          .default(0)
          .describe('orientation: 0 portrait (default), 1 landscape, 2 square, 3 original ratio'),
        template: z.string().optional().describe('only this template id'),
        tag: z.string().optional().describe('only templates with this tag'),
        title: z.string().optional().describe('part of the title (case-insensitive)'),
        page,
        size: z.number().int().min(1).max(200).default(50).describe('items per page, at most 200'),
      },
      outputSchema: {
        templates: z.array(
          z.object({
            template: z.string().describe('template id'),
            title: z.string(),
            cover_url: z.string(),
            demo_url: z.string(),
            type: z.number().int(),
          }),
        ),
        total: z.number().int(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      try {
        const { items, total } = ctx.container.services.catalogue.listTemplates(args);
        return toolResult({ templates: items, total });
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
