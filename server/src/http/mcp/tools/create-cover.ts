import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { toolError, toolResult } from '../result.js';
import { svcId } from './schemas.js';

export function registerCreateCover(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'create_cover',
    {
      title: 'Cover / Create',
      description:
        'Renders a cover image (JPG or PNG) in a cover style from list_cover_styles, with the text laid out in ' +
        "the style's slots and, optionally, an avatar as the figure. Finishes at once and returns the image URL.",
      inputSchema: {
        template: z.string().min(1).describe('cover style id from list_cover_styles'),
        content: z
          .string()
          .min(1)
          .max(10000)
          .describe('the text of the cover; headline and details are derived from it'),
        avatar: z.string().min(1).optional().describe('avatar id whose picture becomes the figure'),
        canvas_preset: z.enum(['9:16', '3:4']).optional().describe("aspect ratio; default '9:16'"),
        output_format: z.enum(['jpg', 'png']).optional().describe("default 'jpg'"),
        svc_id: svcId,
      },
      outputSchema: {
        cover_id: z.string(),
        url: z.string().describe('signed, expiring URL of the image'),
      },
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args) => {
      try {
        return toolResult(await ctx.container.services.covers.create(ctx.caller, args));
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
