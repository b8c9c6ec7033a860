import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { workTitleOf } from '../contract.js';
import { toolError, toolResult } from '../result.js';
import { WAIT_HINT } from '../tasks.js';
import { aigcFlag, avatarId, taskIdOutput, text, voiceId, workTitle } from './schemas.js';

/**
 * Subtitle layout of POST /video/create_by_tts when only `st_show` is given: the route's defaults
 * (decision 5). The HTTP route spells them out in the same way.
 */
const SUBTITLE_DEFAULTS = {
  fontName: null,
  fontSize: 100,
  primaryColor: '#ffffff',
  outlineColor: '#000000',
  width: 600,
  height: 100,
  x: 60,
  y: 900,
};

export function registerCreateVideoByText(server: McpServer, ctx: ToolContext): void {
  const perMinute = ctx.container.config.prices.videoPerMinute;
  server.registerTool(
    'create_video_by_text',
    {
      title: 'Video / Create by Text',
      description:
        'Makes a talking video (MP4): the avatar speaks the text with the voice. Costs credits by the ' +
        `output's length (${perMinute} per minute, billed per second). Returns a task_id at once; call ` +
        'wait_for_task with it to get video_url (a short text renders in seconds).',
      inputSchema: {
        text,
        avatar: avatarId,
        voice: voiceId,
        title: workTitle,
        subtitles: z.boolean().default(false).describe('burn the spoken text in as subtitles'),
        aigc_flag: aigcFlag,
      },
      outputSchema: taskIdOutput,
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args) => {
      try {
        const taskId = await ctx.container.services.works.byTts(ctx.caller, {
          text: args.text,
          avatar: args.avatar,
          voice: args.voice,
          title: await workTitleOf(ctx, 'create_video_by_text', args.title),
          aigc_flag: args.aigc_flag,
          subtitles: { show: args.subtitles, ...SUBTITLE_DEFAULTS },
        });
        return toolResult({ task_id: taskId, next_step: WAIT_HINT });
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
