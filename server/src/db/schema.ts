import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are ISO-8601 UTC strings: portable across SQLite and PostgreSQL and sortable as text. */
type Iso = string;

export interface AccountsTable {
  id: string;
  name: string;
  plan: string;
  credit_balance: number;
  /** 1 = AIGC label on, 2 = off; applied when a request's aigc_flag is 0. */
  aigc_preference: number;
  callback_url: string | null;
  callback_secret: string;
  v2_callback: number;
  created_at: Iso;
  /** Credit-warning reminder: tell the account when its balance falls below this (0 = off). */
  credit_warning_threshold: Generated<number>;
  /** 1 from the debit that crossed the threshold until the balance is back at or above it. */
  credit_warning_sent: Generated<number>;
  /** Set on a test twin: the live account whose test tokens it holds (null: a live account). */
  live_account_id: Generated<string | null>;
}

export interface ApiTokensTable {
  id: string;
  account_id: string;
  token_hash: string;
  /** First characters of the token, for operators to tell tokens apart. */
  token_prefix: string;
  agent_platform: number;
  created_at: Iso;
  revoked_at: Iso | null;
}

export interface CreditEntriesTable {
  id: Generated<number>;
  account_id: string;
  delta: number;
  reason: string;
  task_id: string | null;
  idempotency_key: string | null;
  created_at: Iso;
}

export interface FilesTable {
  id: string;
  account_id: string;
  extension: string;
  content_type: string;
  category: string;
  max_bytes: number;
  size_bytes: number | null;
  sha256: string | null;
  state: string;
  blob_key: string;
  upload_expires_at: Iso;
  created_at: Iso;
  uploaded_at: Iso | null;
  /** The process receiving the upload while state is `uploading` (see lib/worker-identity). */
  upload_holder: Generated<string | null>;
  upload_started_at: Generated<Iso | null>;
}

export interface TasksTable {
  id: string;
  account_id: string;
  /** avatar | voice | work (video and audio) | cover */
  family: string;
  /** Operation, e.g. avatar_video, video_tts, audio_tts, video_translate. */
  type: string;
  status: number;
  progress: number;
  title: string | null;
  /** The avatar or voice this task makes; several tasks may share one (same video_url). */
  subject_id: string | null;
  input: string;
  /** Result ids and keys as JSON: avatar id, voice id, blob key, duration. */
  result: string | null;
  error_code: number | null;
  error_message: string | null;
  credits_reserved: number;
  credits_charged: number;
  attempts: number;
  created_at: Iso;
  started_at: Iso | null;
  finished_at: Iso | null;
  deleted_at: Iso | null;
}

export interface AvatarsTable {
  id: string;
  account_id: string | null;
  /** private (the owner's), team (a team space; not deletable by its members), public (shipped) */
  scope: string;
  title: string;
  source: string;
  source_key: string | null;
  /** ready | pending | failed */
  state: string;
  media_key: string | null;
  media_kind: string | null;
  width: number | null;
  height: number | null;
  duration_sec: number | null;
  /** SHA-256 of the stored media of a video avatar (names its kept region); null: not taken. */
  media_sha256: Generated<string | null>;
  /**
   * Where a video avatar's clip comes back to its own start (material frames at the avatars' rate):
   * its renders loop there with no seam. Null: no such point, or not looked for.
   */
  loop_cut_frames: Generated<number | null>;
  face: string | null;
  motion: string | null;
  task_id: string | null;
  created_at: Iso;
  deleted_at: Iso | null;
}

export interface VoicesTable {
  id: string;
  account_id: string | null;
  type: number;
  title: string;
  language: string;
  state: string;
  profile: string | null;
  rate: string;
  volume: string;
  pitch: string;
  sample_key: string | null;
  demo_key: string | null;
  task_id: string | null;
  created_at: Iso;
  deleted_at: Iso | null;
}

/** A voice the operator protects: samples too close to it are refused (code 1011). */
export interface ProtectedVoiceprintsTable {
  id: string;
  /** Who the voice belongs to, for the operator's list. */
  name: string;
  /** The Voiceprint as JSON. */
  voiceprint: string;
  /** Where it was measured (the sample's file name). */
  source: string | null;
  created_at: Iso;
}

