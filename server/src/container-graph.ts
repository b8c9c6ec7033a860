import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import { dialectOf } from './db/dialect.js';
import type { JobHandler, JobName, JobQueue } from './jobs/job-queue.js';
import { buildHandlerRegistry } from './jobs/registry.js';
import { avatarCreateJob } from './jobs/handlers/avatar-create.job.js';
import { callbackDeliverJob } from './jobs/handlers/callback-deliver.job.js';
import { catalogueRenderJob } from './jobs/handlers/catalogue-render.job.js';
import { testOutcomeJob } from './jobs/handlers/test-outcome.job.js';
import { voiceCreateJob } from './jobs/handlers/voice-create.job.js';
import { workRenderJob } from './jobs/handlers/work-render.job.js';
import type { Clock } from './lib/clock.js';
import { resolveMediaBinaries } from './media/binaries.js';
import type { CoverRenderer } from './media/cover/index.js';
import { createFaceDetector, type FaceDetector } from './media/face/index.js';
import { createSpeechEngine } from './media/speech/index.js';
import type { MediaToolkit } from './media/toolkit.js';
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
import { ConsoleSessionRepository } from './repositories/console-session.repository.js';
import { ProtectedVoiceprintRepository } from './repositories/protected-voiceprint.repository.js';
import { VoiceRepository } from './repositories/voice.repository.js';
import { AccountService } from './services/account.service.js';
import { AigcPolicyService } from './services/aigc-policy.js';
import { AvatarService } from './services/avatar.service.js';
import { CallbackService } from './services/callback.service.js';
import { CatalogueService } from './services/catalogue.service.js';
import { ConsoleLibraryService } from './services/console-library.service.js';
import { ConsoleSessionService } from './services/console-session.service.js';
import { ContractService } from './services/contract.service.js';
import { CoverService } from './services/cover.service.js';
import { CreditService } from './services/credit.service.js';
import { InputService } from './services/input.service.js';
import { TaskService } from './services/task.service.js';
import { UploadService } from './services/upload.service.js';
import { UrlSigner } from './services/url-signer.js';
import { ProtectedVoiceService } from './services/protected-voice.service.js';
import { VoiceService } from './services/voice.service.js';
import { WorkBillingService } from './services/work-billing.service.js';
import { WorkService } from './services/work.service.js';
import type { BlobStore } from './storage/blob-store.js';
import type { TranslationCatalog } from './media/translate/index.js';

/*
 * The object graph the container builds, in the order it is built: repositories over the database,
 * the media engine, the services (each given only what it uses), and the job handlers (each given
 * the services and ports it uses). container.ts picks the adapters and calls these.
 */

/** What a process does: everything (the default), only the HTTP APIs, or only the workers. */
export type ProcessRole = 'all' | 'api' | 'worker';

export interface Services {
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
  billing: WorkBillingService;
  aigc: AigcPolicyService;
  catalogue: CatalogueService;
  contract: ContractService;
  consoleSessions: ConsoleSessionService;
  consoleLibrary: ConsoleLibraryService;
  covers: CoverService;
  inputs: InputService;
}

