import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { VoiceRow } from '../db/schema.js';
import { AppError, ERRORS } from '../errors/app-error.js';
import { SvcCode } from '../errors/codes.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { JobName } from '../jobs/job-queue.js';
import type { SpeechInputError, VoiceProfile } from '../media/speech/index.js';
import type { VoiceRepository } from '../repositories/voice.repository.js';
import { testTaskOf } from './test-outcomes.js';
import type { Caller } from './account.service.js';
import { oneOf } from './one-of.js';
import type { InputRef } from './input.service.js';
import { parseResult, type TaskService } from './task.service.js';
import type { UploadService } from './upload.service.js';

export const VOICE_LANGUAGES = [
  'zh_cantonese',
  'zh_sichuanese',
  'zh_shanghainese',
  'zh_tianjinese',
  'zh_zhengzhounese',
  'zh_wuhanese',
  'zh',
  'de',
  'es',
  'fr',
  'en',
  'jp',
  'ko',
] as const;

export interface VoiceTaskInput {
  source: InputRef;
  language: string;
}

/** Parses a voice/edit decimal string and checks its range. Pure. */
export function parseDecimal(name: string, value: string, min: number, max: number): number {
  const v = value.trim();
  if (!/^\d+(\.\d+)?$/.test(v))
    throw ERRORS.invalid(`${name} must be a decimal number written as text, e.g. "1.0"; got "${value}"`);
  const n = Number(v);
  if (n < min || n > max)
    throw ERRORS.invalid(`${name} must be from ${min.toFixed(1)} to ${max.toFixed(1)}; got ${v}`);
  return n;
}

/** 1 → "1.0", 1.25 → "1.25". */
export const decimalText = (n: number): string => (Number.isInteger(n) ? n.toFixed(1) : String(n));

/** What the client is told to fix when the engine cannot use a voice sample (2013). */
const SAMPLE_PROBLEMS: Record<SpeechInputError['reason'], string> = {
  'too-short': 'the voice sample is shorter than 5 seconds; record 5 seconds to 3 minutes of speech',
  'too-long': 'the voice sample is longer than 3 minutes; cut it to 5 seconds to 3 minutes of speech',
  'no-speech': 'the voice sample has too little speech; record a few sentences of one person speaking',
  clipping: 'the voice sample is heavily clipped (too loud); record it again at a lower level',
  noisy: 'the voice sample is too noisy; record it in a quieter place',
  unreadable: 'the voice sample could not be decoded; upload it again as mp3, m4a or wav',
};

/** The 2013 error of a sample the voice analysis refused. Pure. */
export const sampleProblem = (err: SpeechInputError): AppError =>
  ERRORS.audio(SAMPLE_PROBLEMS[err.reason] ?? err.message);

/** The extension a voice sample is kept under, from its container format (ffprobe's format name). Pure. */
export function sampleExtension(formatName: string): 'wav' | 'mp3' | 'm4a' {
  if (formatName.includes('wav')) return 'wav';
  if (formatName.includes('mp3')) return 'mp3';
  return 'm4a';
}

/** What a voice-cloning job measured and stored: the voice becomes ready with it. */
export interface ClonedVoice {
  profile: VoiceProfile;
  sampleKey: string;
  demoKey: string;
}

