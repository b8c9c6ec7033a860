import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { aigcFlag, svcResponses, taskIdReply, text10k, title20 } from '../schemas/common.js';
import { callerOf } from './caller.js';
import { ok } from './reply.js';

export const audioRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  app.post(
    '/audio/create_by_tts',
    {
      schema: {
        tags: ['audio'],
        summary: 'Audio from text (credits)',
        description:
          'Query the result with GET /api/v2/svc/video/task: the MP3 URL is in video_Url and its length in duration.',
        body: Type.Object({
          voice: Type.String({ minLength: 1 }),
          text: text10k,
          title: Type.Optional(title20("work title; default 'Untitled'")),
          aigc_flag: Type.Optional(aigcFlag),
        }),
        response: svcResponses(taskIdReply),
      },
    },
    async (req) => ok(req, { task_id: await container.services.works.audioByTts(callerOf(req), req.body) }),
  );
};
