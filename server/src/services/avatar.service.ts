import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { AvatarRow } from '../db/schema.js';
import { AppError, ERRORS } from '../errors/app-error.js';
import { CloneCode, SvcCode } from '../errors/codes.js';
import { iso, type Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/crypto.js';
import { newId } from '../lib/ids.js';
import { JobName } from '../jobs/job-queue.js';
import type { AvatarListKind, AvatarRepository } from '../repositories/avatar.repository.js';
import type { RateLimitRepository } from '../repositories/rate-limit.repository.js';
import type { Caller } from './account.service.js';
import type { AvatarFace } from './avatar-face.js';
import type { InputRef } from './input.service.js';
import { parseAvatarFace } from './avatar-face.js';
import { parseResult, type Resolution, type TaskService } from './task.service.js';
import type { UploadService } from './upload.service.js';
import { testTaskOf } from './test-outcomes.js';
import { oneOf } from './one-of.js';

export interface AvatarTaskInput {
  source: InputRef;
  kind: 'video' | 'image';
  /** create_by_image model: 1 = calmer idle motion, 2 = livelier (default). */
  model?: number;
  aigcFlag: number;
  via?: 'clone';
}

/** What an avatar-making job measured and stored: the avatar becomes ready with it. */
export type MadeAvatar = {
  media_key: string;
  width: number;
  height: number;
  face: AvatarFace;
} & (
  | {
      media_kind: 'video';
      duration_sec: number;
      /** SHA-256 of the stored clip. */
      media_sha256: string;
      /** Where the clip loops with no seam (material frames at the avatars' rate), or null. */
      loop_cut_frames: number | null;
    }
  | { media_kind: 'image'; motion: 'subtle' | 'lively' }
);

/** Idle motion of an avatar made from a picture: create_by_image model 1 is calmer, 2 (the default) livelier. */
export const imageAvatarMotion = (model: number | undefined): 'subtle' | 'lively' =>
  model === 1 ? 'subtle' : 'lively';

export class AvatarService {
  constructor(
    private readonly avatars: AvatarRepository,
    private readonly tasks: TaskService,
    private readonly uploads: UploadService,
    private readonly rateLimits: RateLimitRepository,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  private pendingAvatar(caller: Caller, id: string, title: string, source: string, sourceKey: string | null) {
    return async (trx: Db, taskId: string) => {
      await this.avatars.create(
        {
          id,
          account_id: caller.accountId,
          scope: 'private',
          title,
          source,
          source_key: sourceKey,
          state: 'pending',
          media_key: null,
          media_kind: null,
          width: null,
          height: null,
          duration_sec: null,
          face: null,
          motion: null,
          task_id: taskId,
          created_at: iso(this.clock.now()),
          deleted_at: null,
        },
        trx,
      );
    };
  }

  /** Same video_url (or uploaded file) for the same account → the same avatar. */
  async createByVideo(
    caller: Caller,
    p: { title?: string; video_url?: string; file_id?: string; aigc_flag?: number },
  ) {
    oneOf(p.video_url, p.file_id, ['video_url', 'file_id']);
    if (p.file_id) await this.uploads.resolve(caller, p.file_id, 'video', 'file_id');
    const source: InputRef = p.file_id ? { fileId: p.file_id } : { url: p.video_url! };
    const sourceKey = p.file_id ? `file:${p.file_id}` : `url:${sha256Hex(p.video_url!)}`;
    const title = p.title || 'Untitled';
    const input: AvatarTaskInput = { source, kind: 'video', aigcFlag: p.aigc_flag ?? 0 };
    const id = newId('av');
    const test = caller.test ? testTaskOf(caller.testPreferences, 'avatar', 'avatar_video') : null;
    if (test) {
      // A test outcome makes an avatar of its own: an earlier one of the same video would answer instead.
      return this.tasks.submit(caller, {
        family: 'avatar',
        type: 'avatar_video',
        title,
        input: { ...input, ...test.input },
        job: test.runsTestJob ? JobName.TestOutcome : JobName.AvatarCreate,
        reserve: 0,
        subjectId: id,
        alsoInTransaction: this.pendingAvatar(caller, id, title, 'video', null),
      });
    }
    // Decided under the account's lock: two submissions of one URL at once find each other.
    let follows: string | null = null;
    const taskId = await this.tasks.submit(caller, {
      family: 'avatar',
      type: 'avatar_video',
      title,
      input: { ...input },
      job: JobName.AvatarCreate,
      reserve: 0,
      resolveInTransaction: async (trx): Promise<Resolution> => {
        const existing = await this.avatars.findBySource(caller.accountId, sourceKey, trx);
        if (existing?.state === 'ready')
          return { subjectId: existing.id, completedWith: { avatar: existing.id } };
        if (existing) {
          follows = existing.id;
          return { subjectId: existing.id, noJob: true };
        }
        return {
          subjectId: id,
          alsoInTransaction: this.pendingAvatar(caller, id, title, 'video', sourceKey),
        };
      },
    });
    if (follows) await this.settleFollower(taskId, follows);
    return taskId;
  }

  /**
   * A task waiting on an avatar that another task is making is completed by that task's job. The
   * job may have finished between our lookup and our insert, so look again now that the task is
   * stored: the job writes the avatar's state before it settles the waiting tasks, so either it saw
   * this task or this read sees its result.
   */
  private async settleFollower(taskId: string, avatarId: string): Promise<void> {
    const avatar = await this.avatars.getForJob(avatarId);
    if (avatar?.state === 'ready') await this.tasks.complete(taskId, { avatar: avatarId });
    else if (avatar?.state === 'failed' || !avatar || avatar.deleted_at) {
      await this.tasks.fail(
        taskId,
        SvcCode.AvatarCloneFailed,
        'avatar cloning failed for this video; submit it again',
      );
    }
  }

  async createByImage(
    caller: Caller,
    p: { title?: string; image_url?: string; file_id?: string; model?: number; aigc_flag?: number },
  ) {
    oneOf(p.image_url, p.file_id, ['image_url', 'file_id']);
    if (p.file_id) await this.uploads.resolve(caller, p.file_id, 'image', 'file_id');
    const id = newId('av');
    const title = p.title || 'Untitled';
    const input: AvatarTaskInput = {
      source: p.file_id ? { fileId: p.file_id } : { url: p.image_url! },
      kind: 'image',
      model: p.model ?? 2,
      aigcFlag: p.aigc_flag ?? 0,
    };
    const test = caller.test ? testTaskOf(caller.testPreferences, 'avatar', 'avatar_image') : null;
    return this.tasks.submit(caller, {
      family: 'avatar',
      type: 'avatar_image',
      title,
      input: { ...input, ...test?.input },
      job: test?.runsTestJob ? JobName.TestOutcome : JobName.AvatarCreate,
      reserve: this.config.prices.avatarImage,
      planGate: 'avatar_image',
      subjectId: id,
      alsoInTransaction: this.pendingAvatar(caller, id, title, 'image', null),
    });
  }

  /** The clone API's operation: an uploaded portrait image becomes an avatar asset. */
  async cloneByImage(caller: Caller, p: { file_id: string; title?: string }) {
    // One bucket per account in the database: every process and both routes (HTTP, MCP) draw from it.
    const perMinute = this.config.limits.cloneRatePerMinute;
    if (!(await this.rateLimits.take(`clone:${caller.accountId}`, perMinute, this.clock.now().getTime()))) {
      throw new AppError(
        SvcCode.InvalidParameter,
        `at most ${perMinute} clone requests a minute; retry shortly`,
        {
          cloneCode: CloneCode.RateLimited,
        },
      );
    }
    const file = await this.uploads.resolve(caller, p.file_id, 'image', 'file_id').catch((e: unknown) => {
      if (e instanceof AppError && e.code === SvcCode.FileTypeUnsupported) {
        throw new AppError(e.code, e.message, { cloneCode: CloneCode.CategoryMismatch });
      }
      throw e;
    });
    const id = newId('av');
    const title = p.title || 'Untitled';
    const input: AvatarTaskInput = {
      source: { fileId: file.id },
      kind: 'image',
      model: 2,
      aigcFlag: 0,
      via: 'clone',
    };
    const test = caller.test ? testTaskOf(caller.testPreferences, 'avatar', 'clone_avatar', 'clone') : null;
    const taskId = await this.tasks.submit(caller, {
      family: 'avatar',
      type: 'clone_avatar',
      title,
      input: { ...input, ...test?.input },
      job: test?.runsTestJob ? JobName.TestOutcome : JobName.AvatarCreate,
      reserve: this.config.prices.avatarImage,
      planGate: 'clone_avatar',
      subjectId: id,
      checkInTransaction: async (trx) => {
        const max = this.config.limits.maxAvatars;
        if ((await this.avatars.countOwned(caller.accountId, trx)) >= max) {
          throw new AppError(
            SvcCode.InvalidParameter,
            `this account already has ${max} avatars; delete one first`,
            {
              cloneCode: CloneCode.AssetLimitReached,
            },
          );
        }
      },
      alsoInTransaction: this.pendingAvatar(caller, id, title, 'image', null),
    });
    const avatar = await this.avatars.getForJob(id);
    return { avatarId: id, taskId, avatar: avatar!, cost: this.config.prices.avatarImage };
  }

  /** The task, its avatar once made, and what the avatar's face report says (faces found, speaker). */
  async getTask(caller: Caller, taskId: string) {
    const task = await this.tasks.get(caller, taskId, 'avatar');
    const result = parseResult(task);
    const avatar = task.status === 3 ? (result.avatar ?? '') : '';
    const row = avatar ? await this.avatars.getUsable(avatar, caller.accountId) : undefined;
    return { task, avatar, face: row ? (parseAvatarFace(row)?.report ?? null) : null };
  }

  async list(caller: Caller, kind: AvatarListKind, page: number, size: number) {
    const rows = await this.avatars.getPage(caller.accountId, kind, page, size);
    return rows.map((a) => ({ avatar: a.id, kind: a.scope === 'public' ? 2 : 1, title: a.title }));
  }

  async listAssets(
    caller: Caller,
    after: { createdAt: string; id: string } | null,
    limit: number,
  ): Promise<AvatarRow[]> {
    return this.avatars.getOwnAfter(caller.accountId, after, limit);
  }

  /** Only the caller's own, private avatars can be deleted; others are refused and left intact. */
  async delete(caller: Caller, avatarId: string): Promise<void> {
    const a = await this.avatars.getUsable(avatarId, caller.accountId);
    if (!a) throw ERRORS.notFound('avatar', avatarId);
    if (a.scope === 'public')
      throw ERRORS.invalid(`avatar '${avatarId}' is a public avatar; only your own avatars can be deleted`);
    if (a.scope === 'team') {
      throw ERRORS.invalid(
        `avatar '${avatarId}' is in a team space; team avatars cannot be deleted with this operation`,
      );
    }
    await this.avatars.update(a.id, { deleted_at: iso(this.clock.now()) });
  }

  /** For job handlers. */
  getForJob(id: string) {
    return this.avatars.getForJob(id);
  }

  getUsable(caller: Caller, id: string) {
    return this.avatars.getUsable(id, caller.accountId);
  }

  // The life of an avatar: created pending with its task (submission above), then made by the
  // avatar.create job, which ends it in one of the two states below. Every task waiting on the
  // avatar (the same video_url submitted again meanwhile) ends with it.

  /**
   * The avatar is made: it becomes ready, then every task waiting on it completes with it. The state
   * is written first: a follower stored meanwhile either is seen here or sees it (settleFollower).
   */
  async completeCreation(avatarId: string, made: MadeAvatar): Promise<void> {
    await this.avatars.update(avatarId, {
      state: 'ready',
      media_key: made.media_key,
      media_kind: made.media_kind,
      width: made.width,
      height: made.height,
      duration_sec: made.media_kind === 'video' ? made.duration_sec : null,
      media_sha256: made.media_kind === 'video' ? made.media_sha256 : null,
      loop_cut_frames: made.media_kind === 'video' ? made.loop_cut_frames : null,
      face: JSON.stringify(made.face),
      motion: made.media_kind === 'image' ? made.motion : null,
    });
    for (const t of await this.tasks.getOpenForSubject(avatarId))
      await this.tasks.complete(t.id, { avatar: avatarId });
  }

  /** The avatar cannot be made: it fails, and so does every task waiting on it (refunded). */
  async failCreation(avatarId: string, code: number, message: string): Promise<void> {
    await this.avatars.update(avatarId, { state: 'failed' });
    for (const t of await this.tasks.getOpenForSubject(avatarId)) await this.tasks.fail(t.id, code, message);
  }

  /** The job making the avatar of this task gave up (a fault of this server): all of it fails with `message`. */
  async giveUpCreation(taskId: string, message: string): Promise<void> {
    const task = await this.tasks.getForJob(taskId);
    if (task?.subject_id) await this.failCreation(task.subject_id, SvcCode.Internal, message);
    if (task) await this.tasks.fail(taskId, SvcCode.Internal, message);
  }
}
