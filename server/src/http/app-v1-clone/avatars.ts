import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { AvatarRow } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { CloneCode, SvcCode } from '../../errors/codes.js';
import { cloneDoc } from '../schemas/codes-doc.js';
import { fileId } from '../schemas/common.js';
import { EXAMPLE } from '../schemas/examples.js';
import { taskStatus } from '../schemas/task.js';
import { callerOf } from '../v2-svc/caller.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { envelope } from './envelope.js';

/** The clone API's envelope (spec document 2), with likeness's `detail` on failures (decision 31). */
const Envelope = (data: ReturnType<typeof Type.Object>) =>
  Type.Object({
    code: Type.Integer({
      description: 'application response code: 0 on success, else a code of the Errors table (listed above)',
      examples: [0],
    }),
    message: Type.String({
      description: "short status text of the code: 'ok' on success (see Errors)",
      examples: ['ok'],
    }),
    detail: Type.Optional(
      Type.String({
        description: 'on failure: what to fix, in a sentence (absent on success)',
        examples: ["file_id 'file_hc1lylhg8lr2gyxz19yqa4rx' was not found for this account"],
      }),
    ),
    data,
  });

const Asset = Type.Object(
  {
    id: Type.String({
      description: 'avatar id; usable as `avatar` in the generation API',
      examples: [EXAMPLE.ownAvatar],
    }),
    category: Type.String({ description: "asset category: always 'avatar'", examples: ['avatar'] }),
    title: Type.String({
      description: "the asset's title; 'Untitled' when none was given",
      examples: ['My portrait'],
    }),
    status: Type.String({
      description: 'processing (being made), ready (usable) or failed',
      examples: ['processing'],
    }),
    created_at: Type.String({ description: 'creation time, ISO 8601 UTC', examples: [EXAMPLE.createdAt] }),
  },
  { description: 'the avatar asset' },
);

const assetOf = (a: AvatarRow) => ({
  id: a.id,
  category: 'avatar',
  title: a.title,
  status: a.state === 'pending' ? 'processing' : a.state,
  created_at: a.created_at,
});

export const cloneAvatarRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  const avatars = container.services.avatars;
  const minimum = container.config.plans.minimums.clone_avatar;

  app.post(
    '/avatar/by_image',
    {
      schema: {
        tags: ['clone'],
        summary: 'Avatar / Clone by Image',
        ...cloneDoc({
          description:
            "Clones a reusable avatar from an uploaded portrait image: upload it first with POST /api/v2/svc/tool/create_upload_url (same token), then send its file_id. The task runs like avatar/create_by_image; follow it with GET /api/v2/svc/avatar/task?task_id=<data.task.id> or this API's avatar list.",
          codes: [
            CloneCode.RateLimited,
            CloneCode.InsufficientCredits,
            CloneCode.CategoryMismatch,
            CloneCode.PaidPlanRequired,
            CloneCode.AssetLimitReached,
          ],
        }),
        body: Type.Object(
          {
            file_id: fileId(
              'uploaded portrait image (file_id from POST /api/v2/svc/tool/create_upload_url): JPG, PNG or WebP with a clear face; another kind of file is 1402',
              EXAMPLE.imageFileId,
            ),
            title: Type.Optional(
              Type.String({
                maxLength: 100,
                description: "the asset's title; at most 100 characters; default 'Untitled'",
                examples: ['My portrait'],
              }),
            ),
          },
          { examples: [{ file_id: EXAMPLE.imageFileId, title: 'My portrait' }] },
        ),
        response: {
          200: Envelope(
            Type.Object(
              {
                asset: Asset,
                task: Type.Object(
                  {
                    id: Type.String({
                      description: 'the cloning task; its status is also at GET /api/v2/svc/avatar/task',
                      examples: [EXAMPLE.taskId],
                    }),
                    status: taskStatus(1),
                    credits: Type.Integer({
                      description:
                        'credits reserved for the task (settled when it completes, refunded if it fails)',
                      examples: [20],
                    }),
                  },
                  { description: 'the cloning task' },
                ),
                paid_plan_required: Type.Object(
                  {
                    required: Type.Boolean({
                      description:
                        "whether the operation needs a higher plan than the account's (then code 1409)",
                      examples: [false],
                    }),
                    minimum_plan: Type.String({
                      description: 'the lowest plan that may clone: free, basic, pro or enterprise',
                      examples: ['free'],
                    }),
                    current_plan: Type.String({ description: "the account's plan", examples: ['pro'] }),
                  },
                  { description: 'whether a paid plan is needed (also in data of a 1409 answer)' },
                ),
              },
              { description: 'the clone result' },
            ),
          ),
        },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const plan = { minimum_plan: minimum, current_plan: caller.account.plan };
      try {
        const r = await avatars.cloneByImage(caller, req.body);
        return envelope(CloneCode.Ok, {
          asset: assetOf(r.avatar),
          task: { id: r.taskId, status: 1, credits: r.cost },
          paid_plan_required: { required: false, ...plan },
        });
      } catch (e) {
        if (
          e instanceof AppError &&
          (e.code === SvcCode.MembershipRequired || e.code === SvcCode.MembershipLevelTooLow)
        ) {
          throw new AppError(e.code, e.message, {
            data: { paid_plan_required: { required: true, ...plan } },
          });
        }
        throw e;
      }
    },
  );

  app.get(
    '/avatars',
    {
      schema: {
        tags: ['clone'],
        summary: "The caller's avatar assets, newest first",
        ...cloneDoc({
          description:
            "Lists the caller's own avatar assets (also those made with the generation API), newest first, with cursor paging: pass each page's next_cursor to get the next one.",
          codes: [],
        }),
        querystring: Type.Object({
          cursor: Type.Optional(
            Type.String({
              description:
                'opaque: next_cursor of the previous page, unchanged; absent or empty for the first page (an invalid cursor is 12)',
              examples: [EXAMPLE.cursor],
            }),
          ),
          limit: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: 100,
              default: 20,
              description: 'items per page, from 1 to 100; default 20',
              examples: [20],
            }),
          ),
        }),
        response: {
          200: Envelope(
            Type.Object(
              {
                items: Type.Array(Asset, { description: 'the avatar assets of this page' }),
                next_cursor: Type.String({
                  description: 'cursor of the next page; empty on the last page',
                  examples: [''],
                }),
              },
              { description: 'the list page' },
            ),
          ),
        },
      },
    },
    async (req) => {
      const limit = req.query.limit ?? 20;
      let after = null;
      if (req.query.cursor) {
        after = decodeCursor(req.query.cursor);
        if (!after)
          throw new AppError(
            SvcCode.InvalidParameter,
            'cursor is not valid; pass next_cursor from the previous page unchanged',
          );
      }
      const rows = await avatars.listAssets(callerOf(req), after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const next =
        rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : '';
      return envelope(CloneCode.Ok, { items: page.map(assetOf), next_cursor: next });
    },
  );
};
