import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { SvcCode } from '../../errors/codes.js';
import { svcDoc, WORK_FAIL_CODES, WORK_SUBMIT_CODES } from '../schemas/codes-doc.js';
import {
  aigcFlag,
  fileId,
  svcResponses,
  taskIdReply,
  text10k,
  title20,
  urlString,
} from '../schemas/common.js';
import { EXAMPLE } from '../schemas/examples.js';
import {
  avatarId,
  lufs,
  pipeline,
  startMsec,
  subtitleFields,
  videoFileInstead,
  voiceId,
} from '../schemas/fields.js';
import { callerOf } from './caller.js';
import { ok } from './reply.js';

const workTitle = title20("work title; default 'Untitled'");

/** The text and who speaks it: a catalogue or own avatar and voice, or an uploaded video instead. */
const spokenText = {
  text: text10k,
  voice: Type.Optional(voiceId('required when video_file_id is absent')),
  avatar: Type.Optional(avatarId('required when video_file_id is absent')),
  video_file_id: Type.Optional(videoFileInstead('an avatar (and, when voice is absent, in their own voice)')),
};

export const videoCreateRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  const works = container.services.works;
  const create = { tags: ['video'], response: svcResponses(taskIdReply('/video/task')) };

  app.post(
    '/video/create_by_audio',
    {
      schema: {
        ...create,
        summary: 'Video driven by an audio file (credits)',
        ...svcDoc({
          description:
            'The avatar (or the person in an uploaded video) speaks the audio. Send the audio as audio_url or file_id, and the speaker as avatar or video_file_id.',
          codes: WORK_SUBMIT_CODES,
          taskCodes: WORK_FAIL_CODES,
        }),
        body: Type.Object(
          {
            audio_url: Type.Optional(
              urlString(
                'the audio to speak, one of audio_url/file_id: mp3, m4a, wav and similar; at most 100 MB; 5 seconds to 30 minutes',
                EXAMPLE.audioUrl,
              ),
            ),
            file_id: Type.Optional(
              fileId(
                'uploaded audio (file_id from POST /api/v2/svc/tool/create_upload_url), one of audio_url/file_id; same limits as audio_url',
                EXAMPLE.audioFileId,
              ),
            ),
            avatar: Type.Optional(
              avatarId('send avatar or video_file_id (at least one; video_file_id wins)'),
            ),
            video_file_id: Type.Optional(videoFileInstead('an avatar')),
            title: Type.Optional(workTitle),
            pipeline: Type.Optional(pipeline),
            aigc_flag: Type.Optional(aigcFlag),
            video_start_msec: Type.Optional(startMsec),
          },
          {
            description: 'Exactly one of audio_url/file_id, and avatar or video_file_id.',
            examples: [
              { audio_url: EXAMPLE.audioUrl, avatar: EXAMPLE.avatar, title: 'Narration', aigc_flag: 0 },
            ],
          },
        ),
      },
    },
    async (req) => ok(req, { task_id: await works.byAudio(callerOf(req), req.body) }),
  );

  app.post(
    '/video/create_by_tts',
    {
      schema: {
        ...create,
        summary: 'Video driven by text (credits)',
        ...svcDoc({
          description:
            'The avatar speaks the text in the voice. Send avatar and voice (both from the public catalogue or your own), or video_file_id: an uploaded video whose person speaks (in their own voice when voice is absent). Poll the result with GET /api/v2/svc/video/task.',
          codes: WORK_SUBMIT_CODES,
          taskCodes: WORK_FAIL_CODES,
        }),
        body: Type.Object(
          {
            ...spokenText,
            title: Type.Optional(workTitle),
            pipeline: Type.Optional(pipeline),
            aigc_flag: Type.Optional(aigcFlag),
            video_start_msec: Type.Optional(startMsec),
            ...subtitleFields,
          },
          {
            description: 'text, and either avatar + voice or video_file_id.',
            examples: [
              {
                text: EXAMPLE.text,
                avatar: EXAMPLE.avatar,
                voice: EXAMPLE.voice,
                title: EXAMPLE.title,
                st_show: 1,
                st_primary_color: '#ffffff',
                st_outline_color: '#000000',
              },
            ],
          },
        ),
      },
    },
    async (req) => {
      const b = req.body;
      return ok(req, {
        task_id: await works.byTts(callerOf(req), {
          ...b,
          subtitles: {
            show: b.st_show === 1,
            fontName: b.st_font_name ?? null,
            fontSize: b.st_font_size ?? 100,
            primaryColor: b.st_primary_color ?? '#ffffff',
            outlineColor: b.st_outline_color ?? '#000000',
            width: b.st_width ?? 600,
            height: b.st_height ?? 100,
            x: b.st_pos_x ?? 60,
            y: b.st_pos_y ?? 900,
          },
        }),
      });
    },
  );

  app.post(
    '/video/create_by_template',
    {
      schema: {
        ...create,
        summary: 'Subtitled, titled video from text and a template (credits)',
        ...svcDoc({
          description:
            'The template (GET /api/v2/svc/video/lively_templates) sets the frame, title and subtitle band; the avatar speaks the text in the voice. Optional background music, ambience and cover are uploaded files.',
          codes: WORK_SUBMIT_CODES,
          taskCodes: [...WORK_FAIL_CODES, SvcCode.ImageResourceFailed],
        }),
        body: Type.Object(
          {
            template: Type.String({
              minLength: 1,
              description: 'template identifier, from GET /api/v2/svc/video/lively_templates',
              examples: [EXAMPLE.template],
            }),
            ...spokenText,
            title: Type.Optional(workTitle),
            aigc_flag: Type.Optional(aigcFlag),
            bgm_file_id: Type.Optional(
              fileId(
                'uploaded audio played as background music; at most 500 characters',
                EXAMPLE.audioFileId,
              ),
            ),
            ambience_file_id: Type.Optional(
              fileId('uploaded audio played as ambient sound; at most 500 characters', EXAMPLE.audioFileId),
            ),
            cover_file_id: Type.Optional(
              fileId(
                "uploaded image used as the video's cover picture and first frame; at most 500 characters",
                EXAMPLE.imageFileId,
              ),
            ),
            norm_lufs: Type.Optional(lufs('overall loudness target (speech default -16 LUFS)', 16)),
            bgm_norm_lufs: Type.Optional(lufs('background music target (default -30 LUFS)', 30)),
            audio_assets_norm_lufs: Type.Optional(lufs('sound-effect and asset track target', 20)),
            ambience_norm_lufs: Type.Optional(lufs('ambient sound target (default -35 LUFS)', 35)),
          },
          {
            description: 'template and text, and either avatar + voice or video_file_id.',
            examples: [
              {
                template: EXAMPLE.template,
                text: EXAMPLE.text,
                avatar: EXAMPLE.avatar,
                voice: EXAMPLE.voice,
                title: EXAMPLE.title,
                norm_lufs: 16,
              },
            ],
          },
        ),
      },
    },
    async (req) => ok(req, { task_id: await works.byTemplate(callerOf(req), req.body) }),
  );
};