export class VoiceService {
  constructor(
    private readonly voices: VoiceRepository,
    private readonly tasks: TaskService,
    private readonly uploads: UploadService,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  async create(
    caller: Caller,
    p: { title: string; voice_type: number; audio_url?: string; file_id?: string; languages?: string },
  ): Promise<string> {
    if (p.voice_type === 20 || p.voice_type === 22) {
      throw new AppError(
        SvcCode.HifiVoiceSoldOut,
        'high-fidelity voices are sold out on this server; use voice_type 8 (basic voice cloning V2)',
      );
    }
    if (p.voice_type !== 8)
      throw ERRORS.invalid(`voice_type must be 8 (basic voice cloning V2); got ${p.voice_type}`);
    oneOf(p.audio_url, p.file_id, ['audio_url', 'file_id']);
    const language = p.languages?.trim() || 'zh';
    if (!(VOICE_LANGUAGES as readonly string[]).includes(language)) {
      throw ERRORS.invalid(`languages must be one of ${VOICE_LANGUAGES.join(', ')}; got '${language}'`);
    }
    this.tasks.checkPlan(caller, 'voice_clone', 'voice cloning');
    if (p.file_id) await this.uploads.resolve(caller, p.file_id, 'audio', 'file_id');
    const max = this.config.limits.maxVoiceClones;
    const id = newId('vo');
    const input: VoiceTaskInput = {
      source: p.file_id ? { fileId: p.file_id } : { url: p.audio_url! },
      language,
    };
    const test = caller.test ? testTaskOf(caller.testPreferences, 'voice', 'voice_clone') : null;
    return this.tasks.submit(caller, {
      family: 'voice',
      type: 'voice_clone',
      title: p.title,
      input: { ...input, ...test?.input },
      job: test?.runsTestJob ? JobName.TestOutcome : JobName.VoiceCreate,
      reserve: 0,
      subjectId: id,
      checkInTransaction: async (trx) => {
        if ((await this.voices.countOwned(caller.accountId, trx)) >= max) throw ERRORS.voiceCloneLimit(max);
      },
      alsoInTransaction: async (trx: Db, taskId: string) => {
        await this.voices.create(
          {
            id,
            account_id: caller.accountId,
            type: 8,
            title: p.title,
            language,
            state: 'pending',
            profile: null,
            rate: '1.0',
            volume: '1.0',
            pitch: '1.0',
            sample_key: null,
            demo_key: null,
            task_id: taskId,
            created_at: iso(this.clock.now()),
            deleted_at: null,
          },
          trx,
        );
      },
    });
  }

  async edit(
    caller: Caller,
    p: { voice: string; rate: string; volume: string; pitch: string },
  ): Promise<void> {
    const rate = parseDecimal('rate', p.rate, 0.5, 2.0);
    const volume = parseDecimal('volume', p.volume, 0.1, 2.0);
    const pitch = parseDecimal('pitch', p.pitch, 0.1, 2.0);
    const voice = await this.voices.getUsable(p.voice, caller.accountId);
    if (!voice) throw ERRORS.notFound('voice', p.voice);
    if (voice.account_id === null)
      throw ERRORS.invalid(`voice '${p.voice}' is a public voice; only your cloned voices can be edited`);
    if (voice.state !== 'ready')
      throw ERRORS.invalid(`voice '${p.voice}' is still being cloned; edit it when its task has completed`);
    // Stored as canonical decimal text, the form voice/list reports.
    await this.voices.update(voice.id, {
      rate: decimalText(rate),
      volume: decimalText(volume),
      pitch: decimalText(pitch),
    });
  }

  async list(caller: Caller, kind: 1 | 2, page: number, size: number) {
    const rows = await this.voices.getPage(caller.accountId, kind, page, size);
    return rows.map((v) => ({
      voice: v.id,
      type: v.type,
      title: v.title,
      rate: v.rate,
      volume: v.volume,
      pitch: v.pitch,
    }));
  }

  async getTask(caller: Caller, taskId: string) {
    const task = await this.tasks.get(caller, taskId, 'voice');
    const result = parseResult(task);
    return {
      task,
      voice: task.status === 3 ? (result.voice ?? '') : '',
      demoKey: task.status === 3 ? result.blobKey : undefined,
    };
  }

  /** A voice the caller may speak with (own or public), or 14. */
  async getUsable(caller: Caller, id: string): Promise<VoiceRow> {
    const v = await this.voices.getUsable(id, caller.accountId);
    if (!v || v.state !== 'ready') throw ERRORS.notFound('voice', id);
    return v;
  }

  getForJob(id: string) {
    return this.voices.getForJob(id);
  }

  update(id: string, patch: Parameters<VoiceRepository['update']>[1]) {
    return this.voices.update(id, patch);
  }

  // The life of a cloned voice: created pending with its task (create above), then made by the
  // voice.create job, which ends it in one of the two states below, together with its task.

  /** The voice is cloned: it becomes ready, and its task completes with the demo as its result. */
  async completeClone(taskId: string, voiceId: string, made: ClonedVoice): Promise<void> {
    await this.voices.update(voiceId, {
      state: 'ready',
      profile: JSON.stringify(made.profile),
      sample_key: made.sampleKey,
      demo_key: made.demoKey,
    });
    await this.tasks.complete(taskId, { voice: voiceId, blobKey: made.demoKey });
  }

  /** The voice cannot be cloned: it fails, and so does its task (refunded). */
  async failClone(taskId: string, voiceId: string, code: number, message: string): Promise<void> {
    await this.voices.update(voiceId, { state: 'failed' });
    await this.tasks.fail(taskId, code, message);
  }

  /** The job cloning this task's voice gave up (a fault of this server): the voice and the task fail. */
  async giveUpClone(taskId: string, message: string): Promise<void> {
    const task = await this.tasks.getForJob(taskId);
    if (task?.subject_id) await this.voices.update(task.subject_id, { state: 'failed' });
    await this.tasks.fail(taskId, SvcCode.Internal, message);
  }
}
