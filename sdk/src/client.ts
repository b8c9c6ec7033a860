/**
 * LikenessClient: one method per endpoint of the generation API (/api/v2/svc) and the clone API
 * (/api/app/v1/clone), grouped by resource. Parameters and replies are the generated OpenAPI types;
 * failures are thrown as typed errors (errors.ts); network failures and "busy" codes are retried.
 */
import { Transport, type TransportOptions } from './transport.js';
import type * as T from './types.js';
import {
  putToGrant,
  uploadSource,
  type UploadOptions,
  type UploadResult,
  type UploadSource,
} from './upload.js';
import { findTask, waitForTask, type TaskQuery, type WaitOptions } from './wait.js';

export type ClientOptions = TransportOptions;

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
  /** `Prefer` preferences, e.g. TestPrefer.fail(2014) (test tokens only; see test-mode.ts). */
  prefer?: string | readonly string[];
}

const preferOf = (o?: CallOptions): readonly string[] | undefined =>
  o?.prefer === undefined ? undefined : typeof o.prefer === 'string' ? [o.prefer] : o.prefer;

const SVC = '/api/v2/svc';
const CLONE = '/api/app/v1/clone';

export class LikenessClient {
  readonly transport: Transport;

  constructor(opts: ClientOptions) {
    this.transport = new Transport(opts);
  }

  private get<R>(path: string, query?: object, o?: CallOptions) {
    return this.transport.request<R>({
      api: 'svc',
      method: 'GET',
      path: SVC + path,
      query,
      signal: o?.signal,
      prefer: preferOf(o),
    });
  }
  private post<R>(path: string, body: object, o?: CallOptions) {
    return this.transport.request<R>({
      api: 'svc',
      method: 'POST',
      path: SVC + path,
      body,
      signal: o?.signal,
      prefer: preferOf(o),
    });
  }
  private del<R>(path: string, query: object, o?: CallOptions) {
    return this.transport.request<R>({
      api: 'svc',
      method: 'DELETE',
      path: SVC + path,
      query,
      signal: o?.signal,
    });
  }

  /** The account: GET /account/credit. */
  readonly account = {
    /** The credit balance (`left`). */
    credit: (o?: CallOptions) => this.get<T.CreditReply>('/account/credit', undefined, o),
  };

  /** Signed uploads: POST /tool/create_upload_url, then PUT to the granted URL. */
  readonly uploads = {
    /** A grant: upload_url, content_type, file_id. */
    createUrl: (p: T.UploadUrlParams, o?: CallOptions) =>
      this.post<T.UploadGrant>('/tool/create_upload_url', p, o),
    /** PUTs a source to a grant you already have. */
    put: (grant: T.UploadGrant, source: UploadSource, o?: UploadOptions) =>
      putToGrant(this.transport, grant, source, o),
    /** Grant + PUT in one call; returns the file_id to pass to other operations. */
    upload: (source: UploadSource, o?: UploadOptions): Promise<UploadResult> =>
      uploadSource(
        this.transport,
        (ext) => this.uploads.createUrl({ file_extension: ext }, { signal: o?.signal }),
        source,
        o,
      ),
  };

  readonly avatars = {
    createByVideo: (p: T.AvatarCreateByVideoParams, o?: CallOptions) =>
      this.post<T.TaskIdReply>('/avatar/create_by_video', p, o),
    /** Costs credits. */
    createByImage: (p: T.AvatarCreateByImageParams, o?: CallOptions) =>
      this.post<T.TaskIdReply>('/avatar/create_by_image', p, o),
    task: (taskId: string, o?: CallOptions) =>
      this.get<T.AvatarTaskReply>('/avatar/task', { task_id: taskId }, o),
    /** kind: 0 all (own first), 1 own, 2 public (the default). */
    list: (p: T.AvatarListParams = {}, o?: CallOptions) => this.get<T.AvatarListReply>('/avatar/list', p, o),
    /** Deletes one of your own avatars. */
    delete: (avatar: string, o?: CallOptions) => this.del<T.EmptyReply>('/avatar', { avatar }, o),
  };

  readonly voices = {
    /** Clones a voice from a sample (voice_type 8). */
    create: (p: T.VoiceCreateParams, o?: CallOptions) => this.post<T.TaskIdReply>('/voice/create', p, o),
    edit: (p: T.VoiceEditParams, o?: CallOptions) => this.post<T.EmptyReply>('/voice/edit', p, o),
    /** kind: 1 your cloned voices (the default), 2 public voices. */
    list: (p: T.VoiceListParams = {}, o?: CallOptions) => this.get<T.VoiceListReply>('/voice/list', p, o),
    task: (taskId: string, o?: CallOptions) =>
      this.get<T.VoiceTaskReply>('/voice/task', { task_id: taskId }, o),
  };

