import { AppError, ERRORS } from '../errors/app-error.js';
import { CloneCode, SvcCode } from '../errors/codes.js';
import { PREFER_PREFIX, RESERVED_ID_PREFIX } from './test-mode.js';

/**
 * Outcomes on demand for test tokens: what a reserved avatar or voice id, or a `Prefer:
 * likeness-outcome=…` preference, makes a work submission do instead of its real work.
 *
 * - `refuse` answers the submission itself with the code (no task);
 * - `fail` accepts it and ends the task with the code, as a failing render would;
 * - `wait` accepts it and leaves the task waiting (status 1) until it is deleted;
 * - `slow` accepts it, takes that many seconds with progress, then renders it (as a draft).
 */
export type TestOutcome =
  | { kind: 'refuse'; code: number }
  | { kind: 'fail'; code: number }
  | { kind: 'wait' }
  | { kind: 'slow'; seconds: number };

/** The longest delay a test task takes (`test_slow_<N>s`, `likeness-delay`): ten minutes. */
export const MAX_DELAY_SEC = 600;

/**
 * What a slow test work renders in place of its reserved id: a shipped avatar and voice, so it
 * completes with a real (draft) video.
 */
export const SLOW_STAND_INS = { avatar: 'pub-avatar-lin', voice: 'pub-en-emma' } as const;

/** `30s`, `2m`, `90` (seconds) as seconds, 1 to MAX_DELAY_SEC; null when it is none of these. Pure. */
export function delaySeconds(text: string): number | null {
  const m = /^(\d{1,4})(s|m)?$/i.exec(text.trim());
  if (!m) return null;
  const sec = Number(m[1]) * (m[2]?.toLowerCase() === 'm' ? 60 : 1);
  return sec >= 1 && sec <= MAX_DELAY_SEC ? sec : null;
}

/** What a code's realistic failure says, given the operation (`video_tts`, ...). */
type Failure = (operation: string) => AppError;

const TEST_NOTE = ' (test outcome)';
const withNote = (e: AppError) => new AppError(e.code, `${e.message}${TEST_NOTE}`, e.details);

/**
 * Every generation-API code a work submission or a work task can end with, its realistic message,
 * and when the real service gives it: at submission only, or at submission and in the task.
 */
const FAILURES: ReadonlyMap<number, { inTask: boolean; failure: Failure }> = new Map<
  number,
  { inTask: boolean; failure: Failure }
>([
  [
    SvcCode.InvalidParameter,
    { inTask: false, failure: () => ERRORS.invalid('text is empty: send the words to speak') },
  ],
  [SvcCode.NotFound, { inTask: false, failure: () => ERRORS.notFound('avatar', 'a_0000') }],
  [SvcCode.TooManyActiveWorks, { inTask: false, failure: () => ERRORS.tooManyActiveWorks(5) }],
  [SvcCode.InsufficientCredits, { inTask: true, failure: () => ERRORS.insufficientCredits(12, 3) }],
  [SvcCode.MembershipRequired, { inTask: false, failure: (op) => ERRORS.membershipRequired(op, 'basic') }],
  [
    SvcCode.MembershipLevelTooLow,
    { inTask: false, failure: (op) => ERRORS.membershipTooLow(op, 'pro', 'basic') },
  ],
  [
    SvcCode.HifiVoiceSoldOut,
    {
      inTask: false,
      failure: () =>
        new AppError(SvcCode.HifiVoiceSoldOut, 'high-fidelity voice is sold out; try again later'),
    },
  ],
  [SvcCode.VoiceProtected, { inTask: true, failure: () => ERRORS.voiceProtected() }],
  [SvcCode.VoiceCloneLimit, { inTask: false, failure: () => ERRORS.voiceCloneLimit(50) }],
  [SvcCode.DailyWorkLimit, { inTask: false, failure: () => ERRORS.dailyWorkLimit(200) }],
  [
    SvcCode.FileTooLarge,
    {
      inTask: false,
      failure: () => ERRORS.fileTooLarge('the audio file (file_id)', 100 * 1024 * 1024, 131_072_000),
    },
  ],
  [
    SvcCode.FileTypeUnsupported,
    {
      inTask: false,
      failure: () => ERRORS.fileType('the audio file (file_id) must be mp3, wav or m4a, got ogg'),
    },
  ],
  [
    SvcCode.AudioResourceFailed,
    {
      inTask: true,
      failure: () => ERRORS.audio('the audio (audio_url) could not be fetched: the server answered HTTP 404'),
    },
  ],
  [
    SvcCode.VideoResourceFailed,
    {
      inTask: true,
      failure: () => ERRORS.video('the avatar video could not be read: the file is not readable media'),
    },
  ],
  [
    SvcCode.AvatarCloneFailed,
    {
      inTask: true,
      failure: () =>
        ERRORS.avatarClone(
          'no face was found in the video; use a clip where a face at least 40 px wide is clearly visible',
        ),
    },
  ],
  [
    SvcCode.ImageResourceFailed,
    {
      inTask: true,
      failure: () =>
        ERRORS.image('the image (image_file_id) could not be read: the file is not a readable picture'),
    },
  ],
  [SvcCode.Internal, { inTask: true, failure: () => ERRORS.internal() }],
]);

