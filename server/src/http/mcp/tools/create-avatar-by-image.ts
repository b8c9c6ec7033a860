import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { toolError, toolResult } from '../result.js';
import { WAIT_HINT } from '../tasks.js';
import { aigcFlag, httpUrl, taskIdOutput } from './schemas.js';

/** POST /api/v2/svc/avatar/create_by_image as a tool: the way to an avatar from an image URL. */
export function registerCreateAvatarByImage(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'create_avatar_by_image',
    {
      title: 'Avatar / Create by Image',
      description:
        `Creates a talking avatar from a portrait image given by a public http(s) URL (or an uploaded file_id). ` +
        `Costs ${ctx.container.config.prices.avatarImage} credits. Returns a task_id; call wait_for_task with it: ` +
        'the completed task gives the avatar id to pass as `avatar` to create_video_by_text or create_video_by_audio.',
      inputSchema: {
        image_url: httpUrl.optional().describe('http(s) URL of a JPG, PNG or WebP with one clear face'),
        file_id: z
          .string()
          .min(1)
          .optional()
          .describe('or: file_id of an uploaded image (create_upload_url)'),
        title: z.string().max(100).optional().describe("name of the avatar; default 'Untitled'"),
        model: z
          .union([z.literal(1), z.literal(2)])
          .optional()
          .describe('1 = calm idle motion, 2 = livelier motion (default)'),
        aigc_flag: aigcFlag,
      },
      outputSchema: taskIdOutput,
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async (args) => {
      try {
        const taskId = await ctx.container.services.avatars.createByImage(ctx.caller, args);
        return toolResult({ task_id: taskId, next_step: WAIT_HINT });
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
