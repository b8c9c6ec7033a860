import { ERRORS } from '../errors/app-error.js';
import { JobName } from '../jobs/job-queue.js';
import type { TaskRow } from '../db/schema.js';
import type { Caller } from './account.service.js';
import type { AvatarService } from './avatar.service.js';
import { oneOf } from './one-of.js';
import type { CatalogueService } from './catalogue.service.js';
import type { InputRef } from './input.service.js';
import { checkSpeakableText } from './media-rules.js';
import type { WorkType } from './pricing.js';
import { parseResult, type TaskService } from './task.service.js';
import type { UploadService } from './upload.service.js';
import type { VoiceService } from './voice.service.js';
import type { WorkBillingService } from './work-billing.service.js';
import { liveTokenRefusal, RESERVED_ID_PREFIX } from './test-mode.js';
import {
  checkOutcomeFor,
  outcomeError,
  outcomeOfId,
  SLOW_STAND_INS,
  type CallbackFault,
  type TestOutcome,
} from './test-outcomes.js';

/** What this server translates (media/translate's TranslationCatalog): the engines decide the set. */
export interface TranslationTargets {
  /** The codes `target_language_code` may take, sorted; empty without an engine. */
  targets(): string[];
  /** Languages whose speech is translated from. */
  sources(): string[];
}

export const PIPELINES = ['1.5'] as const;
/** Work types whose tasks video/task DELETE accepts ("ordinary video creation"). */
export const DELETABLE_WORK_TYPES = ['video_audio', 'video_tts', 'video_template', 'audio_tts'] as const;
/** Work types whose task query has no duration. */
export const NO_DURATION_TYPES = new Set(['video_translate', 'video_sing', 'video_image']);

export interface SubtitleParams {
  show: boolean;
  fontName: string | null;
  fontSize: number;
  primaryColor: string;
  outlineColor: string;
  width: number;
  height: number;
  x: number;
  y: number;
}

/** What a work's job needs, stored as the task input. Ids only; rows are re-read by the job. */
export interface WorkInput {
  audio?: InputRef;
  avatar?: string;
  videoFileId?: string;
  imageFileId?: string;
  voice?: string;
  text?: string;
  template?: string;
  subtitles?: SubtitleParams;
  startMsec?: number;
  aigcFlag?: number;
  bgmFileId?: string;
  ambienceFileId?: string;
  coverFileId?: string;
  normLufs?: number;
  bgmNormLufs?: number;
  assetsNormLufs?: number;
  ambienceNormLufs?: number;
  model?: number;
  targetLanguage?: string;
  /** Test mode: what the task does instead of its work (services/test-outcomes). */
  testOutcome?: TestOutcome;
  /** Rendered as a draft (media/compose/draft): small, fast, marked TEST. A test token's works are. */
  draft?: boolean;
  /** Test mode: how the completion callback misbehaves (CallbackService reads it). */
  testCallback?: CallbackFault;
  /** Test mode: seconds the task takes, with progress, before its outcome or its render. */
  testDelaySec?: number;
}

/** A test token's reserved id (`test_…`): it names an outcome, not an avatar or voice to look up. */
const isReservedFor = (caller: Caller, id: string | undefined): boolean =>
  caller.test && id !== undefined && id.startsWith(RESERVED_ID_PREFIX);

/**
 * Refuses a live caller's reserved id with 11 before it is looked up (and answered 14): the HTTP
 * families refuse it before validation already; the MCP tools and the console reach here.
 */
function refuseReservedWhenLive(caller: Caller, field: 'avatar' | 'voice', id: string | undefined): void {
  if (caller.test) return;
  const why = liveTokenRefusal({ [field]: id }, undefined);
  if (why) throw ERRORS.invalid(why);
}

type Common = { title?: string; aigc_flag?: number; pipeline?: string; video_start_msec?: number };

export class WorkService {
  constructor(
    private readonly tasks: TaskService,
    private readonly avatars: AvatarService,
    private readonly voices: VoiceService,
    private readonly uploads: UploadService,
    private readonly catalogue: CatalogueService,
    private readonly billing: WorkBillingService,
    private readonly translation: TranslationTargets,
  ) {}