const codesWhere = (inTask: boolean) =>
  [...FAILURES].filter(([, f]) => !inTask || f.inTask).map(([code]) => code);

/** Codes `refuse` can give (every one) and `fail` can give (those a task can end with). */
export const REFUSE_CODES: readonly number[] = codesWhere(false);
export const FAIL_CODES: readonly number[] = codesWhere(true);

/** The codes each kind of task can fail with, as the real service's would. */
export const FAIL_CODES_OF: Readonly<Record<'work' | 'avatar' | 'voice', readonly number[]>> = {
  work: [1002, 2013, 2014, 2015, 2016, 99],
  avatar: [2014, 2015, 2016, 99],
  voice: [1011, 2013, 99],
};

/** The clone API's codes its clone operation answers with, and their realistic failures. */
const CLONE_REFUSALS: ReadonlyMap<number, () => AppError> = new Map<number, () => AppError>([
  [
    CloneCode.InvalidInput,
    () => cloneError(SvcCode.InvalidParameter, CloneCode.InvalidInput, 'file_id is required'),
  ],
  [
    CloneCode.RateLimited,
    () =>
      cloneError(
        SvcCode.InvalidParameter,
        CloneCode.RateLimited,
        'at most 10 clone requests a minute; retry shortly',
      ),
  ],
  [CloneCode.ServerError, () => ERRORS.internal()],
  [CloneCode.InsufficientCredits, () => ERRORS.insufficientCredits(20, 3)],
  [
    CloneCode.CategoryMismatch,
    () =>
      cloneError(
        SvcCode.FileTypeUnsupported,
        CloneCode.CategoryMismatch,
        'the file (file_id) is an audio file; send a portrait image',
      ),
  ],
  [
    CloneCode.ProviderError,
    () =>
      cloneError(
        SvcCode.AvatarCloneFailed,
        CloneCode.ProviderError,
        'the avatar could not be cloned from this portrait; try another',
      ),
  ],
  [
    CloneCode.ProviderTimeout,
    () =>
      cloneError(
        SvcCode.AvatarCloneFailed,
        CloneCode.ProviderTimeout,
        'cloning the avatar took too long; try again',
      ),
  ],
  [
    CloneCode.InvalidModel,
    () =>
      cloneError(
        SvcCode.InvalidParameter,
        CloneCode.InvalidModel,
        'this server clones with its one model; leave the model out',
      ),
  ],
  [
    CloneCode.PaidPlanRequired,
    () =>
      cloneError(
        SvcCode.MembershipRequired,
        CloneCode.PaidPlanRequired,
        "clone_avatar needs a membership (plan 'basic' or higher)",
      ),
  ],
  [
    CloneCode.AssetLimitReached,
    () =>
      cloneError(
        SvcCode.InvalidParameter,
        CloneCode.AssetLimitReached,
        'this account already has 50 avatars; delete one first',
      ),
  ],
]);

function cloneError(code: SvcCode, cloneCode: CloneCode, message: string): AppError {
  return new AppError(code, message, { cloneCode });
}

/** Codes the clone API's clone operation can be refused with on demand. */
export const CLONE_REFUSE_CODES: readonly number[] = [...CLONE_REFUSALS.keys()];

