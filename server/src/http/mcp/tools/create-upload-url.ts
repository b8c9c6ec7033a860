import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { toolError, toolResult } from '../result.js';

export function registerCreateUploadUrl(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'create_upload_url',
    {
      title: 'Upload / Create URL',
      description:
        'Grants a signed, expiring URL to upload one file (an image for clone_avatar_by_image, audio for ' +
        'create_video_by_audio). Send the bytes with HTTP PUT to upload_url, with the header Content-Type set ' +
        'to content_type (no token needed); then pass file_id to the other tool.',
      inputSchema: {
        file_extension: z
          .string()
          .min(1)
          .max(10)
          .describe('jpg, jpeg, png, webp (images); mp3, m4a, wav, aac, flac, ogg (audio); mp4, mov (video)'),
      },
      outputSchema: {
        upload_url: z.string(),
        content_type: z.string(),
        file_id: z.string(),
      },
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args) => {
      try {
        return toolResult(await ctx.container.services.uploads.createGrant(ctx.caller, args.file_extension));
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
