import { join } from 'node:path';
import type { Container } from '../../container.js';
import { AppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import { extractFrame } from '../../media/compose/index.js';
import { trackFaceInImage, trackFaceInVideo, type FaceTrack } from '../../media/face/index.js';
import { displaySize } from '../../media/probe.js';
import type { AvatarTaskInput } from '../../services/avatar.service.js';
import { JobName, type JobHandler } from '../job-queue.js';
import { acquireImage, acquireVideo, type InputContext } from './checked-inputs.js';
import { DENSE_TRACK_SEC, judgeFaceTrack, storeFaceTrack, type AvatarFace } from './face-tracks.js';
import { classifyFailure, internalFailureMessage, logFailure } from './job-failure.js';
import { withTmpDir } from './job-tmp.js';
import { StepTimeoutError, TIME_LIMITS, withTimeLimit } from './time-limits.js';

/** How the client named the input, for messages. */
function subjectOf(input: AvatarTaskInput): string {
  const param = 'fileId' in input.source ? 'file_id' : input.kind === 'video' ? 'video_url' : 'image_url';
  return input.kind === 'video' ? `the avatar video (${param})` : `the portrait (${param})`;
}

/**
 * Makes an avatar from a video or an image: fetch, check against the spec's limits and decode-check,
 * track the face (468 landmarks per sample) and judge the track (face found often enough, large
 * enough, facing the camera), then store the media, the face track and its report (and a poster
 * frame for videos). Every task waiting on the same avatar (same video_url) completes or fails with it.
 */
export function avatarCreateJob(c: Container): JobHandler<'avatar.create'> {
  const { services, media, blobs } = c;

  async function failAll(avatarId: string | null, code: number, message: string) {
    if (avatarId) {
      await services.avatars.update(avatarId, { state: 'failed' });
      for (const t of await services.tasks.getOpenForSubject(avatarId))
        await services.tasks.fail(t.id, code, message);
    }
  }

  /** The track's report, or 2015 with the reason when the face cannot be animated; stores the track. */
  async function judge(track: FaceTrack, kind: 'video' | 'image', avatarId: string, tmp: string) {
    const report = judgeFaceTrack(track, kind);
    const face: AvatarFace = { report, track: await storeFaceTrack(c, avatarId, track, tmp) };
    return face;
  }

  async function fromVideo(taskId: string, avatarId: string, input: AvatarTaskInput, ctx: InputContext) {
    const { tmp, signal } = ctx;
    const got = await acquireVideo(c, ctx, input.source, 'avatar', subjectOf(input));
    await services.tasks.progress(taskId, 20);
    const info = got.info;
    const size = displaySize(info.video!);
    const toSec = Math.min(info.durationSec, DENSE_TRACK_SEC);
    let lastPercent = 20;
    const detector = await media.faces();
    const track = await withTimeLimit(signal, TIME_LIMITS.trackVideo(toSec), 'face tracking', (s) =>
      trackFaceInVideo(
        detector,
        media.bins.ffmpeg,
        got.path,
        { durationSec: info.durationSec, ...size },
        {
          toSec,
          signal: s,
          onProgress: (f) => {
            // Samples arrive several times a second; write only when the percentage moves.
            const percent = 20 + Math.round(f * 50);
            if (percent === lastPercent) return;
            lastPercent = percent;
            void services.tasks.progress(taskId, percent);
          },
        },
      ),
    );
    const face = await judge(track, 'video', avatarId, tmp);
    await services.tasks.progress(taskId, 70);
    const mediaKey = `avatars/${avatarId}/source.mp4`;
    await blobs.putFile(mediaKey, got.path);
    const poster = join(tmp, 'poster.png');
    const posterSec = Math.min(0.5, info.durationSec / 2);
    await withTimeLimit(signal, TIME_LIMITS.still, 'the poster frame', (s) =>
      extractFrame(media.bins, got.path, posterSec, poster, { signal: s }),
    ).catch((err: unknown) => {
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
    await blobs.putFile(`avatars/${avatarId}/poster.png`, poster);
    await services.avatars.update(avatarId, {
      state: 'ready',
      media_key: mediaKey,
      media_kind: 'video',
      width: size.width,
      height: size.height,
      duration_sec: info.durationSec,
      face: JSON.stringify(face),
      motion: null,
    });
  }

  async function fromImage(avatarId: string, input: AvatarTaskInput, ctx: InputContext) {
    // Decoded upright as PNG, so every later step sees upright pixels.
    const picture = await acquireImage(c, ctx, input.source, subjectOf(input), 'image');
    const detector = await media.faces();
    const track = await withTimeLimit(ctx.signal, TIME_LIMITS.trackImage, 'face detection', () =>
      trackFaceInImage(detector, picture.path),
    );
    const face = await judge(track, 'image', avatarId, ctx.tmp);
    const mediaKey = `avatars/${avatarId}/image.png`;
    await blobs.putFile(mediaKey, picture.path);
    await services.avatars.update(avatarId, {
      state: 'ready',
      media_key: mediaKey,
      media_kind: 'image',
      width: picture.width,
      height: picture.height,
      face: JSON.stringify(face),
      motion: input.model === 1 ? 'subtle' : 'lively',
    });
  }

  return {
    name: JobName.AvatarCreate,
    async run({ taskId }, ctx) {
      const task = await services.tasks.start(taskId, ctx.attempt);
      if (!task || !task.subject_id) return;
      const avatarId = task.subject_id;
      const input = JSON.parse(task.input) as AvatarTaskInput;
      try {
        await withTmpDir(media.tmpDir, 'avatar', async (tmp) => {
          const work = { accountId: task.account_id, tmp, signal: ctx.signal };
          if (input.kind === 'video') await fromVideo(taskId, avatarId, input, work);
          else await fromImage(avatarId, input, work);
        });
        for (const t of await services.tasks.getOpenForSubject(avatarId))
          await services.tasks.complete(t.id, { avatar: avatarId });
      } catch (err) {
        const failure = classifyFailure(err, ctx.signal, taskId);
        logFailure(c.log, taskId, err, failure);
        if (failure.kind !== 'fail') throw err; // retried, or the queue's (shutdown, cancellation)
        await failAll(avatarId, failure.code, failure.message);
      }
    },
    async onGiveUp({ taskId }, err) {
      const task = await services.tasks.getForJob(taskId);
      c.log.error({ taskId, err }, 'avatar task gave up');
      const message = internalFailureMessage(taskId);
      await failAll(task?.subject_id ?? null, SvcCode.Internal, message);
      if (task) await services.tasks.fail(taskId, SvcCode.Internal, message);
    },
  };
}
