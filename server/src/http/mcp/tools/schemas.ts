import { z } from 'zod';
import { FORMATS } from '../../plugins/validation.js';

/** A string checked by one of the HTTP API's formats, so both doors apply the same rules. */
const formatted = (schema: z.ZodString, name: 'plain-text' | 'http-url') =>
  schema.refine((v) => FORMATS[name]!.test(v), { message: `must be ${FORMATS[name]!.hint}` });

/** Input pieces several tools share; descriptions are written for an agent choosing arguments. */
export const page = z.number().int().min(1).default(1).describe('page number, from 1');

export const aigcFlag = z
  .number()
  .int()
  .min(0)
  .max(2)
  .optional()
  .describe('AIGC label on the output: 0 = follow the account setting (default), 1 = on, 2 = off');

export const workTitle = z
  .string()
  .optional()
  .describe(
    "title of the work, at most 20 characters (a longer one is cut to its first 20); default 'Untitled'",
  );

export const text = formatted(z.string().min(1).max(10000), 'plain-text').describe(
  'what is said, at most 10000 characters, plain text (no HTML tags)',
);

export const avatarId = z
  .string()
  .min(1)
  .describe('avatar id: from list_avatars, or from a finished avatar task (clone_avatar_by_image)');

export const voiceId = z
  .string()
  .min(1)
  .describe('voice id from list_voices (e.g. a public voice in the language of the text)');

export const taskIdOutput = {
  task_id: z.string().describe('id of the task that makes the result'),
  next_step: z.string(),
};

/** URL inputs are http(s) only, as in the HTTP API (other schemes are refused before any fetch). */
export const httpUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/\S+$/i, 'must be an http(s) URL');

export const svcId = z
  .string()
  .optional()
  .describe('third-party user id; required only with a token issued for an agent platform');
