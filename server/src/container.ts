import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import {
  buildJobHandlers,
  buildMedia,
  buildRepositories,
  buildServices,
  type ProcessRole,
  type Services,
} from './container-graph.js';
import { migrateToLatest, openPostgres, openSqlite, type Db } from './db/connect.js';
import { newWorkerIdentity } from './lib/worker-identity.js';
import { processScratchDir, sweepScratch } from './lib/scratch-dir.js';
import { InProcessJobQueue } from './jobs/in-process-queue.js';
import type { JobHandler, JobName, JobQueue } from './jobs/job-queue.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import { renderThreadWarmed, warmRenderThread } from './media/compose/index.js';
import { warmMediaEngines } from './media/warm-engines.js';
import { lowerSharedPoolThreads } from './media/pool-priority.js';
import { JOB_THREAD_NICENESS } from './media/thread-priority.js';
import { CoverThreads } from './media/cover/index.js';
import type { MediaToolkit } from './media/toolkit.js';
import type { SafeFetcher } from './net/safe-fetch.js';
import type { JobRepository } from './repositories/job.repository.js';
import { openBlobStore } from './storage/open-blob-store.js';
import type { BlobStore } from './storage/blob-store.js';
import { findTranslationCatalog, type TranslationEngine } from './media/translate/index.js';

export type { MediaToolkit } from './media/toolkit.js';
export type { ProcessRole, Services } from './container-graph.js';

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
  services: Services;
  close(): Promise<void>;
}

export interface ContainerOptions {
  role?: ProcessRole;
  clock?: Clock;
  log?: Logger;
  /** Tests override the fetcher's resolver or limits. */
  fetcher?: SafeFetcher;
  /** Translation engines to use instead of those found on this machine (tests). */
  translationEngines?: readonly TranslationEngine[];
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

/**
 * The queue: the jobs table is the queue (embedded) or its outbox (BullMQ); either way a task and
 * its job commit together. Built before the services, which enqueue through it; it gets the
 * handlers, which use the services, when it starts (decision S13). BullMQ is loaded only when
 * configured: with the S3 client (storage/open-blob-store) it was most of a second of every start and
 * admin command on a 2-core machine, for a process that uses neither.
 */
async function buildQueue(
  jobs: JobRepository,
  config: Config,
  instance: string,
  clock: Clock,
  log: Logger,
): Promise<JobQueue> {
  const options = {
    concurrency: config.workers.concurrency,
    attempts: config.workers.attempts,
    leaseSec: config.workers.leaseSec,
    workerId: instance,
    clock,
    log,
  };
  if (!config.queue.redisUrl) return new InProcessJobQueue(jobs, options);
  const { BullJobQueue } = await import('./jobs/bullmq-queue.js');
  return new BullJobQueue(jobs, { ...options, redisUrl: config.queue.redisUrl, prefix: config.queue.prefix });
}

/** The one composition root: picks adapters from config and wires repositories → services → jobs. */
export async function createContainer(config: Config, opts: ContainerOptions = {}): Promise<Container> {
  const clock = opts.clock ?? systemClock;
  const log = opts.log ?? createLogger(config.server.logLevel, config.server.logFormat);
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
  const blobs = await openBlobStore(config);
  const repos = buildRepositories(db, config, role);
  const engine = buildMedia(
    config,
    tmpDir,
    opts.fetcher,
    await findTranslationCatalog(
      config.media.translation,
      opts.translationEngines,
      config.media.modelPacksDir,
      (message) => log.warn(message),
    ),
  );
  const media = engine.media;
  const covers = new CoverThreads(config.covers.threads);
  const queue = await buildQueue(repos.jobs, config, instance, clock, log);
  const services = buildServices({ config, db, repos, blobs, queue, media, covers, instance, clock, log });
  // An API-only process enqueues (and publishes, with BullMQ) but runs no job.
  const handlers =
    role === 'api'
      ? new Map<JobName, JobHandler>()
      : buildJobHandlers(services, { media, blobs, config, log, queue });

  return {
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
      // The engines load and run their warm-up in their own threads while this one checks the
      // store, cleans up and seeds: a process that renders has a render thread ready, its per-frame
      // code compiled, before its first video (booted for that render instead, the thread would run
      // its first seconds cold), and the speech and face engines are loaded and warmed before the
      // first client, so its first work costs what later work costs (decision S27).
      // First, so the libvips threads the warm-ups start are born lowered (decision S28).
      const lowered = await lowerSharedPoolThreads(JOB_THREAD_NICENESS);
      log.debug({ lowered }, 'shared pool threads lowered below the API');
      const warmsUp = role !== 'api' && config.media.warmUp;
      if (role !== 'api') warmRenderThread(warmsUp ? { bins: media.bins, tmpDir: media.tmpDir } : undefined);
      const warming = warmsUp
        ? warmMediaEngines(media).catch((err: unknown) =>
            log.warn({ err }, 'could not warm the speech and face engines; the first work loads them'),
          )
        : null;
      // A missing bucket, a wrong endpoint or refused credentials stop the start with a message
      // that names the S3_* variable to fix, rather than failing the first upload.
      await blobs.ping();
      // Only serving processes recover, and only what is provably abandoned: scratch dirs and
      // uploads of processes that are gone, partial blobs (see PARTIAL_BLOB_AGE_MS). Other
      // processes sharing the database, the data dir or the bucket may be working right now.
      const scratch = await sweepScratch(join(config.dataDir, 'tmp'), instance);
      const partials = await blobs.sweepPartials(PARTIAL_BLOB_AGE_MS[blobs.kind]);
      const interrupted = await services.uploads.recoverInterrupted();
      if (interrupted + partials + scratch > 0) {
        log.warn(
          { interrupted, partials, scratch },
          'cleaned up after an interrupted run; uploads can be sent again',
        );
      }
      await services.catalogue.seed();
      await queue.start(handlers);
      // Every warm-up ends before the first client: run later, it would compete with its requests.
      if (warmsUp) {
        const [, thread] = await Promise.all([warming, renderThreadWarmed()]);
        if (thread === 'timed-out') log.warn('the render thread was still warming up when the start went on');
      }
    },
    async close() {
      await queue.stop();
      services.callbacks.close();
      await covers.close();
      await engine.close();
      await blobs.close();
      await db.destroy();
    },
  };
}