/** The clone API's error a `refuse` outcome of `code` stands for, marked as a test outcome. Pure. */
export function cloneOutcomeError(code: number): AppError {
  const f = CLONE_REFUSALS.get(code);
  if (!f) throw new RangeError(`no clone-API refusal for code ${code}`);
  return withNote(f());
}

/**
 * Checks that a task of `family` can end as `outcome` asks; refuses with 11 otherwise (a voice
 * clone failing with 2015, an avatar that waits for ever). Pure.
 */
export function checkOutcomeFor(family: 'work' | 'avatar' | 'voice', outcome: TestOutcome): void {
  if (outcome.kind === 'fail' && !FAIL_CODES_OF[family].includes(outcome.code)) {
    throw ERRORS.invalid(
      `a ${family} task can fail with ${FAIL_CODES_OF[family].join(', ')}, not ${outcome.code}` +
        (REFUSE_CODES.includes(outcome.code) ? `; ask to refuse with ${outcome.code} instead` : ''),
    );
  }
  if (family !== 'work' && (outcome.kind === 'wait' || outcome.kind === 'slow')) {
    throw ERRORS.invalid(
      `a ${family} task cannot be asked to ${outcome.kind}; likeness-delay makes it take its time`,
    );
  }
}

/** What a test token's avatar or voice submission stores beside its input (CallbackService, the test job). */
export interface TestTaskInput {
  /** A work's tasks store fail and wait outcomes; avatars' and voices', fail. */
  testOutcome?: TestOutcome;
  testDelaySec?: number;
  testCallback?: CallbackFault;
}

/**
 * A test token's avatar or voice submission, as its `Prefer` preferences ask: refused at once
 * (throws the code's error), or the fields to store with it and whether its test job runs first;
 * null when it asks for nothing. Pure.
 */
export function testTaskOf(
  preferences: TestPreferences | undefined,
  family: 'avatar' | 'voice',
  operation: string,
  api: ApiFamily = 'svc',
): { input: TestTaskInput; runsTestJob: boolean } | null {
  if (!preferences) return null;
  const { outcome, delaySec, callback } = preferences;
  if (!outcome && delaySec === null && !callback) return null;
  if (outcome) {
    checkOutcomeFor(family, outcome);
    if (outcome.kind === 'refuse') {
      throw api === 'clone' ? cloneOutcomeError(outcome.code) : outcomeError(outcome.code, operation);
    }
  }
  const input: TestTaskInput = {};
  if (outcome) input.testOutcome = outcome;
  if (delaySec !== null) input.testDelaySec = delaySec;
  if (callback) input.testCallback = callback;
  return { input, runsTestJob: input.testOutcome !== undefined || input.testDelaySec !== undefined };
}

/** The error a test outcome's code stands for, marked as a test outcome. Pure. */
export function outcomeError(code: number, operation: string): AppError {
  const f = FAILURES.get(code);
  if (!f) throw new RangeError(`no test failure for code ${code}`);
  return withNote(f.failure(operation));
}

const RESERVED_IDS =
  `${RESERVED_ID_PREFIX}fail_<code> (the task fails with it: ${FAIL_CODES.join(', ')}), ` +
  `${RESERVED_ID_PREFIX}refuse_<code> (the submission is refused with it: ${REFUSE_CODES.join(', ')}) ` +
  `${RESERVED_ID_PREFIX}wait (the task waits until deleted) and ${RESERVED_ID_PREFIX}slow_<N>s ` +
  `(the task takes N seconds, 1 to ${MAX_DELAY_SEC}, with progress, then completes)`;

/** The API family a request belongs to: the generation API's codes, or the clone API's. */
export type ApiFamily = 'svc' | 'clone';

function checked(kind: 'refuse' | 'fail', code: number, said: string, api: ApiFamily = 'svc'): TestOutcome {
  const allowed =
    kind === 'fail'
      ? api === 'clone'
        ? FAIL_CODES_OF.avatar
        : FAIL_CODES
      : api === 'clone'
        ? CLONE_REFUSE_CODES
        : REFUSE_CODES;
  if (!allowed.includes(code)) {
    const hint =
      kind === 'fail' && REFUSE_CODES.includes(code)
        ? `; ${code} is given at submission only: ask to refuse with it`
        : '';
    throw ERRORS.invalid(
      `${said}: a task can ${kind === 'fail' ? 'fail' : 'be refused'} with ${allowed.join(', ')}${hint}`,
    );
  }
  return { kind, code };
}

