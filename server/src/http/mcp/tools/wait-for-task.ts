import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ToolContext } from '../context.js';
import { toolError, toolResult } from '../result.js';
import { readTask, taskView } from '../tasks.js';

const POLL_MS = 500;

/** Most clients give up on a request after 60 s; the default stays below that. */
const DEFAULT_WAIT_S = 45;
const MAX_WAIT_S = 120;

export function registerWaitForTask(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'wait_for_task',
    {
      title: 'Task / Wait',
      description:
        'Waits until a task (video, audio, avatar or voice) completes or fails, or until timeout_seconds pass, ' +
        'and returns its state like get_task. done=false means it is still running: call wait_for_task again. ' +
        'status 3 = completed (the result is in video_url, avatar or voice); status 4 = failed (fail_code and ' +
        'fail_reason say why; credits were refunded). Sends progress notifications when the client asks for them.',
      inputSchema: {
        task_id: z.string().min(1).describe('task id returned by a create or clone tool'),
        timeout_seconds: z
          .number()
          .int()
          .min(1)
          .max(MAX_WAIT_S)
          .default(DEFAULT_WAIT_S)
          .describe(
            `how long to wait at most, in seconds (default ${DEFAULT_WAIT_S}, at most ${MAX_WAIT_S})`,
          ),
      },
      outputSchema: { ...taskView, timed_out: z.boolean().describe('true when the task was still running') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args, extra) => {
      try {
        const deadline = Date.now() + args.timeout_seconds * 1000;
        const progressToken = extra._meta?.progressToken;
        let lastProgress = -1;
        for (;;) {
          const view = await readTask(ctx, args.task_id);
          if (progressToken !== undefined && view.progress !== lastProgress) {
            lastProgress = view.progress;
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken, progress: view.progress, total: 100, message: view.status_text },
            });
          }
          if (view.done || Date.now() + POLL_MS > deadline || extra.signal.aborted) {
            return toolResult({ ...view, timed_out: !view.done });
          }
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
      } catch (e) {
        return toolError(e, ctx);
      }
    },
  );
}
