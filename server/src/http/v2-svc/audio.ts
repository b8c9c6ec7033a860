import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { SvcCode } from '../../errors/codes.js';
import { svcDoc, WORK_SUBMIT_CODES } from '../schemas/codes-doc.js';
import { aigcFlag, svcResponses, taskIdReply, text10k, title20 } from '../schemas/common.js';
import { EXAMPLE } from '../schemas/examples.js';
import { voiceId } from '../schemas/fields.js';
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
        ...svcDoc({
          description:
            'Query the result with GET /api/v2/svc/video/task: the MP3 URL is in video_Url and its length in duration.',
          codes: WORK_SUBMIT_CODES.filter((c) => c !== SvcCode.FileTypeUnsupported),
          taskCodes: [SvcCode.InsufficientCredits, SvcCode.Internal],
        }),
        body: Type.Object(
          {
            voice: voiceId('required'),
            text: text10k,
            title: Type.Optional(title20("work title; default 'Untitled'")),
            aigc_flag: Type.Optional(aigcFlag),
          },
          { examples: [{ voice: EXAMPLE.voice, text: EXAMPLE.text, title: EXAMPLE.title }] },
        ),
        response: svcResponses(taskIdReply('/video/task')),
      },
    },
    async (req) => ok(req, { task_id: await container.services.works.audioByTts(callerOf(req), req.body) }),
  );
};
