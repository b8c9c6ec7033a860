import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { isAppError } from '../../../errors/app-error.js';
import { CLONE_MESSAGES, CloneCode } from '../../../errors/codes.js';
import { cloneCodeFor } from '../../app-v1-clone/errors.js';
import type { ToolContext } from '../context.js';
import { errorResult, toolError, toolResult } from '../result.js';

/**
 * The clone API's operation as a tool, named as its spec names it: "Avatar / Clone by Image". It answers
 * what POST /api/app/v1/clone/avatar/by_image puts in `data`, and fails with the clone API's codes.
 */
export function registerCloneAvatarByImage(server: McpServer, ctx: ToolContext): void {
  const { config, services } = ctx.container;
  server.registerTool(
    'clone_avatar_by_image',
    {
      title: 'Avatar / Clone by Image',
      description:
        `Clones a reusable talking avatar from an uploaded portrait photo (JPG, PNG or WebP with one clear face). ` +
        `Costs ${config.prices.avatarImage} credits and needs plan '${config.plans.minimums.clone_avatar}' or higher. ` +
        'Get file_id by calling create_upload_url with file_extension "jpg" and PUTting the image bytes to upload_url. ' +
        'Returns at once: asset.id is the new avatar id and task.id the cloning task; call wait_for_task with task.id, ' +
        'then pass asset.id as `avatar` to create_video_by_text or create_video_by_audio.',
      inputSchema: {
        file_id: z
          .string()
          .min(1)
          .describe('file_id of the uploaded portrait image (from create_upload_url)'),
        title: z.string().max(100).optional().describe("name of the avatar; default 'Untitled'"),
      },
      outputSchema: {
        asset: z.object({
          id: z.string().describe('avatar id; usable as `avatar` once the task completes'),
          category: z.string(),
          title: z.string(),
          status: z.string().describe('processing | ready | failed'),
          created_at: z.string(),
        }),
        task: z.object({
          id: z.string().describe('task id for wait_for_task'),
          status: z.number().int(),
          credits: z.number().int(),
        }),
        paid_plan_required: z.object({
          required: z.boolean(),
          minimum_plan: z.string(),
          current_plan: z.string(),
        }),
        next_step: z.string(),
      },
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args) => {
      const plan = {
        minimum_plan: config.plans.minimums.clone_avatar,
        current_plan: ctx.caller.account.plan,
      };
      try {
        const r = await services.avatars.cloneByImage(ctx.caller, args);
        return toolResult({
          asset: {
            id: r.avatar.id,
            category: 'avatar',
            title: r.avatar.title,
            status: r.avatar.state === 'pending' ? 'processing' : r.avatar.state,
            created_at: r.avatar.created_at,
          },
          task: { id: r.taskId, status: 1, credits: r.cost },
          paid_plan_required: { required: false, ...plan },
          next_step: `Call wait_for_task with task_id "${r.taskId}"; when it completes, use avatar "${r.avatarId}".`,
        });
      } catch (e) {
        if (!isAppError(e)) return toolError(e, ctx);
        const code = cloneCodeFor(e);
        // The clone API puts paid_plan_required in `data` of a 1409 answer; so does this tool.
        const needed =
          code === CloneCode.PaidPlanRequired ? { paid_plan_required: { required: true, ...plan } } : null;
        return errorResult(
          { code, message: CLONE_MESSAGES[code], detail: e.message, ...needed },
          `error ${code} (${CLONE_MESSAGES[code]}): ${e.message}` +
            (needed ? `; paid_plan_required: ${JSON.stringify(needed.paid_plan_required)}` : ''),
        );
      }
    },
  );
}
