import type { Config } from '../config.js';
import type { AvatarRow, TaskRow, VoiceRow } from '../db/schema.js';
import type { AvatarRepository } from '../repositories/avatar.repository.js';
import type { CoverRepository } from '../repositories/cover.repository.js';
import type { TaskRepository } from '../repositories/task.repository.js';
import type { VoiceRepository } from '../repositories/voice.repository.js';
import { parseAvatarFace } from './avatar-face.js';
import { parseResult } from './task.service.js';
import { avatarPosterKey } from '../storage/blob-keys.js';
import type { UrlSigner } from './url-signer.js';
import type { WorkBillingService } from './work-billing.service.js';
import { estimateSpeechSeconds, perMinuteFor, type WorkType } from './pricing.js';

const WORK_TYPES: readonly WorkType[] = [
  'video_audio',
  'video_tts',
  'video_template',
  'video_translate',
  'video_sing',
  'video_image',
  'audio_tts',
];

/** How many rows one console list returns at most (the console pages by time, not by number). */
export const CONSOLE_LIST_MAX = 200;

/**
 * What the web console shows of an account's things: tasks with their progress and results,
 * avatars with their face report, voices with their demos, covers, and cost estimates. Read-only;
 * every change goes through the services the spec's routes use.
 */
export class ConsoleLibraryService {
  constructor(
    private readonly repos: {
      tasks: TaskRepository;
      avatars: AvatarRepository;
      voices: VoiceRepository;
      covers: CoverRepository;
    },
    private readonly urls: UrlSigner,
    private readonly billing: WorkBillingService,
    private readonly config: Config,
  ) {}

  async tasks(accountId: string, limit: number, family?: string) {
    const rows = await this.repos.tasks.recentOf(accountId, Math.min(limit, CONSOLE_LIST_MAX), family);
    return Promise.all(rows.map((t) => this.taskItem(t)));
  }

  private async taskItem(t: TaskRow) {
    const result = parseResult(t);
    const done = t.status === 3;
    const isWork = t.family === 'work';
    return {
      task_id: t.id,
      family: t.family,
      type: t.type,
      title: t.title,
      status: t.status,
      progress: done ? 100 : Math.max(0, Math.min(100, Math.round(t.progress))),
      code: t.status === 4 ? t.error_code : null,
      message: t.status === 4 ? t.error_message : null,
      created_at: t.created_at,
      finished_at: t.finished_at,
      credits: done ? t.credits_charged : t.status === 4 ? 0 : t.credits_reserved,
      avatar: done ? (result.avatar ?? null) : null,
      voice: done ? (result.voice ?? null) : null,
      media_url: done && isWork && result.blobKey ? await this.urls.downloadUrl(result.blobKey) : null,
      media_kind: isWork ? (t.type === 'audio_tts' ? ('audio' as const) : ('video' as const)) : null,
      poster_url: done && isWork && result.posterKey ? await this.urls.downloadUrl(result.posterKey) : null,
      duration: done && isWork && result.durationSec !== undefined ? result.durationSec : null,
    };
  }

  /** Own (1) or public (2) avatars that are ready, with a preview and the stored face report. */
  async avatars(accountId: string, kind: 1 | 2) {
    const rows = await this.repos.avatars.getPage(accountId, kind, 1, CONSOLE_LIST_MAX);
    return Promise.all(rows.map((a) => this.avatarDetail(a, kind)));
  }

  private async avatarDetail(a: AvatarRow, kind: 1 | 2) {
    const face = parseAvatarFace(a);
    return {
      avatar: a.id,
      kind,
      title: a.title,
      state: a.state,
      media_url: a.media_key ? await this.urls.downloadUrl(a.media_key) : null,
      media_kind: a.media_kind,
      // Video avatars get a still when they are made (avatar-create); pictures are their own poster.
      poster_url: a.media_kind === 'video' ? await this.urls.downloadUrl(avatarPosterKey(a.id)) : null,
      width: a.width,
      height: a.height,
      duration_sec: a.duration_sec,
      face: face ? { ...face.report, illustrated: face.illustrated ?? false } : null,
      created_at: a.created_at,
    };
  }

  /** Own (1) or public (2) voices with their demo: own demos are files, public ones catalogue assets. */
  async voices(accountId: string, kind: 1 | 2) {
    const rows = await this.repos.voices.getPage(accountId, kind, 1, CONSOLE_LIST_MAX);
    return Promise.all(rows.map((v) => this.voiceDetail(v, kind)));
  }

  private async voiceDetail(v: VoiceRow, kind: 1 | 2) {
    const demo = v.demo_key
      ? await this.urls.downloadUrl(v.demo_key)
      : kind === 2
        ? `${this.config.server.publicUrl}/catalogue/voices/${encodeURIComponent(v.id)}/demo.mp3`
        : null;
    return {
      voice: v.id,
      kind,
      type: v.type,
      title: v.title,
      language: v.language,
      state: v.state,
      rate: v.rate,
      volume: v.volume,
      pitch: v.pitch,
      demo_url: demo,
      created_at: v.created_at,
    };
  }

  async covers(accountId: string) {
    const rows = await this.repos.covers.recentOf(accountId, CONSOLE_LIST_MAX);
    return Promise.all(
      rows.map(async (c) => ({
        cover_id: c.id,
        style_id: c.style_id,
        url: await this.urls.downloadUrl(c.blob_key),
        format: c.format,
        width: c.width,
        height: c.height,
        created_at: c.created_at,
      })),
    );
  }

  /**
   * What a submission would cost and hold, by the rules the submission uses (WorkBillingService):
   * text is priced by its estimated speaking time; a file by its length as the browser measured it,
   * and a work from a file holds at least a minute's price until the render has measured the file.
   */
  estimate(
    p: { type: string; text?: string; seconds?: number },
    balance: number,
  ): {
    charge: number;
    credits: number;
    per_minute: number;
    seconds: number;
    balance: number;
    note: string;
  } | null {
    if (p.type === 'avatar_image') {
      const price = this.config.prices.avatarImage;
      return {
        charge: price,
        credits: price,
        per_minute: 0,
        seconds: 0,
        balance,
        note: 'a flat price per avatar made from an image',
      };
    }
    if (!(WORK_TYPES as readonly string[]).includes(p.type)) return null;
    const type = p.type as WorkType;
    const fromText = p.text !== undefined && p.text.trim() !== '';
    const seconds = fromText ? estimateSpeechSeconds(p.text!) : (p.seconds ?? 60);
    const charge = this.billing.costFor(type, seconds);
    const held = fromText ? charge : Math.max(charge, this.billing.reserveForMinute(type));
    return {
      charge,
      credits: held,
      per_minute: perMinuteFor(type, this.config.prices),
      seconds,
      balance,
      note:
        held > charge
          ? 'a minute is held until the file is measured; the charge follows the output’s real length, and a failed task is refunded'
          : 'the charge follows the output’s real length; a failed task is refunded',
    };
  }
}
