import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { workTitleOf } from '../contract.js';
import { toolError, toolResult } from '../result.js';
import { WAIT_HINT } from '../tasks.js';
import { aigcFlag, avatarId, httpUrl, taskIdOutput, workTitle } from './schemas.js';

export function registerCreateVideoByAudio(server: McpServer, ctx: ToolContext): void {
  const perMinute = ctx.container.config.prices.videoPerMinute;
  server.registerTool(
    'create_video_by_audio',
    {
      title: 'Video / Create by Audio',
      description:
        'Makes a talking video (MP4) whose avatar lip-syncs an existing recording (MP3, M4A, WAV; 5 s to 30 min). ' +
        'Give the audio as a public http(s) URL (audio_url) or as an uploaded file_id (create_upload_url). ' +
        `Costs ${perMinute} credits per minute of output. Returns a task_id; call wait_for_task with it.`,
      inputSchema: {
        audio_url: httpUrl.optional().describe('http(s) URL of the audio (one of audio_url or file_id)'),
        file_id: z
          .string()
          .min(1)
          .optional()
          .describe('file_id of uploaded audio (one of audio_url or file_id)'),
        avatar: avatarId,
        title: workTitle,
        aigc_flag: aigcFlag,
      },
      outputSchema: taskIdOutput,
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async (args) => {
      try {
        const taskId = await ctx.container.services.works.byAudio(ctx.caller, {
          ...args,
          title: await workTitleOf(ctx, 'create_video_by_audio', args.title),
        });
        return toolResult({ task_id: taskId, next_step: WAIT_HINT });
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
