import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import {
  aigcFlag,
  colorHex,
  fileId,
  svcResponses,
  taskIdReply,
  text10k,
  title20,
  urlString,
} from '../schemas/common.js';
import { callerOf } from './caller.js';
import { ok } from './reply.js';

const pipeline = Type.String({ description: "model type; default '1.5' (the only one this server has)" });
const startMsec = Type.Integer({
  minimum: 0,
  description: 'start position in the avatar video, in milliseconds',
});
const lufs = (d: string) =>
  Type.Number({ minimum: 0, maximum: 100, description: `${d}; 0 or absent = unspecified; N means -N LUFS` });

const subtitleFields = {
  st_show: Type.Optional(
    Type.Integer({ enum: [0, 1], default: 0, description: 'subtitles: 1 show, 0 hide (default 0)' }),
  ),
  st_font_name: Type.Optional(Type.String({ maxLength: 100 })),
  st_font_size: Type.Optional(Type.Integer({ minimum: 8, maximum: 400, default: 100 })),
  st_primary_color: Type.Optional(colorHex),
  st_outline_color: Type.Optional(colorHex),
  st_width: Type.Optional(Type.Integer({ minimum: 10, maximum: 8192, default: 600 })),
  st_height: Type.Optional(Type.Integer({ minimum: 10, maximum: 8192, default: 100 })),
  st_pos_x: Type.Optional(Type.Integer({ minimum: 0, maximum: 8192, default: 60 })),
  st_pos_y: Type.Optional(Type.Integer({ minimum: 0, maximum: 8192, default: 900 })),
};

export const videoCreateRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  const works = container.services.works;
  const create = { tags: ['video'], response: svcResponses(taskIdReply) };

  app.post(
    '/video/create_by_audio',
    {
      schema: {
        ...create,
        summary: 'Video driven by an audio file (credits)',
        body: Type.Object({
          audio_url: Type.Optional(urlString('mp3, m4a, wav and similar; at most 100 MB; 5 s to 30 min')),
          file_id: Type.Optional(fileId('uploaded audio (one of audio_url/file_id)')),
          avatar: Type.Optional(Type.String({ minLength: 1 })),
          video_file_id: Type.Optional(fileId('uploaded video used as the avatar')),
          title: Type.Optional(title20("work title; default 'Untitled'")),
          pipeline: Type.Optional(pipeline),
          aigc_flag: Type.Optional(aigcFlag),
          video_start_msec: Type.Optional(startMsec),
        }),
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
        body: Type.Object({
          text: text10k,
          voice: Type.Optional(Type.String({ minLength: 1 })),
          avatar: Type.Optional(Type.String({ minLength: 1 })),
          video_file_id: Type.Optional(fileId('uploaded video; can replace avatar and voice')),
          title: Type.Optional(title20("work title; default 'Untitled'")),
          pipeline: Type.Optional(pipeline),
          aigc_flag: Type.Optional(aigcFlag),
          video_start_msec: Type.Optional(startMsec),
          ...subtitleFields,
        }),
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
        body: Type.Object({
          template: Type.String({ minLength: 1 }),
          text: text10k,
          voice: Type.Optional(Type.String({ minLength: 1 })),
          avatar: Type.Optional(Type.String({ minLength: 1 })),
          video_file_id: Type.Optional(fileId('uploaded video; can replace avatar and voice')),
          title: Type.Optional(title20("work title; default 'Untitled'")),
          aigc_flag: Type.Optional(aigcFlag),
          bgm_file_id: Type.Optional(fileId('background music')),
          ambience_file_id: Type.Optional(fileId('ambient sound')),
          cover_file_id: Type.Optional(fileId('custom cover image')),
          norm_lufs: Type.Optional(lufs('overall loudness target')),
          bgm_norm_lufs: Type.Optional(lufs('background music target')),
          audio_assets_norm_lufs: Type.Optional(lufs('sound-effect and asset track target')),
          ambience_norm_lufs: Type.Optional(lufs('ambient sound target')),
        }),
      },
    },
    async (req) => ok(req, { task_id: await works.byTemplate(callerOf(req), req.body) }),
  );

  app.post(
    '/video/translate',
    {
      schema: {
        ...create,
        summary: 'Translate a video (credits)',
        description:
          "Recognises the video's speech, translates it, speaks it in the speaker's cloned voice fitted " +
          "to the original's timing, and re-renders the speaker's mouth. The target languages are this " +
          "server's, from the translation engines it has: with Debian's Apertium and PocketSphinx, English " +
          'speech into es (Spanish) and fr (French). An unsupported target_language_code is refused at ' +
          "once with code 11, whose message lists this server's set (so does `likeness doctor`).",
        body: Type.Object({
          video_file_id: fileId('uploaded video; at most 10 minutes'),
          target_language_code: Type.String({
            minLength: 1,
            maxLength: 10,
            description: "the language to translate into (such as es, fr); the set is this server's",
          }),
        }),
      },
    },
    async (req) => ok(req, { task_id: await works.translate(callerOf(req), req.body) }),
  );

  app.post(
    '/video/create_by_sing',
    {
      schema: {
        ...create,
        summary: 'Singing video from a person image and a song (credits)',
        body: Type.Object({
          image_file_id: fileId('uploaded person image'),
          audio_file_id: fileId('uploaded song; at most 60 seconds'),
        }),
      },
    },
    async (req) => ok(req, { task_id: await works.sing(callerOf(req), req.body) }),
  );

  app.post(
    '/video/create_by_image',
    {
      schema: {
        ...create,
        summary: 'Talking video from a person image and text (credits)',
        body: Type.Object({
          image_file_id: fileId('uploaded person image'),
          voice: Type.String({ minLength: 1 }),
          text: text10k,
          model: Type.Optional(
            Type.Integer({ description: '5 (model 4.0) or 6 (model 4.0 cartoon); 0 or absent = 5' }),
          ),
        }),
      },
    },
    async (req) => ok(req, { task_id: await works.byImage(callerOf(req), req.body) }),
  );
};