/** Requests accepted outside the documented contract, counted per account, operation, field and kind. */
export interface ContractNotesTable {
  account_id: string;
  /** "POST /api/v2/svc/video/create_by_tts", or "mcp create_video_by_text". */
  operation: string;
  field: string;
  kind: string;
  /** The documented rule the request stepped outside of. */
  rule: string;
  count: number;
  first_at: Iso;
  last_at: Iso;
  last_request_id: string;
  /** What likeness did the last time, e.g. "cut from 25 to 20 characters". */
  last_done: string;
}

export interface CoversTable {
  id: string;
  account_id: string;
  style_id: string;
  blob_key: string;
  format: string;
  width: number;
  height: number;
  created_at: Iso;
}

export interface CallbackDeliveriesTable {
  id: string;
  account_id: string;
  task_id: string;
  event_type: number;
  url: string;
  body: string;
  /** pending | delivered | dead */
  state: string;
  attempts: number;
  next_attempt_at: Iso;
  last_status: number | null;
  last_error: string | null;
  /** How long the receiver took to answer the last attempt (null: no answer). */
  last_latency_ms: Generated<number | null>;
  /** Test mode: 'duplicate' (sent twice) or 'bad-signature' (signed with a wrong key); null: none. */
  test_fault: Generated<string | null>;
  created_at: Iso;
  finished_at: Iso | null;
}

export interface JobsTable {
  id: string;
  name: string;
  payload: string;
  /** queued | running | done | failed */
  state: string;
  attempts: number;
  max_attempts: number;
  run_at: Iso;
  locked_by: string | null;
  locked_at: Iso | null;
  /** A running job's claim holds until then; the worker renews it, any process takes back an expired one. */
  lease_until: Generated<Iso | null>;
  /** 1 once the job's work is no longer wanted; the running worker stops when it next renews. */
  cancel_requested: Generated<number>;
  /** When the BullMQ adapter published the row to Redis (null: not yet, or the embedded queue). */
  published_at: Generated<Iso | null>;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Iso;
  updated_at: Iso;
}

/** A console sign-in: the cookie holds a random id, the row its SHA-256. */
export interface ConsoleSessionsTable {
  id_hash: string;
  account_id: string;
  created_at: Iso;
  expires_at: Iso;
  ended_at: Iso | null;
}

/** A one-time sign-in code (`likeness console-link`), consumed by its first use. */
export interface ConsoleLinkCodesTable {
  code_hash: string;
  account_id: string;
  created_at: Iso;
  expires_at: Iso;
  used_at: Iso | null;
}

/** A token bucket of a rate limit (repositories/rate-limit.repository.ts). */
export interface RateBucketsTable {
  key: string;
  tokens: number;
  refilled_at_ms: number;
}

export interface Database {
  accounts: AccountsTable;
  api_tokens: ApiTokensTable;
  credit_entries: CreditEntriesTable;
  files: FilesTable;
  tasks: TasksTable;
  avatars: AvatarsTable;
  voices: VoicesTable;
  protected_voiceprints: ProtectedVoiceprintsTable;
  contract_notes: ContractNotesTable;
  covers: CoversTable;
  callback_deliveries: CallbackDeliveriesTable;
  jobs: JobsTable;
  rate_buckets: RateBucketsTable;
  console_sessions: ConsoleSessionsTable;
  console_link_codes: ConsoleLinkCodesTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type FileRow = Selectable<FilesTable>;
export type TaskRow = Selectable<TasksTable>;
export type NewTask = Insertable<TasksTable>;
export type TaskUpdate = Updateable<TasksTable>;
export type AvatarRow = Selectable<AvatarsTable>;
export type NewAvatar = Insertable<AvatarsTable>;
export type VoiceRow = Selectable<VoicesTable>;
export type NewVoice = Insertable<VoicesTable>;
export type ProtectedVoiceprintRow = Selectable<ProtectedVoiceprintsTable>;
export type CoverRow = Selectable<CoversTable>;
export type ContractNoteRow = Selectable<ContractNotesTable>;
export type CallbackDeliveryRow = Selectable<CallbackDeliveriesTable>;
export type JobRow = Selectable<JobsTable>;
export type ConsoleSessionRow = Selectable<ConsoleSessionsTable>;
