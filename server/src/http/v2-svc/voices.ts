import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { VOICE_LANGUAGES } from '../../services/voice.service.js';
import { fileId, page, svcReply, svcResponses, taskIdReply, title20, urlString } from '../schemas/common.js';
import { failure } from './avatars.js';
import { callerOf } from './caller.js';
import { ok } from './reply.js';

const VoiceItem = Type.Object({
  voice: Type.String(),
  type: Type.Integer({ description: '10 public, 20 high-fidelity V1, 22 high-fidelity V2, 8 basic V2' }),
  title: Type.String(),
  rate: Type.String(),
  volume: Type.String(),
  pitch: Type.String(),
});

const decimal = (d: string) => Type.String({ format: 'decimal', description: d });

export const voiceRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  const voices = container.services.voices;

  app.post(
    '/voice/create',
    {
      schema: {
        tags: ['voice'],
        summary: 'Clone a voice from an audio sample',
        body: Type.Object({
          title: Type.String({ ...title20('voice title'), minLength: 1 }),
          voice_type: Type.Integer({ description: 'only 8 (basic voice cloning V2) is accepted' }),
          audio_url: Type.Optional(urlString('mp3, m4a or wav; at most 20 MB; 5 s to 3 min')),
          file_id: Type.Optional(fileId('uploaded audio (one of audio_url/file_id)')),
          languages: Type.Optional(
            Type.String({ description: `default Mandarin; one of ${VOICE_LANGUAGES.join(', ')}` }),
          ),
        }),
        response: svcResponses(taskIdReply),
      },
    },
    async (req) => ok(req, { task_id: await voices.create(callerOf(req), req.body) }),
  );

  app.post(
    '/voice/edit',
    {
      schema: {
        tags: ['voice'],
        summary: "Edit a cloned voice's rate, volume and pitch",
        body: Type.Object({
          voice: Type.String({ minLength: 1 }),
          rate: decimal('0.5 to 2.0, e.g. "1.0"'),
          volume: decimal('0.1 to 2.0, e.g. "1.0"'),
          pitch: decimal('0.1 to 2.0, e.g. "1.0"'),
        }),
        response: svcResponses(svcReply({})),
      },
    },
    async (req) => {
      await voices.edit(callerOf(req), req.body);
      return ok(req, {});
    },
  );

  app.get(
    '/voice/list',
    {
      schema: {
        tags: ['voice'],
        summary: 'List voices',
        querystring: Type.Object({
          page: Type.Optional(page),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 300, default: 20 })),
          kind: Type.Optional(
            Type.Integer({
              enum: [1, 2],
              default: 1,
              description: "1 the caller's cloned voices, 2 public voices",
            }),
          ),
        }),
        response: svcResponses(svcReply({ data: Type.Array(VoiceItem) })),
      },
    },
    async (req) => {
      const { page: p = 1, size = 20, kind = 1 } = req.query;
      return ok(req, { data: await voices.list(callerOf(req), kind as 1 | 2, p, size) });
    },
  );

  app.get(
    '/voice/task',
    {
      schema: {
        tags: ['voice'],
        summary: 'Voice task result',
        querystring: Type.Object({ task_id: Type.String({ minLength: 1 }) }),
        response: svcResponses(
          svcReply({
            status: Type.Integer(),
            voice: Type.String(),
            demo_url: Type.String({ description: 'demo audio in the cloned voice' }),
            progress: Type.Integer(),
            fail_code: Type.Optional(Type.Integer()),
            fail_reason: Type.Optional(Type.String()),
          }),
        ),
      },
    },
    async (req) => {
      const { task, voice, demoKey } = await voices.getTask(callerOf(req), req.query.task_id);
      const demo_url = demoKey ? await container.services.urls.downloadUrl(demoKey) : '';
      return ok(req, { status: task.status, voice, demo_url, progress: task.progress, ...failure(task) });
    },
  );
};