  private checkPipeline(p?: string): void {
    if (p !== undefined && !(PIPELINES as readonly string[]).includes(p)) {
      throw ERRORS.invalid(`pipeline must be one of ${PIPELINES.join(', ')}; got '${p}'`);
    }
  }

  private async checkAvatar(caller: Caller, avatar: string | undefined): Promise<void> {
    refuseReservedWhenLive(caller, 'avatar', avatar);
    if (avatar === undefined || isReservedFor(caller, avatar)) return;
    const a = await this.avatars.getUsable(caller, avatar);
    if (!a || a.state !== 'ready') throw ERRORS.notFound('avatar', avatar);
  }

  private reserveForText(type: WorkType, text: string): number {
    return this.billing.reserveForText(type, text);
  }

  /** Audio inputs are reserved for one minute up front; the job raises it once the audio is measured. */
  private reserveForMinute(type: WorkType): number {
    return this.billing.reserveForMinute(type);
  }

  private async checkVoice(caller: Caller, voice: string): Promise<void> {
    refuseReservedWhenLive(caller, 'voice', voice);
    if (!isReservedFor(caller, voice)) await this.voices.getUsable(caller, voice);
  }

  /**
   * The test outcome a test token's request asks for, by a reserved avatar or voice id or by its
   * `Prefer` header (Caller.testPreferences), or null; two different ones are refused.
   */
  private testOutcome(caller: Caller, input: WorkInput): TestOutcome | null {
    if (!caller.test) return null;
    const asked: TestOutcome[] = [];
    if (isReservedFor(caller, input.avatar)) asked.push(outcomeOfId('avatar', input.avatar!));
    if (isReservedFor(caller, input.voice)) asked.push(outcomeOfId('voice', input.voice!));
    const preferred = caller.testPreferences?.outcome;
    if (preferred) asked.push(preferred);
    const [first] = asked;
    if (asked.some((o) => JSON.stringify(o) !== JSON.stringify(first))) {
      throw ERRORS.invalid('the request asks for two different test outcomes; ask for one');
    }
    if (first) checkOutcomeFor('work', first);
    return first ?? null;
  }

  /**
   * What a test token's work stores beside its input: its outcome (fail, wait), its delay (a slow
   * outcome, `likeness-delay`), its callback fault, and that it renders as a draft when it renders;
   * a slow outcome's reserved id is replaced by a shipped avatar or voice, which it renders.
   */
  private testInput(caller: Caller, input: WorkInput, outcome: TestOutcome | null): Partial<WorkInput> {
    const out: Partial<WorkInput> = {};
    if (outcome?.kind === 'fail' || outcome?.kind === 'wait') out.testOutcome = outcome;
    if (outcome?.kind !== 'fail' && outcome?.kind !== 'wait') out.draft = true;
    const delay = outcome?.kind === 'slow' ? outcome.seconds : caller.testPreferences?.delaySec;
    if (delay && outcome?.kind !== 'wait') out.testDelaySec = delay;
    if (outcome?.kind === 'slow') {
      if (isReservedFor(caller, input.avatar)) out.avatar = SLOW_STAND_INS.avatar;
      if (isReservedFor(caller, input.voice)) out.voice = SLOW_STAND_INS.voice;
    }
    const callback = caller.testPreferences?.callback;
    if (callback) out.testCallback = callback;
    return out;
  }

  private submit(
    caller: Caller,
    type: WorkType,
    title: string | undefined,
    input: WorkInput,
    reserve: number,
    gate?: Parameters<TaskService['checkPlan']>[1],
  ) {
    const outcome = this.testOutcome(caller, input);
    if (outcome?.kind === 'refuse') throw outcomeError(outcome.code, type);
    const test = caller.test ? this.testInput(caller, input, outcome) : {};
    return this.tasks.submit(caller, {
      family: 'work',
      type,
      title: title || 'Untitled',
      input: { ...input, ...test },
      // A test task that fails or takes its time runs its outcome first; a waiting one runs nothing.
      job: test.testOutcome || test.testDelaySec ? JobName.TestOutcome : JobName.WorkRender,
      noJob: outcome?.kind === 'wait',
      reserve,
      planGate: gate,
    });
  }

