import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { PLAN_CODES, svcDoc } from '../schemas/codes-doc.js';
import {
  aigcFlag,
  fileId,
  page,
  pageSize,
  svcReply,
  svcResponses,
  taskIdReply,
  urlString,
} from '../schemas/common.js';
import { EXAMPLE } from '../schemas/examples.js';
import { taskIdQuery } from '../schemas/fields.js';
import { taskProgress, taskStatus } from '../schemas/task.js';
import { SvcCode } from '../../errors/codes.js';
import { callerOf } from './caller.js';
import { FaceReport, faceReply } from './face-report.js';
import { ok } from './reply.js';

const AvatarItem = Type.Object({
  avatar: Type.String({
    description: 'avatar identifier, usable as `avatar` in the video operations',
    examples: [EXAMPLE.avatar],
  }),
  kind: Type.Integer({ description: "1 = caller's own avatar, 2 = public avatar", examples: [2] }),
  title: Type.String({ description: 'avatar name', examples: ['Alex · Tech Host'] }),
});

/** An avatar's title (the spec sets no limit; likeness takes 100 characters, decision 3). */
const avatarTitle = (example: string) =>
  Type.String({
    maxLength: 100,
    description: "avatar name; at most 100 characters; default 'Untitled'",
    examples: [example],
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
        ...svcDoc({
          description:
            'A reusable avatar from a video of one person speaking: MP4 or MOV, H.264, 360p to 4K, 5 seconds to 30 minutes, at most 500 MB. The same video_url (or file_id) sent again gives the same avatar. Poll GET /api/v2/svc/avatar/task; the avatar id is in its result.',
          codes: [SvcCode.NotFound, SvcCode.FileTypeUnsupported],
          taskCodes: [
            SvcCode.FileTooLarge,
            SvcCode.FileTypeUnsupported,
            SvcCode.VideoResourceFailed,
            SvcCode.AvatarCloneFailed,
            SvcCode.Internal,
          ],
        }),
        body: Type.Object(
          {
            title: Type.Optional(avatarTitle('Presenter')),
            video_url: Type.Optional(
              urlString(
                'the source video, one of video_url/file_id: MP4 or MOV, H.264, 360p to 4K, 5 seconds to 30 minutes, at most 500 MB',
                EXAMPLE.videoUrl,
                500,
              ),
            ),
            file_id: Type.Optional(
              fileId(
                'uploaded source video (file_id from POST /api/v2/svc/tool/create_upload_url), one of video_url/file_id; same limits',
                EXAMPLE.videoFileId,
              ),
            ),
            aigc_flag: Type.Optional(aigcFlag),
          },
          {
            description: 'Exactly one of video_url/file_id.',
            examples: [{ title: 'Presenter', video_url: EXAMPLE.videoUrl, aigc_flag: 0 }],
          },
        ),
        response: svcResponses(taskIdReply('/avatar/task')),
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
        ...svcDoc({
          description:
            'A reusable avatar from a portrait: JPG, PNG or WebP, 64 to 8192 pixels a side, at most 20 MB, with a face at least 40 pixels wide. Poll GET /api/v2/svc/avatar/task; the avatar id is in its result.',
          codes: [SvcCode.NotFound, SvcCode.InsufficientCredits, SvcCode.FileTypeUnsupported, ...PLAN_CODES],
          taskCodes: [
            SvcCode.FileTooLarge,
            SvcCode.FileTypeUnsupported,
            SvcCode.AvatarCloneFailed,
            SvcCode.ImageResourceFailed,
            SvcCode.Internal,
          ],
        }),
        body: Type.Object(
          {
            title: Type.Optional(avatarTitle('Portrait')),
            image_url: Type.Optional(
              urlString(
                'the portrait, one of image_url/file_id: JPG, PNG or WebP, 64 to 8192 pixels a side, at most 20 MB',
                EXAMPLE.imageUrl,
              ),
            ),
            file_id: Type.Optional(
              fileId(
                'uploaded portrait (file_id from POST /api/v2/svc/tool/create_upload_url), one of image_url/file_id; same limits',
                EXAMPLE.imageFileId,
              ),
            ),
            model: Type.Optional(
              Type.Integer({
                enum: [1, 2],
                default: 2,
                description:
                  'idle motion: 1 = video 2.0 (calm, subtle motion), 2 = video 2.1 (lively); default 2',
                examples: [2],
              }),
            ),
            aigc_flag: Type.Optional(aigcFlag),
          },
          {
            description: 'Exactly one of image_url/file_id.',
            examples: [{ title: 'Portrait', image_url: EXAMPLE.imageUrl, model: 2, aigc_flag: 0 }],
          },
        ),
        response: svcResponses(taskIdReply('/avatar/task')),
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
        ...svcDoc({
          description:
            'The status of an avatar creation; once completed (status 3), `avatar` is the new avatar id. Poll it until status is 3 or 4.',
          codes: [SvcCode.NotFound],
        }),
        querystring: taskIdQuery('avatar/create_by_video or avatar/create_by_image'),
        response: svcResponses(
          svcReply({
            status: taskStatus(),
            avatar: Type.String({
              description:
                'once completed (status 3): the new avatar identifier, for `avatar` in the video operations; empty until then',
              examples: [EXAMPLE.ownAvatar],
            }),
            ...taskProgress,
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
        ...svcDoc({
          description:
            'Public avatars ship with the service; use their `avatar` ids in the video operations right away.',
          codes: [],
        }),
        querystring: Type.Object({
          page: Type.Optional(page),
          size: Type.Optional(pageSize(200)),
          kind: Type.Optional(
            Type.Integer({
              enum: [0, 1, 2],
              default: 2,
              description:
                "which avatars: 0 = all (the caller's own first, newest first, then the public ones), 1 = own, 2 = public; default 2",
              examples: [2],
            }),
          ),
        }),
        response: svcResponses(
          svcReply({ data: Type.Array(AvatarItem, { description: 'the avatars of this page' }) }),
        ),
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
        ...svcDoc({
          description:
            'Only your own avatars can be deleted: a public or team-space avatar is refused with code 11.',
          codes: [SvcCode.NotFound],
        }),
        querystring: Type.Object({
          avatar: Type.String({
            minLength: 1,
            description:
              'identifier of one of your own avatars, from the avatar list (kind=1) or an avatar task result',
            examples: [EXAMPLE.ownAvatar],
          }),
        }),
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
