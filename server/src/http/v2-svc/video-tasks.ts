import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { svcReply, svcResponses } from '../schemas/common.js';
import { failure } from './avatars.js';
import { callerOf } from './caller.js';
import { ok } from './reply.js';

export const videoTaskRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  const works = container.services.works;

  app.get(
    '/video/task',
    {
      schema: {
        tags: ['video'],
        summary: 'Work task result (videos and audio)',
        description:
          'Also answers for audio/create_by_tts tasks (the audio URL is in video_Url). Translation, singing and image-driven tasks return no duration.',
        querystring: Type.Object({ task_id: Type.String({ minLength: 1 }) }),
        response: svcResponses(
          svcReply({
            status: Type.Integer(),
            video_Url: Type.String({
              description: 'temporary signed address with query parameters; save the file promptly',
            }),
            duration: Type.Optional(Type.Integer({ description: 'seconds' })),
            progress: Type.Integer(),
            fail_code: Type.Optional(Type.Integer()),
            fail_reason: Type.Optional(Type.String()),
          }),
        ),
      },
    },
    async (req) => {
      const { task, blobKey, duration } = await works.getTask(callerOf(req), req.query.task_id);
      return ok(req, {
        status: task.status,
        video_Url: blobKey ? await container.services.urls.downloadUrl(blobKey) : '',
        ...(duration === undefined ? {} : { duration }),
        progress: task.progress,
        ...failure(task),
      });
    },
  );

  app.delete(
    '/video/task',
    {
      schema: {
        tags: ['video'],
        summary: 'Delete an ordinary video creation task',
        description:
          'Not for translation, singing or image-driven tasks. An unfinished task is cancelled and refunded.',
        querystring: Type.Object({ task_id: Type.String({ minLength: 1 }) }),
        response: svcResponses(svcReply({})),
      },
    },
    async (req) => {
      await works.deleteTask(callerOf(req), req.query.task_id);
      return ok(req, {});
    },
  );
};