  async byAudio(
    caller: Caller,
    p: Common & { audio_url?: string; file_id?: string; avatar?: string; video_file_id?: string },
  ) {
    oneOf(p.audio_url, p.file_id, ['audio_url', 'file_id']);
    if (p.avatar === undefined && p.video_file_id === undefined)
      throw ERRORS.invalid('send avatar or video_file_id (at least one)');
    this.checkPipeline(p.pipeline);
    if (p.file_id) await this.uploads.resolve(caller, p.file_id, 'audio', 'file_id');
    if (p.video_file_id) await this.uploads.resolve(caller, p.video_file_id, 'video', 'video_file_id');
    await this.checkAvatar(caller, p.video_file_id ? undefined : p.avatar);
    const input: WorkInput = {
      audio: p.file_id ? { fileId: p.file_id } : { url: p.audio_url! },
      avatar: p.video_file_id ? undefined : p.avatar,
      videoFileId: p.video_file_id,
      startMsec: p.video_start_msec ?? 0,
      aigcFlag: p.aigc_flag ?? 0,
    };
    return this.submit(caller, 'video_audio', p.title, input, this.reserveForMinute('video_audio'));
  }

  private async speechSource(caller: Caller, p: { voice?: string; avatar?: string; video_file_id?: string }) {
    if (p.video_file_id === undefined) {
      if (p.voice === undefined || p.avatar === undefined) {
        throw ERRORS.invalid('voice and avatar are required when video_file_id is absent');
      }
    } else {
      await this.uploads.resolve(caller, p.video_file_id, 'video', 'video_file_id');
    }
    if (p.voice !== undefined) await this.checkVoice(caller, p.voice);
    await this.checkAvatar(caller, p.video_file_id ? undefined : p.avatar);
  }

  async byTts(
    caller: Caller,
    p: Common & {
      text: string;
      voice?: string;
      avatar?: string;
      video_file_id?: string;
      subtitles: SubtitleParams;
    },
  ) {
    checkSpeakableText(p.text);
    this.checkPipeline(p.pipeline);
    await this.speechSource(caller, p);
    const input: WorkInput = {
      text: p.text,
      voice: p.voice,
      avatar: p.video_file_id ? undefined : p.avatar,
      videoFileId: p.video_file_id,
      subtitles: p.subtitles,
      startMsec: p.video_start_msec ?? 0,
      aigcFlag: p.aigc_flag ?? 0,
    };
    return this.submit(caller, 'video_tts', p.title, input, this.reserveForText('video_tts', p.text));
  }

  async byTemplate(
    caller: Caller,
    p: Common & {
      template: string;
      text: string;
      voice?: string;
      avatar?: string;
      video_file_id?: string;
      bgm_file_id?: string;
      ambience_file_id?: string;
      cover_file_id?: string;
      norm_lufs?: number;
      bgm_norm_lufs?: number;
      audio_assets_norm_lufs?: number;
      ambience_norm_lufs?: number;
    },
  ) {
    checkSpeakableText(p.text);
    if (!this.catalogue.getTemplate(p.template)) {
      throw ERRORS.unknownItem('template', p.template, 'GET /api/v2/svc/video/lively_templates');
    }
    await this.speechSource(caller, p);
    if (p.bgm_file_id) await this.uploads.resolve(caller, p.bgm_file_id, 'audio', 'bgm_file_id');
    if (p.ambience_file_id)
      await this.uploads.resolve(caller, p.ambience_file_id, 'audio', 'ambience_file_id');
    if (p.cover_file_id) await this.uploads.resolve(caller, p.cover_file_id, 'image', 'cover_file_id');
    const input: WorkInput = {
      template: p.template,
      text: p.text,
      voice: p.voice,
      avatar: p.video_file_id ? undefined : p.avatar,
      videoFileId: p.video_file_id,
      aigcFlag: p.aigc_flag ?? 0,
      bgmFileId: p.bgm_file_id,
      ambienceFileId: p.ambience_file_id,
      coverFileId: p.cover_file_id,
      normLufs: p.norm_lufs || undefined,
      bgmNormLufs: p.bgm_norm_lufs || undefined,
      assetsNormLufs: p.audio_assets_norm_lufs || undefined,
      ambienceNormLufs: p.ambience_norm_lufs || undefined,
    };
    return this.submit(
      caller,
      'video_template',
      p.title,
      input,
      this.reserveForText('video_template', p.text),
    );
  }

