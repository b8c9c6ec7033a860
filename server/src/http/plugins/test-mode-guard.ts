import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ERRORS } from '../../errors/app-error.js';
import { liveTokenRefusal, testPreferences } from '../../services/test-mode.js';
import { readTestPreferences } from '../../services/test-outcomes.js';

/** Operations whose tasks test preferences can steer: the works, avatar and voice cloning. */
const STEERABLE =
  /\/api\/v2\/svc\/(video\/(create_by_\w+|translate)|audio\/create_by_tts|avatar\/create_by_(video|image)|voice\/create)$/;
/** The clone API's operation that test preferences steer (with the clone API's codes). */
const CLONE_STEERABLE = /\/api\/app\/v1\/clone\/avatar\/by_image$/;

/**
 * Before validation: a live token's request that asks for a test outcome (a reserved `test_…`
 * avatar or voice id, a `Prefer: likeness-…` preference) is refused with the family's parameter
 * code; a test token's `likeness-…` preferences are read into Caller.testPreferences, and refused with
 * it when unknown, malformed, or sent to an operation they cannot steer.
 */
export function refuseTestOutcomesWhenLive(
  req: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // Callback style, and nothing to look at in the usual request (no body, no Prefer): it runs for
  // every request, polls included.
  if (!req.caller || (req.body === undefined && req.headers.prefer === undefined)) return done();
  try {
    guard(req, req.caller);
    done();
  } catch (err) {
    done(err as Error);
  }
}

function guard(req: FastifyRequest, caller: NonNullable<FastifyRequest['caller']>): void {
  if (!caller.test) {
    const why = liveTokenRefusal(req.body, req.headers.prefer);
    if (why) throw ERRORS.invalid(why);
    return;
  }
  const preferences = testPreferences(req.headers.prefer);
  if (preferences.length === 0) return;
  const path = req.url.split('?')[0] ?? '';
  const clone = CLONE_STEERABLE.test(path);
  const read = readTestPreferences(preferences, clone ? 'clone' : 'svc');
  if (req.method !== 'POST' || !(clone || STEERABLE.test(path))) {
    throw ERRORS.invalid(
      `Prefer: ${preferences.join(', ')}: test outcomes steer works (POST video/create_by_*, ` +
        `video/translate, audio/create_by_tts), avatar/create_by_video, avatar/create_by_image, ` +
        `voice/create and the clone API's avatar/by_image, not ${req.method} ${path}`,
    );
  }
  caller.testPreferences = read;
}
