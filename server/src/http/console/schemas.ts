/**
 * The console's own JSON API under /console/api (the web console's backend; not part of either
 * spec, hidden from /docs). Schemas validate requests and serialise replies; the console in
 * `console/` imports the Static types, so both sides follow one definition.
 *
 * Errors: HTTP 4xx/5xx with `{ code, message, request_id }`, codes from the generation API's table
 * (11 bad parameter, 14 not found, 2003 not signed in) plus 403 for a cross-site request.
 * The spec's own operations are mirrored under /console/api/v2/svc/... with their exact shapes
 * (HTTP 200 + code), so the console calls them with the SDK's client and types.
 */
import { Type, type Static } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const ConsoleError = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  request_id: Type.String(),
});
export type ConsoleError = Static<typeof ConsoleError>;

export const SignInBody = Type.Union([
  Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
  Type.Object({ code: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
]);
export type SignInBody = Static<typeof SignInBody>;

/** The signed-in account, as every console page needs it. */
export const Me = Type.Object({
  account_id: Type.String(),
  name: Type.String(),
  plan: Type.String(),
  /** The account's tokens are issued for a third-party agent platform: covers need svc_id. */
  agent_platform: Type.Boolean(),
  /** First characters of the live token (the token itself is shown only when created or rotated). */
  token_prefix: Type.String(),
  /** Credits that can be spent now (reservations already taken off). */
  balance: Type.Integer(),
  /** Credits held by waiting and processing tasks. */
  reserved: Type.Integer(),
  /** Credit-warning reminder: 0 = off. */
  credit_warning_threshold: Type.Integer({ minimum: 0 }),
  /** The balance is below the threshold (the console shows a banner; one callback per crossing). */
  credit_warning_active: Type.Boolean(),
  /** AIGC label preference that `aigc_flag` 0 follows: 1 on, 2 off. */
  aigc: Type.Union([Type.Literal(1), Type.Literal(2)]),
  callback_url: Nullable(Type.String()),
  /** V2 event callbacks: avatar and voice cloning messages too. */
  v2_callback: Type.Boolean(),
  session_expires_at: Type.String(),
  /** Signed in with a test token: the console shows the test data, apart from live. */
  test_mode: Type.Boolean(),
  /** A live account's test mode: its test token's first characters and test balance; null before one is made. */
  test: Nullable(Type.Object({ token_prefix: Type.String(), balance: Type.Integer() })),
});
export type Me = Static<typeof Me>;

export const SettingsPatch = Type.Object(
  {
    /** An http(s) URL, or null / "" to clear. */
    callback_url: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    v2_callback: Type.Optional(Type.Boolean()),
    aigc: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
    credit_warning_threshold: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  },
  { additionalProperties: false },
);
export type SettingsPatch = Static<typeof SettingsPatch>;

/** A new API token: shown once. */
export const NewToken = Type.Object({ token: Type.String(), token_prefix: Type.String() });
export type NewToken = Static<typeof NewToken>;

export const CallbackSecret = Type.Object({ secret: Type.String() });
export type CallbackSecret = Static<typeof CallbackSecret>;

export const DeliveryRef = Type.Object({ delivery_id: Type.String() });
export type DeliveryRef = Static<typeof DeliveryRef>;

export const Delivery = Type.Object({
  id: Type.String(),
  /** 0 test, 1 work, 2 avatar cloning, 3 voice cloning, 4 credit warning */
  event_type: Type.Integer(),
  task_id: Type.String(),
  url: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('dead')]),
  attempts: Type.Integer(),
  /** HTTP status of the last answer (null: no answer: refused, timed out, blocked address). */
  last_status: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  last_latency_ms: Nullable(Type.Integer()),
  /** When the next attempt is due (null once delivered or given up). */
  next_attempt_at: Nullable(Type.String()),
  created_at: Type.String(),
  finished_at: Nullable(Type.String()),
  /** The JSON body that was (or will be) POSTed. */
  body: Type.String(),
});
export type Delivery = Static<typeof Delivery>;
export const DeliveryList = Type.Object({ data: Type.Array(Delivery) });
export type DeliveryList = Static<typeof DeliveryList>;

export const LedgerEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  delta: Type.Integer(),
  /** topup | adjust | reserve | release | refund */
  reason: Type.String(),
  task_id: Nullable(Type.String()),
  balance_after: Type.Integer(),
  /** The task's type (video_tts, clone_avatar, ...), null without a task. */
  task_type: Nullable(Type.String()),
  /** raised: a reservation raised once the input was measured; cancelled: a refund of a deleted task. */
  note: Nullable(Type.Union([Type.Literal('raised'), Type.Literal('cancelled')])),
});
export type LedgerEntry = Static<typeof LedgerEntry>;
export const Ledger = Type.Object({ data: Type.Array(LedgerEntry), total: Type.Integer() });
export type Ledger = Static<typeof Ledger>;

