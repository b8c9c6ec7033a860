import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { SvcCode } from '../../errors/codes.js';
import { PLAN_CODES, svcDoc, WORK_SUBMIT_CODES } from '../schemas/codes-doc.js';
import { fileId, svcResponses, taskIdReply, text10k } from '../schemas/common.js';
import { EXAMPLE } from '../schemas/examples.js';
import { voiceId } from '../schemas/fields.js';
import { callerOf } from './caller.js';
import { ok } from './reply.js';

/** A person image, as image-driven operations take it (decision 17). */
const personImage = fileId(
  'uploaded person image (file_id from POST /api/v2/svc/tool/create_upload_url): JPG, PNG or WebP, 64 to 8192 pixels a side, at most 20 MB, with a face at least 40 pixels wide',
  EXAMPLE.imageFileId,
);

/**
 * The video operations that start from uploaded files only (translation, singing, image-driven):
 * no callback is sent for them and their task query returns no duration.
 */
export const videoFileRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  const works = container.services.works;
  const create = { tags: ['video'], response: svcResponses(taskIdReply('/video/task')) };

  app.post(
    '/video/translate',
    {
      schema: {
        ...create,
        summary: 'Translate a video (credits)',
        ...svcDoc({
          description:
            "Recognises the video's speech, translates it, speaks it in the speaker's cloned voice fitted " +
            "to the original's timing, and re-renders the speaker's mouth. The target languages are this " +
            "server's, from the translation engines it has: with Debian's Apertium and PocketSphinx, English " +
            'speech into es (Spanish) and fr (French). An unsupported target_language_code is refused at ' +
            "once with code 11, whose message lists this server's set (so does `likeness doctor`). " +
            'Upload the video first (POST /api/v2/svc/tool/create_upload_url). No callback is sent, and the task query returns no duration.',
          codes: [...WORK_SUBMIT_CODES, ...PLAN_CODES],
          taskCodes: [
            SvcCode.InsufficientCredits,
            SvcCode.VideoResourceFailed,
            SvcCode.AvatarCloneFailed,
            SvcCode.Internal,
          ],
        }),
        body: Type.Object(
          {
            video_file_id: fileId(
              'uploaded video to translate (file_id from POST /api/v2/svc/tool/create_upload_url); at most 10 minutes',
              EXAMPLE.videoFileId,
            ),
            target_language_code: Type.String({
              minLength: 1,
              maxLength: 10,
              description:
                "the language to translate into (such as es, fr), any case; the set is this server's (code 11 lists it)",
              examples: ['es'],
            }),
          },
          { examples: [{ video_file_id: EXAMPLE.videoFileId, target_language_code: 'es' }] },
        ),
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
        ...svcDoc({
          description:
            'The person in the image sings the song. Upload both files first (POST /api/v2/svc/tool/create_upload_url). No callback is sent, and the task query returns no duration.',
          codes: [...WORK_SUBMIT_CODES, ...PLAN_CODES],
          taskCodes: [
            SvcCode.InsufficientCredits,
            SvcCode.FileTooLarge,
            SvcCode.AudioResourceFailed,
            SvcCode.AvatarCloneFailed,
            SvcCode.ImageResourceFailed,
            SvcCode.Internal,
          ],
        }),
        body: Type.Object(
          {
            image_file_id: personImage,
            audio_file_id: fileId('uploaded song audio; at most 60 seconds', EXAMPLE.audioFileId),
          },
          { examples: [{ image_file_id: EXAMPLE.imageFileId, audio_file_id: EXAMPLE.audioFileId }] },
        ),
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
        ...svcDoc({
          description:
            'The person in the image speaks the text in the voice. Upload the image first (POST /api/v2/svc/tool/create_upload_url). No callback is sent, and the task query returns no duration.',
          codes: [...WORK_SUBMIT_CODES, ...PLAN_CODES],
          taskCodes: [
            SvcCode.InsufficientCredits,
            SvcCode.FileTooLarge,
            SvcCode.AvatarCloneFailed,
            SvcCode.ImageResourceFailed,
            SvcCode.Internal,
          ],
        }),
        body: Type.Object(
          {
            image_file_id: personImage,
            voice: voiceId('required'),
            text: text10k,
            model: Type.Optional(
              Type.Integer({
                description: '5 = model 4.0 (realistic), 6 = model 4.0 cartoon; 0 or absent means 5',
                examples: [5],
              }),
            ),
          },
          {
            examples: [
              { image_file_id: EXAMPLE.imageFileId, voice: EXAMPLE.voice, text: EXAMPLE.text, model: 5 },
            ],
          },
        ),
      },
    },
    async (req) => ok(req, { task_id: await works.byImage(callerOf(req), req.body) }),
  );
};
