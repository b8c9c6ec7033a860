import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { Container } from '../../container.js';
import { isAppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import { extractFrame } from '../../media/compose/index.js';
import { trackFaceInImage, trackFaceInVideo, type FaceTrack } from '../../media/face/index.js';
import { displaySize, probeMedia } from '../../media/probe.js';
import type { AvatarTaskInput } from '../../services/avatar.service.js';
import { checkAvatarVideo, checkImage } from '../../services/media-rules.js';
import { JobName, type JobHandler } from '../job-queue.js';
import { DENSE_TRACK_SEC, judgeFaceTrack, storeFaceTrack, type AvatarFace } from './face-tracks.js';
import { withTmpDir } from './job-tmp.js';

/**
 * Makes an avatar from a video or an image: fetch, probe against the spec's limits, track the face
 * (468 landmarks per sample) and judge the track (face found often enough, large enough, facing the
 * camera), then store the media, the face track and its report (and a poster frame for videos). Every task waiting on the same
 * avatar (same video_url) completes or fails with it.
 */
export function avatarCreateJob(c: Container): JobHandler<'avatar.create'> {
  const { services, media, blobs, config } = c;

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

  return {
    name: JobName.AvatarCreate,
    async run({ taskId }, ctx) {
      const task = await services.tasks.start(taskId, ctx.attempt);
      if (!task || !task.subject_id) return;
      const avatarId = task.subject_id;
      const input = JSON.parse(task.input) as AvatarTaskInput;
      try {
        await withTmpDir(media.tmpDir, 'avatar', async (tmp) => {
          const maxBytes =
            input.kind === 'video' ? config.uploads.maxVideoBytes : config.uploads.maxImageBytes;
          const got = await services.inputs.acquire(
            task.account_id,
            input.source,
            input.kind,
            maxBytes,
            tmp,
            ctx.signal,
          );
          await services.tasks.progress(taskId, 20);
          const detector = await media.faces();
          if (input.kind === 'video') {
            const info = await probeMedia(media.bins.ffprobe, got.path, ctx.signal);
            checkAvatarVideo(info, got.bytes, config.uploads.maxVideoBytes);
            const size = displaySize(info.video!);
            const toSec = Math.min(info.durationSec, DENSE_TRACK_SEC);
            let lastPercent = 20;
            const track = await trackFaceInVideo(
              detector,
              media.bins.ffmpeg,
              got.path,
              { durationSec: info.durationSec, ...size },
              {
                toSec,
                signal: ctx.signal,
                onProgress: (f) => {
                  // Samples arrive several times a second; write only when the percentage moves.
                  const percent = 20 + Math.round(f * 50);
                  if (percent === lastPercent) return;
                  lastPercent = percent;
                  void services.tasks.progress(taskId, percent);
                },
              },
            );
            const face = await judge(track, 'video', avatarId, tmp);
            await services.tasks.progress(taskId, 70);
            const mediaKey = `avatars/${avatarId}/source.mp4`;
            await blobs.putFile(mediaKey, got.path);
            const poster = join(tmp, 'poster.png');
            await extractFrame(media.bins, got.path, Math.min(0.5, info.durationSec / 2), poster, {
              signal: ctx.signal,
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
          } else {
            const meta = await sharp(got.path)
              .metadata()
              .catch(() => ({}) as Metadata);
            checkImage(meta, got.bytes, config.uploads.maxImageBytes);
            // Bake EXIF orientation in and store as PNG, so every later step sees upright pixels.
            const upright = join(tmp, 'image.png');
            const out = await sharp(got.path).rotate().png().toFile(upright);
            const face = await judge(await trackFaceInImage(detector, upright), 'image', avatarId, tmp);
            const mediaKey = `avatars/${avatarId}/image.png`;
            await blobs.putFile(mediaKey, upright);
            await services.avatars.update(avatarId, {
              state: 'ready',
              media_key: mediaKey,
              media_kind: 'image',
              width: out.width,
              height: out.height,
              face: JSON.stringify(face),
              motion: input.model === 1 ? 'subtle' : 'lively',
            });
          }
        });
        for (const t of await services.tasks.getOpenForSubject(avatarId))
          await services.tasks.complete(t.id, { avatar: avatarId });
      } catch (err) {
        if (!isAppError(err)) throw err; // transient: retried by the queue
        await failAll(avatarId, err.code, err.message);
      }
    },
    async onGiveUp({ taskId }, err) {
      const task = await services.tasks.getForJob(taskId);
      const reason = err instanceof Error ? err.message : String(err);
      await failAll(task?.subject_id ?? null, SvcCode.AvatarCloneFailed, `avatar cloning failed: ${reason}`);
      if (task)
        await services.tasks.fail(taskId, SvcCode.AvatarCloneFailed, `avatar cloning failed: ${reason}`);
    },
  };
}
