import type { Db } from '../db/connect.js';
import type { CatalogueAsset } from '../storage/blob-keys.js';

export const JobName = {
  AvatarCreate: 'avatar.create',
  VoiceCreate: 'voice.create',
  WorkRender: 'work.render',
  CallbackDeliver: 'callback.deliver',
  CatalogueRender: 'catalogue.render',
  TestOutcome: 'test.outcome',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** Payloads carry ids only: the database row is the source of truth. */
export interface JobPayloads {
  'avatar.create': { taskId: string };
  'voice.create': { taskId: string };
  'work.render': { taskId: string };
  'callback.deliver': { deliveryId: string };
  /** A preview or demo of the catalogue (a template, a cover style, a public voice) by its id. */
  'catalogue.render': { kind: CatalogueAsset; id: string };
  /** A test token's task that ends as its test outcome asks (services/test-outcomes). */
  'test.outcome': { taskId: string };
}

export interface JobContext {
  signal: AbortSignal;
  attempt: number;
  maxAttempts: number;
  reportProgress(percent: number): Promise<void>;
}

export interface JobHandler<N extends JobName = JobName> {
  name: N;
  run(payload: JobPayloads[N], ctx: JobContext): Promise<void>;
  /** Called once when the job will not run again (permanent error or attempts exhausted). */
  onGiveUp?(payload: JobPayloads[N], error: unknown): Promise<void>;
}

/**
 * Lanes: heavy media work for users, light network work, and the catalogue's own renders do not
 * queue behind each other (a fresh install's catalogue never delays a user's first video).
 */
export const LANES = ['media', 'io', 'background'] as const;
export type Lane = (typeof LANES)[number];

/**
 * Whether a process should leave a job of `lane` for later: background work (the catalogue's
 * renders) starts only while the process runs no users' media work, so it never takes CPU from them
 * (it may still finish a job that started before). Pure.
 */
export function laneYields(lane: Lane, mediaJobsRunning: number): boolean {
  return lane === 'background' && mediaJobsRunning > 0;
}

/** How many jobs of a lane one process runs at once: media from config, the others fixed. */
export function laneConcurrency(lane: Lane, mediaConcurrency: number): number {
  return lane === 'media' ? mediaConcurrency : lane === 'io' ? 4 : 1;
}

export interface JobOptions {
  attempts: number;
  /** Seconds before each retry; the last value repeats. */
  backoffSec: number[];
  lane: Lane;
}

/** Retry policy is data. */
export const JOB_OPTIONS: Record<JobName, Omit<JobOptions, 'attempts'> & { attempts?: number }> = {
  'avatar.create': { backoffSec: [5, 30], lane: 'media' },
  'voice.create': { backoffSec: [5, 30], lane: 'media' },
  'work.render': { backoffSec: [5, 30], lane: 'media' },
  // Callback retries follow the account-facing schedule and are driven by the delivery row itself:
  // a failed POST is recorded there and never throws. The job's own attempts are for a process
  // that died mid-delivery (or a database error): the same delivery, with the same
  // x-likeness-delivery id, is sent again instead of staying pending for ever.
  'callback.deliver': { backoffSec: [0, 5], lane: 'io', attempts: 3 },
  // Enqueued with the asset's blob key as dedupe key: one render per asset however many ask.
  'catalogue.render': { backoffSec: [5, 30], lane: 'background' },
  // No media work: a status change or two, on the light lane.
  'test.outcome': { backoffSec: [1, 5], lane: 'io' },
};

export interface EnqueueOptions {
  /** Run no earlier than this. */
  runAt?: Date;
  /** At most one live job per key. */
  dedupeKey?: string;
  /** Enqueue inside the caller's transaction (in-process backend), so the task and its job commit together. */
  trx?: Db;
}

export interface JobQueue {
  /** Returns the new job's id, or null when a live job with the same dedupe key exists. */
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], opts?: EnqueueOptions): Promise<string | null>;
  /**
   * Starts running jobs with these handlers (one per JobName, see registry.ts); a process that
   * only enqueues (`serve --role api`) starts with none. Handlers come at start rather than at
   * construction because they use the services, which enqueue through this queue.
   */
  start(handlers: Map<JobName, JobHandler>): Promise<void>;
  /** Stops taking jobs, aborts in-flight work and waits for it to settle. */
  stop(): Promise<void>;
  /**
   * Stops the job enqueued with this dedupe key, if any (its work is no longer wanted), in whichever
   * process runs it.
   */
  cancel(dedupeKey: string): Promise<void>;
  /** Resolves when no job is due or running (tests). */
  drain(timeoutMs?: number): Promise<void>;
}

/** A failure that retrying cannot fix (bad input, missing task). */
export class UnrecoverableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnrecoverableError';
  }
}
