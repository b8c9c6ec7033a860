import { join } from 'node:path';
import type { Logger } from 'pino';
import { AppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import {
  copyClipStretch,
  extractFrame,
  findLoopCut,
  hashFile,
  keepAvatarRegion,
} from '../../media/compose/index.js';
import {
  reportPlayedStretch,
  stretchToPlay,
  trackFaceInImage,
  trackOfStretch,
  type FaceTrack,
  type PlayedStretch,
} from '../../media/face/index.js';
import { StepTimer } from '../../lib/step-timer.js';
import { displaySize } from '../../media/probe.js';
import type { MediaToolkit } from '../../media/toolkit.js';
import type { AvatarFace } from '../../services/avatar-face.js';
import {
  imageAvatarMotion,
  type AvatarService,
  type AvatarTaskInput,
  type MadeAvatar,
} from '../../services/avatar.service.js';
import type { TaskService } from '../../services/task.service.js';
import { avatarImageKey, avatarPosterKey, avatarVideoKey } from '../../storage/blob-keys.js';
import { JobName, type JobHandler } from '../job-queue.js';
import { acquireImage, acquireVideo, type InputContext, type InputDeps } from './checked-inputs.js';
import { DENSE_TRACK_SEC, judgeFaceTrack, storeFaceTrack, type FaceTrackDeps } from './face-tracks.js';
import { classifyFailure, internalFailureMessage, logFailure } from './job-failure.js';
import { withTmpDir } from './job-tmp.js';
import { AVATAR_FPS, outputSize } from './work-sources.js';
import { StepTimeoutError, TIME_LIMITS, withTimeLimit } from './time-limits.js';
import { queuedMsOf } from './task-timing.js';

/** What making an avatar uses. */
export interface AvatarCreateDeps extends InputDeps, FaceTrackDeps {
  tasks: Pick<TaskService, 'start' | 'progress'>;
  avatars: Pick<AvatarService, 'completeCreation' | 'failCreation' | 'giveUpCreation'>;
  media: MediaToolkit;
  log: Logger;
}

/** How the client named the input, for messages. */
function subjectOf(input: AvatarTaskInput): string {
  const param = 'fileId' in input.source ? 'file_id' : input.kind === 'video' ? 'video_url' : 'image_url';
  return input.kind === 'video' ? `the avatar video (${param})` : `the portrait (${param})`;
}

/**
 * Makes an avatar from a video or an image: fetch, check against the spec's limits and decode-check,
 * track the face (468 landmarks per sample) and judge the track (face found often enough, large
 * enough, facing the camera), then store the media, the face track and its report (and a poster
 * frame for videos). AvatarService then ends the avatar, and every task waiting on it, ready or failed.
 */
export function avatarCreateJob(d: AvatarCreateDeps): JobHandler<'avatar.create'> {
  const { tasks, avatars, media, blobs } = d;

  /**
   * The track's report, or 2015 with the reason when the face cannot be animated; stores the track.
   * The track of a played stretch is judged alone, and its report says what the avatar plays.
   */
  async function judge(
    track: FaceTrack,
    kind: 'video' | 'image',
    avatarId: string,
    tmp: string,
    stretch: PlayedStretch | null = null,
  ) {
    const judged = judgeFaceTrack(track, kind);
    const report = stretch ? reportPlayedStretch(judged, stretch) : judged;
    const face: AvatarFace = { report, track: await storeFaceTrack(blobs, avatarId, track, tmp) };
    return face;
  }

  /**
   * The stretch of the clip an avatar plays, as its own file (re-encoded from its first frame), with
   * its track and the hash that names its kept region.
   */
  async function playStretch(
    taskId: string,
    clip: string,
    track: FaceTrack,
    stretch: PlayedStretch,
    pixels: number,
    tmp: string,
    signal: AbortSignal,
    subject: string,
  ) {
    const sec = stretch.toSec - stretch.fromSec;
    const path = join(tmp, 'stretch.mp4');
    const t0 = performance.now();
    await withTimeLimit(
      signal,
      TIME_LIMITS.copyStretch(sec, pixels, SvcCode.AvatarCloneFailed),
      'keeping the part with the face',
      (s, progressed) =>
        copyClipStretch(media.bins, clip, { fromSec: stretch.fromSec, durationSec: sec }, path, {
          signal: s,
          onProgress: progressed,
        }),
    ).catch((err: unknown) => {
      if (signal.aborted || err instanceof StepTimeoutError) throw err;
      // Its frames decoded for the tracking: what failed is in the file (ffmpeg's words are logged
      // with the cause), and a fresh export is what the user can do about it.
      throw new AppError(
        SvcCode.VideoResourceFailed,
        `${subject}: its part with the face (${stretch.fromSec.toFixed(1)}-${stretch.toSec.toFixed(1)} s) ` +
          'could not be re-encoded; export it again (H.264 video, AAC sound) and upload the new file',
        {},
        { cause: err },
      );
    });
    d.log.info(
      { taskId, fromSec: stretch.fromSec, toSec: stretch.toSec, ms: Math.round(performance.now() - t0) },
      'avatar plays the stretch of its clip with the face',
    );
    const hash = hashFile(path);
    hash.catch(() => undefined); // awaited by the caller, after the judging
    return { path, sec, track: trackOfStretch(track, stretch), hash };
  }

  async function fromVideo(
    taskId: string,
    avatarId: string,
    input: AvatarTaskInput,
    ctx: InputContext,
    steps: StepTimer,
  ): Promise<MadeAvatar> {
    const { tmp, signal } = ctx;
    const got = await steps.time('input', () =>
      acquireVideo(d, ctx, input.source, 'avatar', subjectOf(input)),
    );
    await tasks.progress(taskId, 20);
    const info = got.info;
    const size = displaySize(info.video!);
    // It names the clip's kept region for every render of the avatar: taken as the clip was stored
    // (an upload) or downloaded (a URL), else once here, beside the tracking.
    const hashing = got.sha256 !== undefined ? Promise.resolve(got.sha256) : hashFile(got.path);
    hashing.catch(() => undefined); // awaited below; the tracking may fail first
    const toSec = Math.min(info.durationSec, DENSE_TRACK_SEC);
    let lastPercent = 20;
    const detector = await media.faces();
    const limit = TIME_LIMITS.trackVideo(toSec, size.width * size.height, SvcCode.AvatarCloneFailed);
    const track = await steps.time('face', () =>
      withTimeLimit(signal, limit, 'face tracking', (s, progressed) =>
        detector.trackVideo(
          media.bins.ffmpeg,
          got.path,
          { durationSec: info.durationSec, ...size },
          {
            toSec,
            // Every frame a render of the avatar shows (T5).
            sampleFps: AVATAR_FPS,
            signal: s,
            onProgress: (f) => {
              progressed();
              // Samples arrive several times a second; write only when the percentage moves.
              const percent = 20 + Math.round(f * 50);
              if (percent === lastPercent) return;
              lastPercent = percent;
              void tasks.progress(taskId, percent);
            },
          },
        ),
      ),
    );
    // A face missing from part of the clip: the avatar plays the longest stretch where it is in view.
    const stretch = stretchToPlay(track, info.durationSec);
    const played = stretch
      ? await steps.time('stretch', () =>
          playStretch(
            taskId,
            got.path,
            track,
            stretch,
            size.width * size.height,
            tmp,
            signal,
            subjectOf(input),
          ),
        )
      : { path: got.path, sec: info.durationSec, track, hash: hashing };
    const face = await judge(played.track, 'video', avatarId, tmp, stretch);
    await tasks.progress(taskId, 70);
    const mediaSha256 = await played.hash;
    // Beside the storing and the poster: the first video of the avatar then starts as its later ones do.
    const kept = keepRegion(
      taskId,
      { path: played.path, contentHash: mediaSha256 },
      played.track,
      size,
      played.sec,
      signal,
    );
    kept.catch(() => undefined); // awaited below; a step before that may throw first
    const cut = loopCut(taskId, played.path, played.sec, signal);
    cut.catch(() => undefined); // awaited below, as the region is
    const mediaKey = avatarVideoKey(avatarId);
    await steps.time('store', () => blobs.putFile(mediaKey, played.path));
    const poster = join(tmp, 'poster.png');
    const posterSec = Math.min(0.5, played.sec / 2);
    await steps
      .time('poster', () =>
        withTimeLimit(signal, TIME_LIMITS.still, 'the poster frame', (s) =>
          extractFrame(media.bins, played.path, posterSec, poster, { signal: s }),
        ),
      )
      .catch((err: unknown) => {
        if (signal.aborted || err instanceof StepTimeoutError) throw err;
        // The header and both ends of the stream were fine, but this picture does not decode: the
        // data in between is damaged, and renders would show it.
        throw new AppError(
          SvcCode.VideoResourceFailed,
          `${subjectOf(input)} is damaged: its picture at ${posterSec} s does not decode; export it again and upload the new file`,
          {},
          { cause: err },
        );
      });
    await steps.time('store', () => blobs.putFile(avatarPosterKey(avatarId), poster));
    await steps.time('region', () => kept);
    return {
      media_key: mediaKey,
      media_kind: 'video',
      ...size,
      duration_sec: played.sec,
      media_sha256: mediaSha256,
      loop_cut_frames: await steps.time('loop cut', () => cut),
      face,
    };
  }

  /**
   * Keeps the region around the mouth that the avatar's videos animate (the region cache), so that
   * its first video need not decode it. Nice to have: without it the first video decodes and keeps
   * it, so a failure only logs a warning; an abort of the job still ends the job.
   */
  async function keepRegion(
    taskId: string,
    clip: { path: string; contentHash: string },
    track: FaceTrack,
    size: { width: number; height: number },
    clipSec: number,
    signal: AbortSignal,
  ): Promise<void> {
    const cache = media.regionCache;
    if (!cache) return;
    const t0 = performance.now();
    try {
      const kept = await withTimeLimit(signal, TIME_LIMITS.keepRegion(clipSec), 'keeping the region', (s) =>
        keepAvatarRegion(
          media.bins,
          {
            avatar: { ...clip, startSec: 0, face: track },
            output: { ...outputSize(size.width, size.height), fps: AVATAR_FPS },
          },
          { cache, tmpDir: media.tmpDir, signal: s },
        ),
      );
      d.log.info({ taskId, kept, ms: Math.round(performance.now() - t0) }, 'avatar region kept');
    } catch (err) {
      if (signal.aborted) throw err;
      d.log.warn({ taskId, err }, "the avatar's region could not be kept; its first video will decode it");
    }
  }

  /**
   * Where the clip comes back to its own start (findLoopCut), so that its videos loop there with no
   * seam. Nice to have: without it they cross-fade, so a failure only logs a warning; an abort of
   * the job still ends the job.
   */
  async function loopCut(
    taskId: string,
    clip: string,
    clipSec: number,
    signal: AbortSignal,
  ): Promise<number | null> {
    const t0 = performance.now();
    try {
      const frames = await withTimeLimit(
        signal,
        TIME_LIMITS.findLoopCut(clipSec),
        'finding a loop cut',
        (s) => findLoopCut(media.bins, { path: clip, durationSec: clipSec }, AVATAR_FPS, s),
      );
      d.log.info(
        { taskId, loopCutFrames: frames, ms: Math.round(performance.now() - t0) },
        'avatar loop cut looked for',
      );
      return frames;
    } catch (err) {
      if (signal.aborted) throw err;
      d.log.warn(
        { taskId, err },
        "the avatar's loop cut could not be looked for; its videos will cross-fade",
      );
      return null;
    }
  }

  async function fromImage(
    avatarId: string,
    input: AvatarTaskInput,
    ctx: InputContext,
    steps: StepTimer,
  ): Promise<MadeAvatar> {
    // Decoded upright as PNG, so every later step sees upright pixels.
    const picture = await steps.time('input', () =>
      acquireImage(d, ctx, input.source, subjectOf(input), 'image'),
    );
    const detector = await media.faces();
    const limit = TIME_LIMITS.trackImage(SvcCode.AvatarCloneFailed);
    const track = await steps.time('face', () =>
      withTimeLimit(ctx.signal, limit, 'face detection', () => trackFaceInImage(detector, picture.path)),
    );
    const face = await judge(track, 'image', avatarId, ctx.tmp);
    const mediaKey = avatarImageKey(avatarId);
    await steps.time('store', () => blobs.putFile(mediaKey, picture.path));
    return {
      media_key: mediaKey,
      media_kind: 'image',
      width: picture.width,
      height: picture.height,
      face,
      motion: imageAvatarMotion(input.model),
    };
  }

  return {
    name: JobName.AvatarCreate,
    async run({ taskId }, ctx) {
      const task = await tasks.start(taskId, ctx.attempt);
      if (!task || !task.subject_id) return;
      const avatarId = task.subject_id;
      const input = JSON.parse(task.input) as AvatarTaskInput;
      const steps = new StepTimer();
      try {
        const made = await withTmpDir(media.tmpDir, 'avatar', async (tmp) => {
          const work = { accountId: task.account_id, tmp, signal: ctx.signal };
          return input.kind === 'video'
            ? fromVideo(taskId, avatarId, input, work, steps)
            : fromImage(avatarId, input, work, steps);
        });
        await steps.time('complete', () => avatars.completeCreation(avatarId, made));
        // Where its time went, as for a render ('work rendered'), for operators and bench/start. The
        // region and loop cut run beside the storing; their steps are what was still to wait for.
        d.log.info(
          { taskId, kind: input.kind, queuedMs: queuedMsOf(task), ms: steps.summary() },
          'avatar made',
        );
      } catch (err) {
        const failure = classifyFailure(err, ctx.signal, taskId);
        logFailure(d.log, taskId, err, failure);
        if (failure.kind !== 'fail') throw err; // retried, or the queue's (shutdown, cancellation)
        await avatars.failCreation(avatarId, failure.code, failure.message);
      }
    },
    async onGiveUp({ taskId }, err) {
      d.log.error({ taskId, err }, 'avatar task gave up');
      await avatars.giveUpCreation(taskId, internalFailureMessage(taskId));
    },
  };
}
