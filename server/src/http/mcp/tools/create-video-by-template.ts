import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { workTitleOf } from '../contract.js';
import { toolError, toolResult } from '../result.js';
import { WAIT_HINT } from '../tasks.js';
import { aigcFlag, avatarId, taskIdOutput, text, voiceId, workTitle } from './schemas.js';

export function registerCreateVideoByTemplate(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'create_video_by_template',
    {
      title: 'Video / Create by Template',
      description:
        'Makes a subtitled, titled talking video in a lively template layout (template ids from list_templates). ' +
        'Costs credits by the output length. Returns a task_id; call wait_for_task with it.',
      inputSchema: {
        template: z.string().min(1).describe('template id from list_templates'),
        text,
        avatar: avatarId,
        voice: voiceId,
        title: workTitle,
        aigc_flag: aigcFlag,
      },
      outputSchema: taskIdOutput,
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args) => {
      try {
        const taskId = await ctx.container.services.works.byTemplate(ctx.caller, {
          ...args,
          title: await workTitleOf(ctx, 'create_video_by_template', args.title),
        });
        return toolResult({ task_id: taskId, next_step: WAIT_HINT });
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
