import { Type } from 'typebox';

/** The task statuses of the spec's "States and transitions", with what each means to a caller. */
export const TASK_STATUS_MEANINGS = {
  1: 'waiting: queued, not started yet',
  2: 'processing: being made (see progress)',
  3: 'completed: the result fields are filled',
  4: 'failed: fail_code and fail_reason say why (reserved credits are refunded)',
} as const;

const statusText = Object.entries(TASK_STATUS_MEANINGS)
  .map(([n, meaning]) => `${n} = ${meaning}`)
  .join('; ');

/**
 * A task's status wherever a response carries one. An enum of 1–4 (a task never has another), so the
 * reference lists the values; responses are serialised, not validated, so this changes no reply.
 */
export const taskStatus = (example: 1 | 2 | 3 | 4 = 3) =>
  Type.Integer({
    enum: [1, 2, 3, 4],
    description: `task status: ${statusText}. Callbacks carry only 3 or 4.`,
    examples: [example],
  });

/**
 * The fields every task query (avatar, voice, work) answers after `status` and its result fields
 * (replies keep that order: fields are serialised in schema order).
 */
export const taskProgress = {
  progress: Type.Integer({
    description: 'percent done, 0 to 100 (100 once completed)',
    examples: [100],
  }),
  fail_code: Type.Optional(
    Type.Integer({
      description:
        'only when status is 4: the error code of the failure (e.g. 2013 audio, 2014 video, 2015 avatar cloning, 2016 image, 99 server fault)',
      examples: [2013],
    }),
  ),
  fail_reason: Type.Optional(
    Type.String({
      description: 'only when status is 4: why it failed and what to change',
      examples: ['could not fetch the audio: the server answered HTTP 404'],
    }),
  ),
};
