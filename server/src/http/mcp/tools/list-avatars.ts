import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { toolError, toolResult } from '../result.js';
import { page } from './schemas.js';

export function registerListAvatars(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'list_avatars',
    {
      title: 'Avatar / List',
      description:
        "Lists avatars usable as `avatar` in create_video_by_text and create_video_by_audio: the caller's own " +
        '(kind 1) and the public ones shipped with the service (kind 2).',
      inputSchema: {
        kind: z
          .union([z.literal(0), z.literal(1), z.literal(2)])
          .default(0)
          .describe('0 = all, own first (default); 1 = own only; 2 = public only'),
        page,
        size: z.number().int().min(1).max(200).default(50).describe('items per page, at most 200'),
      },
      outputSchema: {
        avatars: z.array(
          z.object({
            avatar: z.string().describe('avatar id'),
            kind: z.number().int().describe('1 own, 2 public'),
            title: z.string(),
          }),
        ),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      try {
        const avatars = await ctx.container.services.avatars.list(
          ctx.caller,
          args.kind,
          args.page,
          args.size,
        );
        return toolResult({ avatars });
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