/** The signing secret: from config, else generated once and kept in the data dir so URLs survive restarts. */
function signingSecret(config: Config): string {
  if (config.signingSecret) return config.signingSecret;
  const file = join(config.dataDir, 'signing.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export type Repositories = ReturnType<typeof buildRepositories>;

export function buildRepositories(db: Db, config: Config, role: ProcessRole) {
  return {
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
    consoleSessions: new ConsoleSessionRepository(db),
  };
}

/** The media engine of this process; the face model loads on first use. */
export function buildMedia(
  config: Config,
  tmpDir: string,
  fetcher: SafeFetcher | undefined,
  translation: TranslationCatalog,
) {
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
      fetcher ?? createSafeFetcher({ allow: [...config.fetch.allow], timeoutMs: config.fetch.timeoutMs }),
    tmpDir,
    encoderPreset: config.media.encoderPreset,
    regionCache:
      config.media.regionCacheBytes > 0
        ? { dir: join(config.dataDir, 'cache', 'regions'), maxBytes: config.media.regionCacheBytes }
        : null,
    loopMemoryBytes: config.media.loopMemoryBytes,
    translation,
  };
  const close = async () => {
    await media.speech.close();
    if (faceDetector) await (await faceDetector).close();
  };
  return { media, close };
}

export interface ServiceDeps {
  config: Config;
  db: Db;
  repos: Repositories;
  blobs: BlobStore;
  queue: JobQueue;
  media: MediaToolkit;
  covers: CoverRenderer;
  instance: string;
  clock: Clock;
  log: Logger;
}

/** Services, each given only the repositories, ports and services it uses. */
export function buildServices(d: ServiceDeps): Services {
  const { config, db, repos, blobs, queue, media, clock, log } = d;
  const urls = new UrlSigner(config, signingSecret(config), clock, blobs);
  const callbacks = new CallbackService(repos.callbacks, repos.accounts, urls, queue, config, clock, log);
  const credits = new CreditService(db, repos.credits, clock, callbacks);
  const tasks = new TaskService(db, repos.tasks, credits, callbacks, queue, config, clock, log);
  const uploads = new UploadService(repos.files, blobs, urls, config, clock, d.instance);
  const catalogue = new CatalogueService(
    repos.avatars,
    repos.voices,
    blobs,
    queue,
    config,
    clock,
    log,
    media.tmpDir,
  );
  const avatars = new AvatarService(repos.avatars, tasks, uploads, repos.rateLimits, config, clock);
  const voices = new VoiceService(repos.voices, tasks, uploads, config, clock);
  const billing = new WorkBillingService(config.prices, tasks);
  return {
    accounts: new AccountService(db, repos.accounts, credits, config, clock),
    credits,
    uploads,
    urls,
    tasks,
    callbacks,
    avatars,
    voices,
    protectedVoices: new ProtectedVoiceService(repos.voiceprints, media.speech, clock),
    works: new WorkService(tasks, avatars, voices, uploads, catalogue, billing, media.translation),
    billing,
    aigc: new AigcPolicyService(repos.accounts),
    catalogue,
    contract: new ContractService(repos.contractNotes, config.contract.mode, clock, log),
    consoleSessions: new ConsoleSessionService(repos.consoleSessions, repos.accounts, config, clock),
    consoleLibrary: new ConsoleLibraryService(
      { tasks: repos.tasks, avatars: repos.avatars, voices: repos.voices, covers: repos.covers },
      urls,
      billing,
      config,
    ),
    covers: new CoverService(repos.covers, repos.avatars, catalogue, d.covers, blobs, urls, clock),
    inputs: new InputService(repos.files, blobs, media.fetcher),
  };
}

/** One handler per job, each given the services and ports it uses (registry.ts checks the list). */
export function buildJobHandlers(
  s: Services,
  d: { media: MediaToolkit; blobs: BlobStore; config: Config; log: Logger; queue: JobQueue },
): Map<JobName, JobHandler> {
  const { media, blobs, log } = d;
  const inputs = { inputs: s.inputs, media, uploadLimits: d.config.uploads };
  return buildHandlerRegistry([
    avatarCreateJob({ ...inputs, blobs, log, tasks: s.tasks, avatars: s.avatars }),
    voiceCreateJob({
      ...inputs,
      blobs,
      log,
      tasks: s.tasks,
      voices: s.voices,
      protectedVoices: s.protectedVoices,
    }),
    workRenderJob({
      ...inputs,
      blobs,
      log,
      tasks: s.tasks,
      avatars: s.avatars,
      voices: s.voices,
      billing: s.billing,
      aigc: s.aigc,
      catalogue: s.catalogue,
    }),
    callbackDeliverJob({ callbacks: s.callbacks }),
    catalogueRenderJob({ catalogue: s.catalogue, blobs, media, log }),
    testOutcomeJob({ tasks: s.tasks, avatars: s.avatars, voices: s.voices, queue: d.queue }),
  ]);
}
