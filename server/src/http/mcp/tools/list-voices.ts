import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { toolError, toolResult } from '../result.js';
import { page } from './schemas.js';

export function registerListVoices(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'list_voices',
    {
      title: 'Voice / List',
      description:
        'Lists voices usable as `voice` in create_video_by_text and create_audio_by_text. Public voices (kind 2, ' +
        'the default) cover Chinese, English, Japanese, Korean, German, Spanish and French; the title names the ' +
        "language. Pick a voice in the language of the text. kind 1 lists the caller's cloned voices.",
      inputSchema: {
        kind: z
          .union([z.literal(1), z.literal(2)])
          .default(2)
          .describe('2 = public voices (default); 1 = your cloned voices'),
        page,
        size: z.number().int().min(1).max(300).default(100).describe('items per page, at most 300'),
      },
      outputSchema: {
        voices: z.array(
          z.object({
            voice: z.string().describe('voice id'),
            type: z.number().int().describe('10 public, 8 cloned'),
            title: z.string(),
            rate: z.string(),
            volume: z.string(),
            pitch: z.string(),
          }),
        ),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      try {
        const voices = await ctx.container.services.voices.list(ctx.caller, args.kind, args.page, args.size);
        return toolResult({ voices });
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