export const TaskItem = Type.Object({
  task_id: Type.String(),
  /** avatar | voice | work (covers are made at once, not as tasks: see /console/api/covers) */
  family: Type.String(),
  /** e.g. video_tts, video_audio, audio_tts, avatar_video, voice_clone */
  type: Type.String(),
  title: Nullable(Type.String()),
  /** 1 waiting, 2 processing, 3 completed, 4 failed */
  status: Type.Integer(),
  /** 0–100 */
  progress: Type.Integer(),
  code: Nullable(Type.Integer()),
  message: Nullable(Type.String()),
  created_at: Type.String(),
  finished_at: Nullable(Type.String()),
  credits: Type.Integer(),
  /** Result of a completed task: the made avatar or voice, or a work's file (video or audio). */
  avatar: Nullable(Type.String()),
  voice: Nullable(Type.String()),
  /** Signed download URL of a finished work (video/mp4 or audio), null otherwise. */
  media_url: Nullable(Type.String()),
  media_kind: Nullable(Type.Union([Type.Literal('video'), Type.Literal('audio')])),
  /** A still of a finished video work, for the player's poster (null: audio, or none taken). */
  poster_url: Nullable(Type.String()),
  duration: Nullable(Type.Number()),
});
export type TaskItem = Static<typeof TaskItem>;
export const TaskList = Type.Object({ data: Type.Array(TaskItem) });
export type TaskList = Static<typeof TaskList>;

export const FaceReport = Type.Record(Type.String(), Type.Unknown());

export const AvatarDetail = Type.Object({
  avatar: Type.String(),
  /** 1 own, 2 public */
  kind: Type.Integer(),
  title: Type.String(),
  /** ready | pending | failed */
  state: Type.String(),
  media_url: Nullable(Type.String()),
  media_kind: Nullable(Type.String()),
  /** A still of a video avatar, for the player's poster (null for pictures). */
  poster_url: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  duration_sec: Nullable(Type.Number()),
  /** The face quality report stored when the avatar was made (null: none). */
  face: Nullable(FaceReport),
  created_at: Type.String(),
});
export type AvatarDetail = Static<typeof AvatarDetail>;
export const AvatarDetailList = Type.Object({ data: Type.Array(AvatarDetail) });
export type AvatarDetailList = Static<typeof AvatarDetailList>;

export const VoiceDetail = Type.Object({
  voice: Type.String(),
  kind: Type.Integer(),
  type: Type.Integer(),
  title: Type.String(),
  language: Type.String(),
  state: Type.String(),
  rate: Type.String(),
  volume: Type.String(),
  pitch: Type.String(),
  demo_url: Nullable(Type.String()),
  created_at: Type.String(),
});
export type VoiceDetail = Static<typeof VoiceDetail>;
export const VoiceDetailList = Type.Object({ data: Type.Array(VoiceDetail) });
export type VoiceDetailList = Static<typeof VoiceDetailList>;

export const CoverItem = Type.Object({
  cover_id: Type.String(),
  style_id: Type.String(),
  url: Type.String(),
  format: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  created_at: Type.String(),
});
export type CoverItem = Static<typeof CoverItem>;
export const CoverList = Type.Object({ data: Type.Array(CoverItem) });
export type CoverList = Static<typeof CoverList>;

export const EstimateBody = Type.Object(
  {
    /** A work type (video_tts, video_audio, video_template, video_image, video_sing, video_translate, audio_tts) or avatar_image. */
    type: Type.String({ minLength: 1, maxLength: 40 }),
    /** The text to speak (works from text). */
    text: Type.Optional(Type.String({ maxLength: 10000 })),
    /** Length of the uploaded audio or video (works from a file); a minute is assumed when absent. */
    seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 36000 })),
  },
  { additionalProperties: false },
);
export type EstimateBody = Static<typeof EstimateBody>;
export const Estimate = Type.Object({
  /** Credits the work is expected to cost (the output's estimated length at the price). */
  charge: Type.Integer(),
  /** Credits held while it runs: works from a file reserve a minute until the file is measured. */
  credits: Type.Integer(),
  /** Credits per minute of output (0 for flat prices). */
  per_minute: Type.Integer(),
  /** Output length the estimate assumes (0 for flat prices). */
  seconds: Type.Number(),
  balance: Type.Integer(),
  /** How the real charge is settled. */
  note: Type.String(),
});
export type Estimate = Static<typeof Estimate>;
