import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config, EncoderPreset } from './config.js';
import { migrateToLatest, openPostgres, openSqlite, type Db } from './db/connect.js';
import { dialectOf } from './db/dialect.js';
import { newWorkerIdentity } from './lib/worker-identity.js';
import { processScratchDir, sweepScratch } from './lib/scratch-dir.js';
import { BullJobQueue } from './jobs/bullmq-queue.js';
import { InProcessJobQueue } from './jobs/in-process-queue.js';
import type { JobQueue } from './jobs/job-queue.js';
import { buildHandlerRegistry } from './jobs/registry.js';
import { avatarCreateJob } from './jobs/handlers/avatar-create.job.js';
import { callbackDeliverJob } from './jobs/handlers/callback-deliver.job.js';
import { renderVoiceDemo, voiceCreateJob } from './jobs/handlers/voice-create.job.js';
import { workRenderJob } from './jobs/handlers/work-render.job.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import { resolveMediaBinaries, type MediaBinaries } from './media/binaries.js';
import { createFaceDetector, type FaceDetector } from './media/face/index.js';
import { createSpeechEngine, type SpeechEngine } from './media/speech/index.js';
import { createSafeFetcher, type SafeFetcher } from './net/safe-fetch.js';
import { AccountRepository } from './repositories/account.repository.js';
import { AvatarRepository } from './repositories/avatar.repository.js';
import { CallbackRepository } from './repositories/callback.repository.js';
import { ContractNoteRepository } from './repositories/contract-note.repository.js';
import { CoverRepository } from './repositories/cover.repository.js';
import { CreditRepository } from './repositories/credit.repository.js';
import { FileRepository } from './repositories/file.repository.js';
import { JobRepository } from './repositories/job.repository.js';
import { TaskRepository } from './repositories/task.repository.js';
import { RateLimitRepository } from './repositories/rate-limit.repository.js';
import { ProtectedVoiceprintRepository } from './repositories/protected-voiceprint.repository.js';
import { VoiceRepository } from './repositories/voice.repository.js';
import { AccountService } from './services/account.service.js';
import { AvatarService } from './services/avatar.service.js';
import { CallbackService } from './services/callback.service.js';
import { CatalogueService } from './services/catalogue.service.js';
import { ContractService } from './services/contract.service.js';
import { CoverService } from './services/cover.service.js';
import { CreditService } from './services/credit.service.js';
import { InputService } from './services/input.service.js';
import { TaskService } from './services/task.service.js';
import { UploadService } from './services/upload.service.js';
import { UrlSigner } from './services/url-signer.js';
import { ProtectedVoiceService } from './services/protected-voice.service.js';
import { VoiceService } from './services/voice.service.js';
import { WorkService } from './services/work.service.js';
import { LocalDiskBlobStore } from './storage/local-disk-blob-store.js';
import { S3BlobStore } from './storage/s3-blob-store.js';
import type { BlobStore } from './storage/blob-store.js';
import { renderTemplateDemo } from './jobs/handlers/template-demo.js';

/** The media engine as the jobs see it. */
export interface MediaToolkit {
  bins: MediaBinaries;
  speech: SpeechEngine;
  /** The face model loads on first use (it takes a moment and most requests never need it). */
  faces(): Promise<FaceDetector>;
  fetcher: SafeFetcher;
  tmpDir: string;
  encoderPreset: EncoderPreset;
}

export interface Container {
  config: Config;
  /** This process, as recorded on the jobs and uploads it holds (lib/worker-identity). */
  instance: string;
  clock: Clock;
  log: Logger;
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
  media: MediaToolkit;
  /** For the serving process: recover from an interrupted run, seed the catalogue, start the workers. */
  start(): Promise<void>;
  services: {
    accounts: AccountService;
    credits: CreditService;
    uploads: UploadService;
    urls: UrlSigner;
    tasks: TaskService;
    callbacks: CallbackService;
    avatars: AvatarService;
    voices: VoiceService;
    protectedVoices: ProtectedVoiceService;
    works: WorkService;
    catalogue: CatalogueService;
    contract: ContractService;
    covers: CoverService;
    inputs: InputService;
  };
  close(): Promise<void>;
}

