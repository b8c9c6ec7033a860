import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { toolError, toolResult } from '../result.js';
import { readTask, taskView } from '../tasks.js';

export function registerGetTask(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'get_task',
    {
      title: 'Task / Get',
      description:
        'Looks once at any task (video, audio, avatar or voice) by its task_id: status, progress and, when ' +
        'completed, the result (video_url and duration, avatar, or voice). To wait for it, use wait_for_task.',
      inputSchema: { task_id: z.string().min(1).describe('task id returned by a create or clone tool') },
      outputSchema: taskView,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      try {
        return toolResult(await readTask(ctx, args.task_id));
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
