import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { VOICE_LANGUAGES } from '../../services/voice.service.js';
import { SvcCode } from '../../errors/codes.js';
import { PLAN_CODES, svcDoc } from '../schemas/codes-doc.js';
import {
  fileId,
  page,
  pageSize,
  svcReply,
  svcResponses,
  taskIdReply,
  title20,
  urlString,
} from '../schemas/common.js';
import { EXAMPLE } from '../schemas/examples.js';
import { taskIdQuery } from '../schemas/fields.js';
import { taskProgress, taskStatus } from '../schemas/task.js';
import { failure } from './avatars.js';
import { callerOf } from './caller.js';
import { ok } from './reply.js';

/** A voice setting as decimal text: a multiplier where "1.0" is the voice as made. */
const setting = (what: string, min: string, example: string) => ({
  description: `${what}: decimal text from ${min} to 2.0, where "1.0" (the default) is unchanged`,
  examples: [example],
});
/** As sent to voice/edit: checked as decimal text (a JSON number is read as text, decision C2). */
const decimal = (what: string, min: string, example: string) =>
  Type.String({ format: 'decimal', ...setting(what, min, example) });

const VoiceItem = Type.Object({
  voice: Type.String({
    description: 'voice identifier, usable as `voice` in the speaking operations',
    examples: [EXAMPLE.voice],
  }),
  type: Type.Integer({
    description:
      '10 = public voice, 20 = high-fidelity voice V1, 22 = high-fidelity voice V2, 8 = basic voice V2',
    examples: [10],
  }),
  title: Type.String({ description: 'voice name', examples: ['James (English)'] }),
  rate: Type.String(setting('speech rate', '0.5', '1.0')),
  volume: Type.String(setting('volume', '0.1', '1.0')),
  pitch: Type.String(setting('pitch', '0.1', '1.0')),
});

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
        ...svcDoc({
          description:
            'Clones the voice of one person speaking in the sample. Poll GET /api/v2/svc/voice/task; the voice id and a demo are in its result.',
          codes: [
            SvcCode.NotFound,
            SvcCode.HifiVoiceSoldOut,
            SvcCode.VoiceCloneLimit,
            SvcCode.FileTypeUnsupported,
            ...PLAN_CODES,
          ],
          taskCodes: [
            SvcCode.VoiceProtected,
            SvcCode.FileTooLarge,
            SvcCode.FileTypeUnsupported,
            SvcCode.AudioResourceFailed,
            SvcCode.Internal,
          ],
        }),
        body: Type.Object(
          {
            title: Type.String({ ...title20('voice name (required, not empty)', 'My voice'), minLength: 1 }),
            voice_type: Type.Integer({
              description:
                'only 8 (basic voice cloning V2) is accepted; 20 and 22 (high-fidelity) answer 1009 (sold out)',
              examples: [8],
            }),
            audio_url: Type.Optional(
              urlString(
                'the voice sample, one of audio_url/file_id: mp3, m4a or wav; at most 20 MB; 5 seconds to 3 minutes of one person speaking',
                EXAMPLE.voiceSampleUrl,
              ),
            ),
            file_id: Type.Optional(
              fileId(
                'uploaded voice sample (file_id from POST /api/v2/svc/tool/create_upload_url), one of audio_url/file_id; same limits',
                EXAMPLE.audioFileId,
              ),
            ),
            languages: Type.Optional(
              Type.String({
                description: `the sample's language; Mandarin (zh) when absent or empty; one of ${VOICE_LANGUAGES.join(', ')}`,
                examples: ['en'],
              }),
            ),
          },
          {
            description: 'Exactly one of audio_url/file_id.',
            examples: [
              { title: 'My voice', voice_type: 8, audio_url: EXAMPLE.voiceSampleUrl, languages: 'en' },
            ],
          },
        ),
        response: svcResponses(taskIdReply('/voice/task')),
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
        ...svcDoc({
          description:
            'Sets the three multipliers applied whenever the voice speaks. Only your cloned voices can be edited (a public voice is refused with code 11), once their task has completed.',
          codes: [SvcCode.NotFound],
        }),
        body: Type.Object(
          {
            voice: Type.String({
              minLength: 1,
              description:
                'identifier of one of your cloned voices (voice/list kind=1, or a voice task result)',
              examples: [EXAMPLE.ownVoice],
            }),
            rate: decimal('speech rate', '0.5', '1.2'),
            volume: decimal('volume', '0.1', '1.0'),
            pitch: decimal('pitch', '0.1', '0.9'),
          },
          { examples: [{ voice: EXAMPLE.ownVoice, rate: '1.2', volume: '1.0', pitch: '0.9' }] },
        ),
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
        ...svcDoc({
          description:
            'Public voices (kind=2) ship with the service, at least two per language; use their `voice` ids in the speaking operations right away.',
          codes: [],
        }),
        querystring: Type.Object({
          page: Type.Optional(page),
          size: Type.Optional(pageSize(300)),
          kind: Type.Optional(
            Type.Integer({
              enum: [1, 2],
              default: 1,
              description: "which voices: 1 = the caller's cloned voices, 2 = public voices; default 1",
              examples: [2],
            }),
          ),
        }),
        response: svcResponses(
          svcReply({ data: Type.Array(VoiceItem, { description: 'the voices of this page' }) }),
        ),
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
        ...svcDoc({
          description:
            'The status of a voice clone; once completed (status 3), `voice` is the new voice id and `demo_url` a sample of it. Poll it until status is 3 or 4.',
          codes: [SvcCode.NotFound],
        }),
        querystring: taskIdQuery('voice/create'),
        response: svcResponses(
          svcReply({
            status: taskStatus(),
            voice: Type.String({
              description:
                'once completed (status 3): the cloned voice identifier, for `voice` in the speaking operations; empty until then',
              examples: [EXAMPLE.ownVoice],
            }),
            demo_url: Type.String({
              description:
                'once completed: temporary signed address of a demo MP3 in the cloned voice (GET it without the token); empty until then',
              examples: [EXAMPLE.demoUrl],
            }),
            ...taskProgress,
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