/** What a process does: everything (the default), only the HTTP APIs, or only the workers. */
export type ProcessRole = 'all' | 'api' | 'worker';

export interface ContainerOptions {
  role?: ProcessRole;
  clock?: Clock;
  log?: Logger;
  /** Tests override the fetcher's resolver or limits. */
  fetcher?: SafeFetcher;
}

/**
 * How old an interrupted write must be before start-up removes it, per store. Local disk: a partial
 * file being written is touched by every chunk, so one idle for an hour was abandoned. S3: an
 * incomplete multipart upload is dated by its start only, and a slow 500 MB upload (or a worker's
 * long result upload) may still be running after hours, so a day.
 */
const PARTIAL_BLOB_AGE_MS: Record<BlobStore['kind'], number> = {
  local: 3600_000,
  s3: 24 * 3600_000,
};

/** The signing secret: from config, else generated once and kept in the data dir so URLs survive restarts. */
function signingSecret(config: Config): string {
  if (config.signingSecret) return config.signingSecret;
  const file = join(config.dataDir, 'signing.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The one composition root: picks adapters from config and wires repositories → services → jobs. */
export async function createContainer(config: Config, opts: ContainerOptions = {}): Promise<Container> {
  const clock = opts.clock ?? systemClock;
  const log = opts.log ?? createLogger(config.server.logLevel);
  const role = opts.role ?? 'all';
  /** This process, as recorded on the jobs and uploads it holds. */
  const instance = newWorkerIdentity();
  mkdirSync(config.dataDir, { recursive: true });
  // Scratch files of this process only: other processes may share the data dir.
  const tmpDir = processScratchDir(join(config.dataDir, 'tmp'), instance);

  const db = config.database.url
    ? await openPostgres(config.database.url)
    : openSqlite(join(config.dataDir, 'likeness.db'));
  await migrateToLatest(db);
  const blobs: BlobStore = config.blobs.s3
    ? new S3BlobStore(config.blobs.s3)
    : new LocalDiskBlobStore(join(config.dataDir, 'blobs'));

  const repos = {
    accounts: new AccountRepository(db),
    credits: new CreditRepository(db),
    files: new FileRepository(db),
    // The task-row cache is exact only where every write goes through this process: the embedded
    // SQLite database and queue with API and workers in one process (see TaskRepository). Separate
    // processes need PostgreSQL (cli/roles.ts), so none writes behind this one's back.
    tasks: new TaskRepository(db, {
      cacheReads: dialectOf(db) === 'sqlite' && role === 'all' && config.queue.redisUrl === null,
    }),
    avatars: new AvatarRepository(db),
    voices: new VoiceRepository(db),
    voiceprints: new ProtectedVoiceprintRepository(db),
    covers: new CoverRepository(db),
    contractNotes: new ContractNoteRepository(db),
    callbacks: new CallbackRepository(db),
    jobs: new JobRepository(db),
    rateLimits: new RateLimitRepository(db),
  };

  const bins = resolveMediaBinaries({
    ffmpeg: config.media.ffmpegPath ?? undefined,
    ffprobe: config.media.ffprobePath ?? undefined,
  });
  let faceDetector: Promise<FaceDetector> | null = null;
  const media: MediaToolkit = {
    bins,
    speech: createSpeechEngine({ ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe, tmpDir }),
    faces: () => (faceDetector ??= createFaceDetector()),
    fetcher:
      opts.fetcher ??
      createSafeFetcher({ allow: [...config.fetch.allow], timeoutMs: config.fetch.timeoutMs }),
    tmpDir,
    encoderPreset: config.media.encoderPreset,
  };

  const urls = new UrlSigner(config, signingSecret(config), clock, blobs);
  const credits = new CreditService(db, repos.credits, clock);
  // The jobs table is the queue (embedded) or its outbox (BullMQ): either way a task and its job
  // commit together. Handlers come at start (they use the services, which enqueue through it).
  const queueOptions = {
    concurrency: config.workers.concurrency,
    attempts: config.workers.attempts,
    leaseSec: config.workers.leaseSec,
    workerId: instance,
    clock,
    log,
  };
  const queue: JobQueue = config.queue.redisUrl
    ? new BullJobQueue(repos.jobs, {
        ...queueOptions,
        redisUrl: config.queue.redisUrl,
        prefix: config.queue.prefix,
      })
    : new InProcessJobQueue(repos.jobs, queueOptions);
  const callbacks = new CallbackService(repos.callbacks, repos.accounts, urls, queue, config, clock, log);
  const tasks = new TaskService(db, repos.tasks, credits, callbacks, queue, config, clock);
  const uploads = new UploadService(repos.files, blobs, urls, config, clock, instance);
  const catalogue = new CatalogueService(repos.avatars, repos.voices, blobs, config, clock, log, tmpDir);
  const avatars = new AvatarService(repos.avatars, tasks, uploads, repos.rateLimits, config, clock);
  const voices = new VoiceService(repos.voices, tasks, uploads, config, clock);
  const services = {
    accounts: new AccountService(db, repos.accounts, credits, config, clock),
    credits,
    uploads,
    urls,
    tasks,
    callbacks,
    avatars,
    voices,
    protectedVoices: new ProtectedVoiceService(repos.voiceprints, media.speech, clock),
    works: new WorkService(tasks, avatars, voices, uploads, catalogue, config),
    catalogue,
    contract: new ContractService(repos.contractNotes, config.contract.mode, clock, log),
    covers: new CoverService(repos.covers, repos.avatars, catalogue, blobs, urls, clock),
    inputs: new InputService(repos.files, blobs, media.fetcher),
  };

  const container: Container = {
    config,
    instance,
    clock,
    log,
    db,
    blobs,
    queue,
    media,
    services,
    async start() {
      // A missing bucket, a wrong endpoint or refused credentials stop the start with a message
      // that names the S3_* variable to fix, rather than failing the first upload.
      await blobs.ping();
      // Only serving processes recover, and only what is provably abandoned: scratch dirs and
      // uploads of processes that are gone, partial blobs (see PARTIAL_BLOB_AGE_MS). Other
      // processes sharing the database, the data dir or the bucket may be working right now.
      const scratch = await sweepScratch(join(config.dataDir, 'tmp'), instance);
      const partials = await blobs.sweepPartials(PARTIAL_BLOB_AGE_MS[blobs.kind]);
      const interrupted = await uploads.recoverInterrupted();
      if (interrupted + partials + scratch > 0) {
        log.warn(
          { interrupted, partials, scratch },
          'cleaned up after an interrupted run; uploads can be sent again',
        );
      }
      await catalogue.seed();
      // An API-only process enqueues (and publishes, with BullMQ) but runs no job.
      await queue.start(role === 'api' ? new Map() : handlers);
    },
    async close() {
      await queue.stop();
      callbacks.close();
      await media.speech.close();
      if (faceDetector) await (await faceDetector).close();
      await blobs.close();
      await db.destroy();
    },
  };

  const handlers = buildHandlerRegistry([
    avatarCreateJob(container),
    voiceCreateJob(container),
    workRenderJob(container),
    callbackDeliverJob(container),
  ]);
  catalogue.setDemoRenderer((t, out) => renderTemplateDemo(container, t, out));
  catalogue.setVoiceDemoRenderer((p, out) => renderVoiceDemo(container, p.settings, out, tmpDir));
  return container;
}
