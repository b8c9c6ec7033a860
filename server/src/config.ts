import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseS3Config, S3_MAX_PRESIGN_SEC, type S3Config } from './storage/s3-config.js';

export const PLANS = ['free', 'basic', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** x264 speed presets; faster presets trade file size for render time. */
export const ENCODER_PRESETS = [
  'ultrafast',
  'superfast',
  'veryfast',
  'faster',
  'fast',
  'medium',
  'slow',
  'slower',
  'veryslow',
] as const;
export type EncoderPreset = (typeof ENCODER_PRESETS)[number];
/** Operations whose plan minimum is configurable (codes 1005 / 1006). */
export const PLAN_GATED_OPERATIONS = [
  'avatar_image',
  'voice_clone',
  'video_translate',
  'video_sing',
  'video_image',
  'clone_avatar',
] as const;
export type PlanGatedOperation = (typeof PLAN_GATED_OPERATIONS)[number];

/**
 * How the APIs treat requests outside the documented contract (a title past 20 characters, a number
 * sent as text, ...): `lenient` accepts them as the original service does and reports each case;
 * `strict` refuses them with the family's parameter code.
 */
export const CONTRACT_MODES = ['lenient', 'strict'] as const;
export type ContractMode = (typeof CONTRACT_MODES)[number];

/** How the log is written (`LIKENESS_LOG_FORMAT`): `auto` is `pretty` on a terminal, `json` otherwise. */
export const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface Prices {
  /** Credits per minute of output, charged per second (rounded up to whole credits per task). */
  videoPerMinute: number;
  audioPerMinute: number;
  translatePerMinute: number;
  singPerMinute: number;
  imageVideoPerMinute: number;
  /** Flat credits per avatar made from an image (generation API and clone API). */
  avatarImage: number;
}

export interface Config {
  server: {
    host: string;
    port: number;
    publicUrl: string;
    logLevel: string;
    /** `auto`: readable lines on a terminal, JSON lines otherwise (lib/logger.ts). */
    logFormat: LogFormat;
  };
  dataDir: string;
  signingSecret: string | null;
  /** PostgreSQL connection URL (`DATABASE_URL`); null: the embedded SQLite file in the data dir. */
  database: { url: string | null };
  /**
   * Redis URL for the BullMQ queue (`REDIS_URL`); null: jobs run from the database. `prefix`
   * namespaces the Redis keys (`LIKENESS_QUEUE_PREFIX`), so installations can share one Redis.
   */
  queue: { redisUrl: string | null; prefix: string };
  /** The S3-compatible store of blobs (`S3_*`); null: files under the data dir. */
  blobs: { s3: S3Config | null };
  /** Seconds signed URLs last; with S3, result URLs are the store's presigned GETs, which last as long. */
  urls: { uploadTtlSec: number; downloadTtlSec: number };
  uploads: { maxVideoBytes: number; maxAudioBytes: number; maxImageBytes: number };
  fetch: { allow: string[]; timeoutMs: number };
  workers: {
    concurrency: number;
    attempts: number;
    inProcess: boolean;
    /** Seconds a job claim holds without renewal before another process may take the job over. */
    leaseSec: number;
  };
  prices: Prices;
  limits: {
    /** Works waiting or processing per account before 1001; a ceiling far above a normal burst. */
    maxActiveWorks: number;
    maxDailyWorks: number;
    maxVoiceClones: number;
    maxAvatars: number;
    cloneRatePerMinute: number;
  };
  /** `gates` off (the default): every account can use every operation; on: plan minimums apply (1005/1006). */
  plans: { gates: boolean; defaultPlan: Plan; minimums: Record<PlanGatedOperation, Plan> };
  contract: { mode: ContractMode };
  callbacks: { retryScheduleSec: number[]; timeoutMs: number };
  media: {
    ffmpegPath: string | null;
    ffprobePath: string | null;
    encoderPreset: EncoderPreset;
    /** Bound on the kept region sources (data dir's cache/regions); 0: none kept. */
    regionCacheBytes: number;
    /** What a render may hold of a video avatar's loop in memory to decode it once (RenderOptions.loopMemoryBytes). */
    loopMemoryBytes: number;
    /** Which translation engines to look for at start: 'auto' (Debian's, where installed) or 'off'. */
    translation: 'auto' | 'off';
    /** Folder of operator-supplied model packs (media/translate/packs.ts), or null. */
    modelPacksDir: string | null;
    /** Load the speech and face engines at start, before listening (LIKENESS_WARM_ENGINES; tests: off). */
    warmUp: boolean;
  };
  /** Covers render in worker threads, at most `threads` at once; further requests wait their turn. */
  covers: { threads: number };
  /**
   * `prerender` on (the default): the catalogue's previews and demos are queued for rendering at
   * start; off: each is rendered when first asked for (tests, short-lived processes). `shippedDir`:
   * where the build put the catalogue it rendered (`<key>` under it, see cli/catalogue-ship.ts), served
   * before the store; null (`LIKENESS_CATALOGUE_SHIPPED=off`, tests): only the store and the job.
   */
  catalogue: { prerender: boolean; shippedDir: string | null };
  demoAccount: { enabled: boolean; credits: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Collects every problem instead of stopping at the first, so an operator fixes them in one go. */
class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const v = this.env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    if ((allowed as readonly string[]).includes(v)) return v as T;
    this.problems.push(`${name}=${v}: expected one of ${allowed.join(', ')}`);
    return fallback;
  }

  str(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  /** A name for keys and paths: letters, digits, '-' and '_' (BullMQ refuses ':' in its prefix). */
  name(name: string, fallback: string): string {
    const v = this.raw(name) ?? fallback;
    if (/^[A-Za-z0-9_-]{1,64}$/.test(v)) return v;
    this.problems.push(`${name}=${v}: expected 1 to 64 letters, digits, '-' or '_'`);
    return fallback;
  }

  optionalStr(name: string): string | null {
    return this.raw(name) ?? null;
  }

  /** The S3_* variables (storage/s3-config.ts checks them); its message names the variable at fault. */
  s3(): S3Config | null {
    try {
      return parseS3Config(this.env);
    } catch (err) {
      this.problems.push(err instanceof Error ? err.message : String(err));
      return null;
    }
  }

  int(name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      this.problems.push(`${name}=${v}: expected a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  }

  bool(name: string, fallback: boolean): boolean {
    const v = this.raw(name)?.toLowerCase();
    if (v === undefined) return fallback;
    if (['1', 'true', 'on', 'yes'].includes(v)) return true;
    if (['0', 'false', 'off', 'no'].includes(v)) return false;
    this.problems.push(`${name}=${v}: expected on/off (true/false, 1/0)`);
    return fallback;
  }

  url(name: string, fallback: string): string {
    const v = this.raw(name) ?? fallback;
    try {
      const u = new URL(v);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
      return v.replace(/\/+$/, '');
    } catch {
      this.problems.push(
        `${name}=${v}: expected an absolute http(s) URL such as https://avatars.example.com`,
      );
      return fallback;
    }
  }

  /** A connection URL whose scheme is one of `schemes`; the message never repeats a password. */
  serviceUrl(name: string, schemes: readonly string[], example: string): string | null {
    const v = this.raw(name);
    if (v === undefined) return null;
    let scheme = '';
    try {
      scheme = new URL(v).protocol.replace(/:$/, '');
    } catch {
      // reported below
    }
    if (!schemes.includes(scheme)) {
      this.problems.push(
        `${name}: expected a ${schemes.map((x) => `${x}://`).join(' or ')} URL such as ${example}; got '${redactUrl(v)}'`,
      );
      return null;
    }
    return v;
  }

  list(name: string): string[] {
    const v = this.raw(name);
    return v === undefined
      ? []
      : v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  }

  plan(name: string, fallback: Plan): Plan {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    if ((PLANS as readonly string[]).includes(v)) return v as Plan;
    this.problems.push(`${name}=${v}: expected one of ${PLANS.join(', ')}`);
    return fallback;
  }

  seconds(name: string, fallback: number[]): number[] {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    const parts = v.split(',').map((s) => Number(s.trim()));
    const total = parts.reduce((a, b) => a + b, 0);
    if (parts.some((n) => !Number.isFinite(n) || n < 0) || total > 300) {
      this.problems.push(
        `${name}=${v}: expected comma-separated delays in seconds adding up to at most 300 (the 5-minute retry window)`,
      );
      return fallback;
    }
    return parts;
  }
}

export const DEFAULT_PLAN_MINIMUMS: Record<PlanGatedOperation, Plan> = {
  avatar_image: 'basic',
  voice_clone: 'basic',
  video_translate: 'pro',
  video_sing: 'pro',
  video_image: 'basic',
  clone_avatar: 'basic',
};

/** Pure: environment in, frozen config out (or a ConfigError naming every bad variable). */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const r = new Reader(env);
  const port = r.int('PORT', 3000, 0, 65535);
  const host = r.str('HOST', '127.0.0.1');
  const mb = 1024 * 1024;
  // Plan gates are the operator's choice: off, every operation is open to every account (minimums
  // are all 'free'), so a new account can use every operation of the specs without set-up.
  const gates = r.bool('LIKENESS_PLAN_GATES', false);
  const minimums = { ...DEFAULT_PLAN_MINIMUMS };
  for (const op of PLAN_GATED_OPERATIONS) {
    const configured = r.plan(`LIKENESS_PLAN_MIN_${op.toUpperCase()}`, minimums[op]);
    minimums[op] = gates ? configured : 'free';
  }
  const signingSecret = r.optionalStr('LIKENESS_SIGNING_SECRET');
  if (signingSecret !== null && signingSecret.length < 32) {
    r.problems.push(
      'LIKENESS_SIGNING_SECRET: use at least 32 characters (for example `openssl rand -base64 32`)',
    );
  }
  const config: Config = {
    server: {
      host,
      port,
      publicUrl: r.url('LIKENESS_PUBLIC_URL', `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`),
      logLevel: r.str('LIKENESS_LOG_LEVEL', 'info'),
      logFormat: r.oneOf('LIKENESS_LOG_FORMAT', LOG_FORMATS, 'auto'),
    },
    dataDir: resolve(cwd, r.str('LIKENESS_DATA_DIR', './data')),
    signingSecret,
    database: {
      url: r.serviceUrl(
        'DATABASE_URL',
        ['postgres', 'postgresql'],
        'postgres://likeness@db.internal:5432/likeness',
      ),
    },
    queue: {
      redisUrl: r.serviceUrl('REDIS_URL', ['redis', 'rediss'], 'redis://queue.internal:6379'),
      prefix: r.name('LIKENESS_QUEUE_PREFIX', 'likeness'),
    },
    blobs: { s3: r.s3() },
    urls: {
      uploadTtlSec: r.int('LIKENESS_UPLOAD_URL_TTL', 3600, 60, 7 * 86400),
      downloadTtlSec: r.int('LIKENESS_DOWNLOAD_URL_TTL', 86400, 60, 30 * 86400),
    },
    uploads: {
      maxVideoBytes: r.int('LIKENESS_MAX_VIDEO_MB', 500, 1, 10_000) * mb,
      maxAudioBytes: r.int('LIKENESS_MAX_AUDIO_MB', 100, 1, 10_000) * mb,
      maxImageBytes: r.int('LIKENESS_MAX_IMAGE_MB', 20, 1, 1_000) * mb,
    },
    fetch: {
      allow: r.list('LIKENESS_FETCH_ALLOW'),
      timeoutMs: r.int('LIKENESS_FETCH_TIMEOUT_SEC', 300, 1, 3600) * 1000,
    },
    workers: {
      concurrency: r.int('LIKENESS_WORKERS', 1, 1, 64),
      attempts: r.int('LIKENESS_JOB_ATTEMPTS', 3, 1, 10),
      inProcess: r.bool('LIKENESS_IN_PROCESS_WORKERS', true),
      leaseSec: r.int('LIKENESS_JOB_LEASE_SEC', 30, 2, 3600),
    },
    prices: {
      videoPerMinute: r.int('LIKENESS_PRICE_VIDEO_PER_MIN', 10, 0),
      audioPerMinute: r.int('LIKENESS_PRICE_AUDIO_PER_MIN', 2, 0),
      translatePerMinute: r.int('LIKENESS_PRICE_TRANSLATE_PER_MIN', 30, 0),
      singPerMinute: r.int('LIKENESS_PRICE_SING_PER_MIN', 20, 0),
      imageVideoPerMinute: r.int('LIKENESS_PRICE_IMAGE_VIDEO_PER_MIN', 15, 0),
      avatarImage: r.int('LIKENESS_PRICE_AVATAR_IMAGE', 20, 0),
    },
    limits: {
      maxActiveWorks: r.int('LIKENESS_MAX_ACTIVE_WORKS', 100, 1),
      maxDailyWorks: r.int('LIKENESS_MAX_DAILY_WORKS', 200, 1),
      maxVoiceClones: r.int('LIKENESS_MAX_VOICE_CLONES', 20, 0),
      maxAvatars: r.int('LIKENESS_MAX_AVATARS', 100, 0),
      cloneRatePerMinute: r.int('LIKENESS_CLONE_RATE_PER_MIN', 30, 1),
    },
    plans: {
      gates,
      defaultPlan: r.plan('LIKENESS_DEFAULT_PLAN', 'basic'),
      minimums,
    },
    contract: { mode: r.oneOf('LIKENESS_CONTRACT', CONTRACT_MODES, 'lenient') },
    callbacks: {
      retryScheduleSec: r.seconds('LIKENESS_CALLBACK_RETRY_SEC', [10, 30, 60, 120]),
      timeoutMs: r.int('LIKENESS_CALLBACK_TIMEOUT_SEC', 10, 1, 60) * 1000,
    },
    media: {
      ffmpegPath: r.optionalStr('FFMPEG_PATH'),
      ffprobePath: r.optionalStr('FFPROBE_PATH'),
      encoderPreset: r.oneOf('LIKENESS_ENCODER_PRESET', ENCODER_PRESETS, 'veryfast'),
      regionCacheBytes: r.int('LIKENESS_REGION_CACHE_MB', 2048, 0, 1_000_000) * mb,
      loopMemoryBytes: r.int('LIKENESS_LOOP_MEMORY_MB', 512, 0, 1_000_000) * mb,
      translation: r.oneOf('LIKENESS_TRANSLATION', ['auto', 'off'] as const, 'auto'),
      modelPacksDir: r.optionalStr('LIKENESS_MODEL_PACKS'),
      warmUp: r.bool('LIKENESS_WARM_ENGINES', true),
    },
    covers: { threads: r.int('LIKENESS_COVER_THREADS', 2, 1, 64) },
    catalogue: {
      prerender: r.bool('LIKENESS_CATALOGUE_PRERENDER', true),
      // The server package's dist/catalogue: this file sits directly under server/ as src/ and as dist/.
      shippedDir: r.bool('LIKENESS_CATALOGUE_SHIPPED', true)
        ? fileURLToPath(new URL('../dist/catalogue', import.meta.url))
        : null,
    },
    demoAccount: {
      enabled: r.bool('LIKENESS_DEMO_ACCOUNT', true),
      credits: r.int('LIKENESS_DEMO_CREDITS', 10_000, 0),
    },
  };
  // Processes that share a database, queue or bucket must sign upload and download URLs alike; a
  // secret generated per data dir would make one process refuse the URLs another handed out.
  const shared = [
    config.database.url && 'DATABASE_URL',
    config.queue.redisUrl && 'REDIS_URL',
    config.blobs.s3 && 'S3_BUCKET',
  ].filter(Boolean);
  // Result URLs are then the store's presigned GETs, and S3 refuses those valid for longer.
  if (config.blobs.s3 !== null && config.urls.downloadTtlSec > S3_MAX_PRESIGN_SEC) {
    r.problems.push(
      `LIKENESS_DOWNLOAD_URL_TTL=${config.urls.downloadTtlSec}: at most ${S3_MAX_PRESIGN_SEC} (7 days) with S3_BUCKET, the longest a presigned S3 URL may last`,
    );
  }
  if (shared.length > 0 && signingSecret === null) {
    r.problems.push(
      `LIKENESS_SIGNING_SECRET: required with ${shared.join(' and ')} (every process must sign URLs alike); set the same value of at least 32 characters on every machine, for example from \`openssl rand -base64 32\``,
    );
  }
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return deepFreeze(config);
}

/** The URL with any password replaced, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}
