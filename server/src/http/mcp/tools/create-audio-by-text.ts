import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext } from '../context.js';
import { workTitleOf } from '../contract.js';
import { toolError, toolResult } from '../result.js';
import { WAIT_HINT } from '../tasks.js';
import { aigcFlag, taskIdOutput, text, voiceId, workTitle } from './schemas.js';

export function registerCreateAudioByText(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'create_audio_by_text',
    {
      title: 'Audio / Create by Text',
      description:
        'Speaks the text with a voice into an MP3 file (text to speech). Costs ' +
        `${ctx.container.config.prices.audioPerMinute} credits per minute of audio. Returns a task_id; call ` +
        'wait_for_task with it: video_url of the result is the MP3 and duration its length.',
      inputSchema: { text, voice: voiceId, title: workTitle, aigc_flag: aigcFlag },
      outputSchema: taskIdOutput,
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args) => {
      try {
        const taskId = await ctx.container.services.works.audioByTts(ctx.caller, {
          ...args,
          title: await workTitleOf(ctx, 'create_audio_by_text', args.title),
        });
        return toolResult({ task_id: taskId, next_step: WAIT_HINT });
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