/** The outcome a reserved id asks for (it starts with RESERVED_ID_PREFIX); refuses unknown ones. Pure. */
export function outcomeOfId(field: string, id: string): TestOutcome {
  const rest = id.slice(RESERVED_ID_PREFIX.length);
  if (rest === 'wait') return { kind: 'wait' };
  const slow = /^slow_(.+)$/.exec(rest);
  if (slow) {
    const seconds = delaySeconds(slow[1]!);
    if (seconds === null) {
      throw ERRORS.invalid(
        `${field} '${id}': a slow test task takes 1 to ${MAX_DELAY_SEC} seconds, as test_slow_30s`,
      );
    }
    return { kind: 'slow', seconds };
  }
  const m = /^(fail|refuse)_(\d{1,4})$/.exec(rest);
  if (m) return checked(m[1] as 'fail' | 'refuse', Number(m[2]), `${field} '${id}'`);
  throw ERRORS.invalid(`${field} '${id}' is not a reserved test id; the reserved ids are ${RESERVED_IDS}`);
}

/** How a test work's completion callback misbehaves (`Prefer: likeness-callback=…`). */
export const CALLBACK_FAULTS = ['duplicate', 'late', 'bad-signature', 'out-of-order', 'drop'] as const;
export type CallbackFault = (typeof CALLBACK_FAULTS)[number];

/** What a test token's `likeness-…` preferences ask of one request. */
export interface TestPreferences {
  outcome: TestOutcome | null;
  callback: CallbackFault | null;
  /** `likeness-delay`: seconds the task takes before its outcome (or its render). */
  delaySec: number | null;
}

/** The preferences test mode knows. */
const KNOWN =
  'likeness-outcome=fail; code=<code>, likeness-outcome=refuse; code=<code>, likeness-outcome=wait ' +
  `likeness-delay=<N>s and likeness-callback=${CALLBACK_FAULTS.join('|')}`;

/**
 * What `likeness-…` preferences (testPreferences) ask for; refuses unknown, malformed or repeated
 * ones, naming them. Pure.
 */
export function readTestPreferences(preferences: readonly string[], api: ApiFamily = 'svc'): TestPreferences {
  const read: TestPreferences = { outcome: null, callback: null, delaySec: null };
  for (const p of preferences) {
    const [head = '', ...params] = p.split(';').map((s) => s.trim());
    const [name, value = ''] = head.split('=').map((s) => s.trim().toLowerCase());
    if (name === `${PREFER_PREFIX}callback`) {
      if (read.callback) throw ERRORS.invalid(`Prefer: '${p}': one likeness-callback per request`);
      if (!(CALLBACK_FAULTS as readonly string[]).includes(value) || params.length > 0) {
        throw ERRORS.invalid(`Prefer: '${p}' is malformed; likeness knows ${KNOWN}`);
      }
      read.callback = value as CallbackFault;
      continue;
    }
    if (name === `${PREFER_PREFIX}delay`) {
      if (read.delaySec !== null) throw ERRORS.invalid(`Prefer: '${p}': one likeness-delay per request`);
      const sec = params.length === 0 ? delaySeconds(value) : null;
      if (sec === null) {
        throw ERRORS.invalid(
          `Prefer: '${p}' is malformed; a delay is 1 to ${MAX_DELAY_SEC} seconds, as likeness-delay=30s`,
        );
      }
      read.delaySec = sec;
      continue;
    }
    if (name !== `${PREFER_PREFIX}outcome`) {
      throw ERRORS.invalid(`Prefer: '${p}' is not a preference likeness knows; it knows ${KNOWN}`);
    }
    if (read.outcome) throw ERRORS.invalid(`Prefer: '${p}': one likeness-outcome per request`);
    if (value === 'wait' && params.length === 0) {
      read.outcome = { kind: 'wait' };
      continue;
    }
    const code = params.length === 1 ? /^code=(\d{1,4})$/i.exec(params[0]!.replace(/\s+/g, '')) : null;
    if ((value !== 'fail' && value !== 'refuse') || !code) {
      throw ERRORS.invalid(`Prefer: '${p}' is malformed; likeness knows ${KNOWN}`);
    }
    read.outcome = checked(value, Number(code[1]), `Prefer: '${p}'`, api);
  }
  return read;
}
