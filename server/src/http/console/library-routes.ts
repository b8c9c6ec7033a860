import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { ERRORS } from '../../errors/app-error.js';
import { callerOf } from '../v2-svc/caller.js';
import {
  AvatarDetailList,
  CoverList,
  Estimate,
  EstimateBody,
  Ledger,
  TaskList,
  VoiceDetailList,
} from './schemas.js';

const Kind = Type.Object({ kind: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])) });

/** What the console lists: tasks, avatars, voices, covers, the credit ledger; and cost estimates. */
export const libraryRoutes: FastifyPluginAsyncTypebox<{ container: Container }> = async (
  app,
  { container },
) => {
  const { consoleLibrary: library, credits } = container.services;

  app.get(
    '/tasks',
    {
      schema: {
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
          family: Type.Optional(
            Type.Union([Type.Literal('avatar'), Type.Literal('voice'), Type.Literal('work')]),
          ),
        }),
        response: { 200: TaskList },
      },
    },
    async (req) => ({
      data: await library.tasks(callerOf(req).accountId, req.query.limit ?? 100, req.query.family),
    }),
  );

  app.get(
    '/avatars',
    { schema: { querystring: Kind, response: { 200: AvatarDetailList } } },
    async (req) => ({ data: await library.avatars(callerOf(req).accountId, req.query.kind ?? 1) }),
  );

  app.get('/voices', { schema: { querystring: Kind, response: { 200: VoiceDetailList } } }, async (req) => ({
    data: await library.voices(callerOf(req).accountId, req.query.kind ?? 1),
  }));

  app.get('/covers', { schema: { response: { 200: CoverList } } }, async (req) => ({
    data: await library.covers(callerOf(req).accountId),
  }));

  app.get(
    '/credits/ledger',
    {
      schema: {
        querystring: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: { 200: Ledger },
      },
    },
    async (req) => credits.ledger(callerOf(req).accountId, req.query.page ?? 1, req.query.size ?? 50),
  );

  app.post('/estimate', { schema: { body: EstimateBody, response: { 200: Estimate } } }, async (req) => {
    const accountId = callerOf(req).accountId;
    const found = library.estimate(req.body, await credits.balance(accountId));
    if (!found) {
      throw ERRORS.invalid(
        `type '${req.body.type}' has no price: use a work type (video_tts, video_audio, video_template, video_image, video_sing, video_translate, audio_tts) or avatar_image`,
      );
    }
    return found;
  });
};
