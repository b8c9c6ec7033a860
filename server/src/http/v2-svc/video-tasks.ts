import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { WorkTaskView } from '../../services/work.service.js';
import { SvcCode } from '../../errors/codes.js';
import { svcDoc } from '../schemas/codes-doc.js';
import { svcReply, svcResponses } from '../schemas/common.js';
import { EXAMPLE } from '../schemas/examples.js';
import { taskIdQuery } from '../schemas/fields.js';
import { taskProgress, taskStatus } from '../schemas/task.js';
import { failure } from './avatars.js';
import { callerOf } from './caller.js';
import { ok } from './reply.js';

const QUERY = taskIdQuery('a video creation operation or audio/create_by_tts');

/** The task query's reply: the task's status, its result's address once done, and why it failed. */
function taskReply(req: FastifyRequest, view: WorkTaskView, url: string) {
  const { task, duration } = view;
  return ok(req, {
    status: task.status,
    video_Url: url,
    ...(duration === undefined ? {} : { duration }),
    progress: task.progress,
    ...failure(task),
  });
}

export const videoTaskRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  const works = container.services.works;
  const urls = container.services.urls;

  app.get(
    '/video/task',
    {
      schema: {
        tags: ['video'],
        summary: 'Work task result (videos and audio)',
        ...svcDoc({
          description:
            'The status and result of a work: a video from any video operation, or the MP3 of audio/create_by_tts (its URL is in video_Url). Poll it (say every few seconds) until status is 3 or 4. Translation, singing and image-driven tasks return no duration.',
          codes: [SvcCode.NotFound],
        }),
        querystring: QUERY,
        response: svcResponses(
          svcReply({
            status: taskStatus(),
            video_Url: Type.String({
              description:
                'once completed: temporary signed address of the MP4 (or MP3), valid for at least 12 hours with the default settings; it carries query parameters, so keep them when downloading; GET it without the token and save the file promptly. Empty until then',
              examples: [EXAMPLE.resultUrl],
            }),
            duration: Type.Optional(
              Type.Integer({
                description:
                  'length of the result in whole seconds (0 until completed); absent for translation, singing and image-driven tasks',
                examples: [5],
              }),
            ),
            ...taskProgress,
          }),
        ),
      },
    },
    (req) => {
      // Polled: most polls find the task and its URL in memory. Those are answered with a plain
      // value, which Fastify sends in the same turn; only a miss takes a promise.
      const caller = callerOf(req);
      const peeked = works.peekTask(caller, req.query.task_id);
      const url = peeked && (peeked.blobKey ? urls.reusableDownloadUrl(peeked.blobKey) : '');
      if (peeked && url !== undefined) return taskReply(req, peeked, url);
      return (async () => {
        const view = peeked ?? (await works.getTask(caller, req.query.task_id));
        const { blobKey } = view;
        return taskReply(
          req,
          view,
          blobKey ? (urls.reusableDownloadUrl(blobKey) ?? (await urls.downloadUrl(blobKey))) : '',
        );
      })();
    },
  );

  app.delete(
    '/video/task',
    {
      schema: {
        tags: ['video'],
        summary: 'Delete an ordinary video creation task',
        ...svcDoc({
          description:
            'Not for translation, singing or image-driven tasks (refused with code 11). A finished task disappears; an unfinished one is cancelled, refunded in full, sends no callback, and disappears.',
          codes: [SvcCode.NotFound],
        }),
        querystring: QUERY,
        response: svcResponses(svcReply({})),
      },
    },
    async (req) => {
      await works.deleteTask(callerOf(req), req.query.task_id);
      return ok(req, {});
    },
  );
};