  readonly videos = {
    /** Costs credits. */
    createByAudio: (p: T.VideoCreateByAudioParams, o?: CallOptions) =>
      this.post<T.TaskIdReply>('/video/create_by_audio', p, o),
    /** Costs credits. */
    createByTts: (p: T.VideoCreateByTtsParams, o?: CallOptions) =>
      this.post<T.TaskIdReply>('/video/create_by_tts', p, o),
    /** Costs credits. */
    createByTemplate: (p: T.VideoCreateByTemplateParams, o?: CallOptions) =>
      this.post<T.TaskIdReply>('/video/create_by_template', p, o),
    /** Costs credits. */
    translate: (p: T.VideoTranslateParams, o?: CallOptions) =>
      this.post<T.TaskIdReply>('/video/translate', p, o),
    /** Costs credits. */
    createBySing: (p: T.VideoCreateBySingParams, o?: CallOptions) =>
      this.post<T.TaskIdReply>('/video/create_by_sing', p, o),
    /** Costs credits. */
    createByImage: (p: T.VideoCreateByImageParams, o?: CallOptions) =>
      this.post<T.TaskIdReply>('/video/create_by_image', p, o),
    /** Any work's result, audio from text included (its MP3 URL is in video_Url). */
    task: (taskId: string, o?: CallOptions) =>
      this.get<T.WorkTaskReply>('/video/task', { task_id: taskId }, o),
    /** Deletes an ordinary video task; an unfinished one is cancelled and refunded. */
    deleteTask: (taskId: string, o?: CallOptions) =>
      this.del<T.EmptyReply>('/video/task', { task_id: taskId }, o),
    livelyTemplates: (p: T.LivelyTemplateParams = {}, o?: CallOptions) =>
      this.get<T.LivelyTemplateReply>('/video/lively_templates', p, o),
  };

  readonly audio = {
    /** Costs credits. Wait for it like a video: waitForTask(task_id) or videos.task(task_id). */
    createByTts: (p: T.AudioCreateByTtsParams, o?: CallOptions) =>
      this.post<T.TaskIdReply>('/audio/create_by_tts', p, o),
  };

  readonly covers = {
    styles: (p: T.CoverStyleParams = {}, o?: CallOptions) =>
      this.get<T.CoverStyleReply>('/project/cover_styles', p, o),
    /** Renders at once: the reply carries the image URL. */
    create: (p: T.CoverCreateParams, o?: CallOptions) => this.post<T.CoverReply>('/project/covers', p, o),
  };

  /** The clone API. Its calls return the envelope's `data`; failures throw like everything else. */
  readonly clone = {
    /** Avatar / Clone by Image: an uploaded portrait becomes an avatar asset (costs credits). */
    avatarByImage: async (p: T.CloneByImageParams, o?: CallOptions): Promise<T.CloneByImageResult> =>
      (
        await this.transport.request<{ data: T.CloneByImageResult }>({
          api: 'clone',
          method: 'POST',
          path: `${CLONE}/avatar/by_image`,
          body: p,
          signal: o?.signal,
        })
      ).data,
    /** One page of your avatar assets, newest first; pass next_cursor back for the next page. */
    avatars: async (p: T.CloneAvatarListParams = {}, o?: CallOptions): Promise<T.CloneAvatarListResult> =>
      (
        await this.transport.request<{ data: T.CloneAvatarListResult }>({
          api: 'clone',
          method: 'GET',
          path: `${CLONE}/avatars`,
          query: p,
          signal: o?.signal,
        })
      ).data,
  };

  /** Every avatar asset of the clone API, page after page (follows next_cursor). */
  async *cloneAvatars(
    p: Omit<T.CloneAvatarListParams, 'cursor'> = {},
    o?: CallOptions,
  ): AsyncGenerator<T.CloneAsset> {
    let cursor: string | undefined;
    do {
      const page = await this.clone.avatars({ ...p, cursor }, o);
      yield* page.items;
      cursor = page.next_cursor || undefined;
    } while (cursor);
  }

  /** The task query for a kind of task. */
  taskQuery: TaskQuery = (kind, taskId) => {
    const q =
      kind === 'avatar'
        ? this.avatars.task(taskId)
        : kind === 'voice'
          ? this.voices.task(taskId)
          : this.videos.task(taskId);
    // Each branch answers TaskReplyOf<K> for the K it tested; TypeScript does not narrow K by that test.
    return q as never;
  };

  /** One look at any task; without `kind` the task's kind is found out (one to three queries). */
  async getTask(taskId: string, kind?: T.TaskKind): Promise<{ kind: T.TaskKind; reply: T.AnyTaskReply }> {
    return kind ? { kind, reply: await this.taskQuery(kind, taskId) } : findTask(this.taskQuery, taskId);
  }

  /**
   * Polls a task until it completes (returns the last reply), fails (TaskFailedError with its
   * fail_code and fail_reason) or the time limit passes (TaskTimeoutError).
   */
  waitForTask<K extends T.TaskKind = T.TaskKind>(
    taskId: string,
    opts: WaitOptions<K> = {},
  ): Promise<T.TaskReplyOf<K>> {
    return waitForTask(this.taskQuery, taskId, opts);
  }

  /** Same as uploads.upload. */
  upload(source: UploadSource, opts?: UploadOptions): Promise<UploadResult> {
    return this.uploads.upload(source, opts);
  }
}

/** A client for a likeness service: `createClient({ baseUrl, token })`. */
export function createClient(opts: ClientOptions): LikenessClient {
  return new LikenessClient(opts);
}