  async translate(caller: Caller, p: { video_file_id: string; target_language_code: string }) {
    const lang = p.target_language_code.trim().toLowerCase();
    const targets = this.translation.targets();
    if (targets.length === 0) {
      throw ERRORS.invalid(
        'video translation is not available on this server: no translation engine is installed ' +
          '(its operator can install one; `likeness doctor` lists what is found)',
      );
    }
    if (!targets.includes(lang)) {
      throw ERRORS.invalid(
        `target_language_code must be one of ${targets.join(', ')} on this server ` +
          `(it translates speech in ${this.translation.sources().join(', ')}); got '${p.target_language_code}'`,
      );
    }
    this.tasks.checkPlan(caller, 'video_translate', 'video translation');
    await this.uploads.resolve(caller, p.video_file_id, 'video', 'video_file_id');
    return this.submit(
      caller,
      'video_translate',
      undefined,
      { videoFileId: p.video_file_id, targetLanguage: lang },
      this.reserveForMinute('video_translate'),
      'video_translate',
    );
  }

  async sing(caller: Caller, p: { image_file_id: string; audio_file_id: string }) {
    this.tasks.checkPlan(caller, 'video_sing', 'singing video');
    await this.uploads.resolve(caller, p.image_file_id, 'image', 'image_file_id');
    await this.uploads.resolve(caller, p.audio_file_id, 'audio', 'audio_file_id');
    return this.submit(
      caller,
      'video_sing',
      undefined,
      { imageFileId: p.image_file_id, audio: { fileId: p.audio_file_id } },
      this.reserveForMinute('video_sing'),
      'video_sing',
    );
  }

  async byImage(caller: Caller, p: { image_file_id: string; voice: string; text: string; model?: number }) {
    checkSpeakableText(p.text);
    const model = p.model === undefined || p.model === 0 ? 5 : p.model;
    if (model !== 5 && model !== 6)
      throw ERRORS.invalid(
        `model must be 5 (realistic) or 6 (cartoon), or 0 for the default; got ${p.model}`,
      );
    this.tasks.checkPlan(caller, 'video_image', 'image-driven video');
    await this.uploads.resolve(caller, p.image_file_id, 'image', 'image_file_id');
    await this.checkVoice(caller, p.voice);
    return this.submit(
      caller,
      'video_image',
      undefined,
      { imageFileId: p.image_file_id, voice: p.voice, text: p.text, model },
      this.reserveForText('video_image', p.text),
      'video_image',
    );
  }

  async audioByTts(caller: Caller, p: { voice: string; text: string; title?: string; aigc_flag?: number }) {
    checkSpeakableText(p.text);
    await this.checkVoice(caller, p.voice);
    return this.submit(
      caller,
      'audio_tts',
      p.title,
      { voice: p.voice, text: p.text, aigcFlag: p.aigc_flag ?? 0 },
      this.reserveForText('audio_tts', p.text),
    );
  }

  async getTask(caller: Caller, taskId: string): Promise<WorkTaskView> {
    return workTaskView(await this.tasks.get(caller, taskId, 'work'));
  }

  /** The same view without waiting, when memory has the task (TaskService.peek); else undefined. */
  peekTask(caller: Caller, taskId: string): WorkTaskView | undefined {
    const task = this.tasks.peek(caller, taskId, 'work');
    return task && workTaskView(task);
  }

  async deleteTask(caller: Caller, taskId: string): Promise<void> {
    await this.tasks.delete(caller, taskId, DELETABLE_WORK_TYPES);
  }
}

/** What the task query shows of a work: its row, the result's blob when done, its duration. */
export interface WorkTaskView {
  task: TaskRow;
  blobKey: string | undefined;
  duration: number | undefined;
}

/** Pure. */
function workTaskView(task: TaskRow): WorkTaskView {
  const done = task.status === 3;
  const result = done ? parseResult(task) : undefined;
  return {
    task,
    blobKey: result?.blobKey,
    duration: NO_DURATION_TYPES.has(task.type) ? undefined : done ? Math.round(result?.durationSec ?? 0) : 0,
  };
}
