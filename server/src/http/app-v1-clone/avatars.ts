import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { AvatarRow } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { CloneCode, SvcCode } from '../../errors/codes.js';
import { callerOf } from '../v2-svc/caller.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { envelope } from './envelope.js';

const Envelope = (data: ReturnType<typeof Type.Object>) =>
  Type.Object({ code: Type.Integer(), message: Type.String(), detail: Type.Optional(Type.String()), data });

const Asset = Type.Object({
  id: Type.String({ description: 'avatar id; usable as `avatar` in the generation API' }),
  category: Type.String({ description: "always 'avatar'" }),
  title: Type.String(),
  status: Type.String({ description: 'processing | ready | failed' }),
  created_at: Type.String(),
});

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
        description:
          'Clones a reusable avatar from an uploaded portrait image (file_id from create_upload_url).',
        body: Type.Object({
          file_id: Type.String({ minLength: 1 }),
          title: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: {
          200: Envelope(
            Type.Object({
              asset: Asset,
              task: Type.Object({
                id: Type.String(),
                status: Type.Integer({ description: '1 waiting, 2 processing, 3 completed, 4 failed' }),
                credits: Type.Integer(),
              }),
              paid_plan_required: Type.Object({
                required: Type.Boolean(),
                minimum_plan: Type.String(),
                current_plan: Type.String(),
              }),
            }),
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
        querystring: Type.Object({
          cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page' })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
        }),
        response: {
          200: Envelope(
            Type.Object({
              items: Type.Array(Asset),
              next_cursor: Type.String({ description: 'empty when there are no more' }),
            }),
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
