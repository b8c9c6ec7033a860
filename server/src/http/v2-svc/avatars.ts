import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { aigcFlag, fileId, page, svcReply, svcResponses, taskIdReply, urlString } from '../schemas/common.js';
import { callerOf } from './caller.js';
import { FaceReport, faceReply } from './face-report.js';
import { ok } from './reply.js';

const AvatarItem = Type.Object({
  avatar: Type.String({ description: 'avatar identifier' }),
  kind: Type.Integer({ description: "1 = caller's own avatar, 2 = public avatar" }),
  title: Type.String(),
});

export const avatarRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  const avatars = container.services.avatars;

  app.post(
    '/avatar/create_by_video',
    {
      schema: {
        tags: ['avatar'],
        summary: 'Create an avatar from a video',
        description:
          'MP4 or MOV, H.264, 360p to 4K, 5 s to 30 min, at most 500 MB. The same video_url gives the same avatar.',
        body: Type.Object({
          title: Type.Optional(Type.String({ maxLength: 100, description: "default 'Untitled'" })),
          video_url: Type.Optional(urlString('video address (one of video_url/file_id)', 500)),
          file_id: Type.Optional(fileId('uploaded video (one of video_url/file_id)')),
          aigc_flag: Type.Optional(aigcFlag),
        }),
        response: svcResponses(taskIdReply),
      },
    },
    async (req) => ok(req, { task_id: await avatars.createByVideo(callerOf(req), req.body) }),
  );

  app.post(
    '/avatar/create_by_image',
    {
      schema: {
        tags: ['avatar'],
        summary: 'Create an avatar from an image (credits)',
        body: Type.Object({
          title: Type.Optional(Type.String({ maxLength: 100, description: "default 'Untitled'" })),
          image_url: Type.Optional(urlString('image address (one of image_url/file_id)')),
          file_id: Type.Optional(fileId('uploaded image (one of image_url/file_id)')),
          model: Type.Optional(
            Type.Integer({
              enum: [1, 2],
              default: 2,
              description: '1 = video 2.0 (calm), 2 = video 2.1 (lively); default 2',
            }),
          ),
          aigc_flag: Type.Optional(aigcFlag),
        }),
        response: svcResponses(taskIdReply),
      },
    },
    async (req) => ok(req, { task_id: await avatars.createByImage(callerOf(req), req.body) }),
  );

  app.get(
    '/avatar/task',
    {
      schema: {
        tags: ['avatar'],
        summary: 'Avatar task result',
        querystring: Type.Object({ task_id: Type.String({ minLength: 1 }) }),
        response: svcResponses(
          svcReply({
            status: Type.Integer({ description: '1 waiting, 2 processing, 3 completed, 4 failed' }),
            avatar: Type.String({ description: 'avatar identifier once completed' }),
            progress: Type.Integer({ description: 'percent done' }),
            fail_code: Type.Optional(Type.Integer({ description: 'when status is 4: the error code' })),
            fail_reason: Type.Optional(Type.String({ description: 'when status is 4: why it failed' })),
            face: Type.Optional(FaceReport),
          }),
        ),
      },
    },
    async (req) => {
      const { task, avatar, face } = await avatars.getTask(callerOf(req), req.query.task_id);
      return ok(req, {
        status: task.status,
        avatar,
        progress: task.progress,
        ...failure(task),
        ...(face ? { face: faceReply(face) } : {}),
      });
    },
  );

  app.get(
    '/avatar/list',
    {
      schema: {
        tags: ['avatar'],
        summary: 'List avatars',
        querystring: Type.Object({
          page: Type.Optional(page),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
          kind: Type.Optional(
            Type.Integer({
              enum: [0, 1, 2],
              default: 2,
              description: '0 all (own first), 1 own, 2 public; default 2',
            }),
          ),
        }),
        response: svcResponses(svcReply({ data: Type.Array(AvatarItem) })),
      },
    },
    async (req) => {
      const { page: p = 1, size = 20, kind = 2 } = req.query;
      return ok(req, { data: await avatars.list(callerOf(req), kind as 0 | 1 | 2, p, size) });
    },
  );

  app.delete(
    '/avatar',
    {
      schema: {
        tags: ['avatar'],
        summary: "Delete one of the caller's own avatars",
        querystring: Type.Object({ avatar: Type.String({ minLength: 1 }) }),
        response: svcResponses(svcReply({})),
      },
    },
    async (req) => {
      await avatars.delete(callerOf(req), req.query.avatar);
      return ok(req, {});
    },
  );
};

/** The failure fields of a failed task's query reply. */
export function failure(task: { status: number; error_code: number | null; error_message: string | null }) {
  return task.status === 4
    ? { fail_code: task.error_code ?? 99, fail_reason: task.error_message ?? 'failed' }
    : {};
}
