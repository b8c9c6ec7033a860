import { join } from 'node:path';
import type { Container } from '../../container.js';
import type { TaskRow } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import {
  cuesFromWords,
  renderAudio,
  renderTalkingVideo,
  type TalkingVideoJob,
  wordsWithPunctuation,
} from '../../media/compose/index.js';
import { renderTemplateBackground, templateCanvas } from '../../media/art/index.js';
import { aigcEnabled } from '../../services/aigc-policy.js';
import { costForSeconds, perMinuteFor, type WorkType } from '../../services/pricing.js';
import type { WorkInput } from '../../services/work.service.js';
import { JobName, type JobHandler } from '../job-queue.js';
import { acquireAudio, acquireImage } from './checked-inputs.js';
import { classifyFailure, internalFailureMessage, logFailure } from './job-failure.js';
import { withTmpDir } from './job-tmp.js';
import { CUE_CHARS, templateSubtitleStyle } from './template-subtitles.js';
import { TIME_LIMITS, withTimeLimit } from './time-limits.js';
import { outputSize, resolveFace, resolveSound, withFaceTrack } from './work-sources.js';

const AIGC_TEXT = 'AI生成';

/** A stable 32-bit seed from the task id: a retried render draws the same blinks and head motion. */
function seedOf(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Subtitle cues from the spoken text and its word timings (cue width counts full-width characters). */
const cuesFor = (text: string, words: Parameters<typeof wordsWithPunctuation>[1]) =>
  cuesFromWords(wordsWithPunctuation(text, words), CUE_CHARS);

/**
 * Renders every kind of work: audio from text, and videos driven by audio, text, a template, a song
 * or an image. The reservation is raised to the real cost once the sound's length is known (1002
 * when the balance is short), and the task is charged by the output's duration.
 */
export function workRenderJob(c: Container): JobHandler<'work.render'> {
  const { services, media, blobs, config } = c;

  /**
   * A template's own inputs (background music, ambience, cover picture), checked before any speech
   * is made or face tracked, so that a bad file fails the task at once.
   */
  async function templateInputs(task: TaskRow, input: WorkInput, tmp: string, signal: AbortSignal) {
    const ctx = { accountId: task.account_id, tmp, signal };
    const audio = async (fileId: string | undefined, param: string, what: string, lufs: number) =>
      fileId
        ? {
            path: (await acquireAudio(c, ctx, { fileId }, 'background', `${what} (${param})`)).path,
            targetLufs: -lufs,
          }
        : undefined;
    return {
      bgm: await audio(input.bgmFileId, 'bgm_file_id', 'the background music', input.bgmNormLufs ?? 30),
      ambience: await audio(
        input.ambienceFileId,
        'ambience_file_id',
        'the ambience',
        input.ambienceNormLufs ?? 35,
      ),
      poster: input.coverFileId
        ? (
            await acquireImage(
              c,
              ctx,
              { fileId: input.coverFileId },
              'the cover picture (cover_file_id)',
              'cover',
            )
          ).path
        : undefined,
    };
  }

  async function render(task: TaskRow, input: WorkInput, tmp: string, ctx: { signal: AbortSignal }) {
    const type = task.type as WorkType;
    const priceFor = (sec: number) => costForSeconds(perMinuteFor(type, config.prices), sec);
    const account = await services.accounts.resolve({ accountId: task.account_id });
    const aigc = aigcEnabled(input.aigcFlag, account?.aigc_preference ?? 1);
    const progress = (p: number) => services.tasks.progress(task.id, p);

    if (type === 'video_translate') {
      throw new AppError(
        SvcCode.InvalidParameter,
        'video translation is not enabled on this server; the task was not charged',
      );
    }

    if (type === 'audio_tts') {
      const sound = await resolveSound(c, task, input, null, tmp, ctx.signal);
      await services.tasks.ensureReserved(task, priceFor(sound.durationSec));
      const out = join(tmp, 'audio.mp3');
      const r = await withTimeLimit(ctx.signal, TIME_LIMITS.render(sound.durationSec), 'rendering', (s) =>
        renderAudio(
          media.bins,
          { speech: { path: sound.path, durationSec: sound.durationSec }, outputPath: out, aigcTag: aigc },
          { signal: s },
        ),
      );
      const key = `works/${task.id}/audio.mp3`;
      await blobs.putFile(key, out);
      return { blobKey: key, durationSec: r.durationSec, charge: priceFor(r.durationSec) };
    }

    const face = await resolveFace(c, task, input, tmp, ctx.signal);
    const extras = input.template ? await templateInputs(task, input, tmp, ctx.signal) : null;
    await progress(10);
    const sound = await resolveSound(c, task, input, face, tmp, ctx.signal);
    await services.tasks.ensureReserved(task, priceFor(sound.durationSec));
    await progress(15);
    const avatar = await withFaceTrack(c, face, sound.durationSec, tmp, ctx.signal);
    await progress(20);

    const job: TalkingVideoJob = {
      avatar,
      // The decoded length: a header may only estimate it, and the video must last as long as the sound.
      speech: {
        path: sound.path,
        durationSec: sound.durationSec,
        targetLufs: input.normLufs ? undefined : -16,
      },
      phonemes:
        sound.speech && sound.language
          ? { phonemes: sound.speech.phonemes, language: sound.language }
          : undefined,
      drive: type === 'video_sing' ? 'song' : 'speech',
      motionSeed: seedOf(task.id),
      output: {
        path: join(tmp, 'video.mp4'),
        ...outputSize(face.width, face.height),
        fps: face.fps,
        preset: media.encoderPreset,
      },
      aigcLabel: aigc ? { text: AIGC_TEXT } : null,
    };

    if (input.template && extras) {
      const t = services.catalogue.getTemplate(input.template);
      if (!t) throw new AppError(SvcCode.NotFound, `template '${input.template}' no longer exists`);
      const canvas = templateCanvas(t, { width: face.width, height: face.height });
      const bg = join(tmp, 'background.png');
      const { avatarBox, subtitleBox } = await withTimeLimit(
        ctx.signal,
        TIME_LIMITS.still,
        'the template background',
        () => renderTemplateBackground(t, { title: task.title ?? 'Untitled', ...canvas, outPath: bg }),
      );
      job.output = { ...job.output, ...canvas };
      job.layout = { ...canvas, backgroundPath: bg, avatarBox };
      job.bgm = extras.bgm;
      job.ambience = extras.ambience;
      if (input.assetsNormLufs) job.speech.targetLufs = -input.assetsNormLufs;
      if (extras.poster) job.posterImagePath = extras.poster;
      // Template videos are subtitled, in the band the template leaves for them.
      if (sound.speech) {
        job.subtitles = {
          cues: cuesFor(input.text ?? '', sound.speech.words),
          style: templateSubtitleStyle(subtitleBox),
        };
      }
    } else if (input.subtitles?.show && sound.speech) {
      const s = input.subtitles;
      job.subtitles = {
        cues: cuesFor(input.text ?? '', sound.speech.words),
        style: {
          fontName: s.fontName,
          fontSize: s.fontSize,
          primaryColor: s.primaryColor,
          outlineColor: s.outlineColor,
          x: s.x,
          y: s.y,
          width: s.width,
          height: s.height,
        },
      };
    }
    if (input.normLufs) job.mixLufs = -input.normLufs;

    // The frame pipeline has no time limit of its own: bound it here, by the length of the output.
    const r = await withTimeLimit(ctx.signal, TIME_LIMITS.render(sound.durationSec), 'rendering', (s) =>
      renderTalkingVideo(media.bins, job, {
        signal: s,
        tmpDir: tmp,
        onProgress: (f: number) => void progress(20 + f * 75),
      }),
    );
    const key = `works/${task.id}/video.mp4`;
    await blobs.putFile(key, job.output.path);
    return { blobKey: key, durationSec: r.durationSec, charge: priceFor(r.durationSec) };
  }

  return {
    name: JobName.WorkRender,
    async run({ taskId }, ctx) {
      const task = await services.tasks.start(taskId, ctx.attempt);
      if (!task) return;
      const input = JSON.parse(task.input) as WorkInput;
      try {
        const out = await withTmpDir(media.tmpDir, 'work', (tmp) => render(task, input, tmp, ctx));
        await services.tasks.complete(
          taskId,
          { blobKey: out.blobKey, durationSec: out.durationSec },
          out.charge,
        );
      } catch (err) {
        // An input the engine cannot use is the caller's to fix: fail now, do not retry.
        const failure = classifyFailure(err, ctx.signal, taskId);
        logFailure(c.log, taskId, err, failure);
        if (failure.kind !== 'fail') throw err; // retried, or the queue's (shutdown, cancellation)
        await services.tasks.fail(taskId, failure.code, failure.message);
      }
    },
    async onGiveUp({ taskId }, err) {
      c.log.error({ taskId, err }, 'work task gave up');
      await services.tasks.fail(taskId, SvcCode.Internal, internalFailureMessage(taskId));
    },
  };
}
