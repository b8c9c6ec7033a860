import { join } from 'node:path';
import type { Container } from '../../container.js';
import type { TaskRow } from '../../db/schema.js';
import { AppError, ERRORS, isAppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import {
  ComposeInputError,
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
import { withTmpDir } from './job-tmp.js';
import { CUE_CHARS, templateSubtitleStyle } from './template-subtitles.js';
import { outputSize, resolveFace, resolveSound, withFaceTrack } from './work-sources.js';

function inputError(err: ComposeInputError) {
  if (err.input === 'speech' || err.input === 'bgm' || err.input === 'ambience')
    return ERRORS.audio(err.message);
  if (err.input === 'avatar') return ERRORS.video(err.message);
  if (err.input === 'poster' || err.input === 'background') return ERRORS.image(err.message);
  return err;
}

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
      const r = await renderAudio(
        media.bins,
        { speech: { path: sound.path }, outputPath: out, aigcTag: aigc },
        { signal: ctx.signal },
      );
      const key = `works/${task.id}/audio.mp3`;
      await blobs.putFile(key, out);
      return { blobKey: key, durationSec: r.durationSec, charge: priceFor(r.durationSec) };
    }

    const face = await resolveFace(c, task, input, tmp, ctx.signal);
    await progress(10);
    const sound = await resolveSound(c, task, input, face, tmp, ctx.signal);
    await services.tasks.ensureReserved(task, priceFor(sound.durationSec));
    await progress(15);
    const avatar = await withFaceTrack(c, face, sound.durationSec, tmp, ctx.signal);
    await progress(20);

    const job: TalkingVideoJob = {
      avatar,
      speech: { path: sound.path, targetLufs: input.normLufs ? undefined : -16 },
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

    if (input.template) {
      const t = services.catalogue.getTemplate(input.template);
      if (!t) throw new AppError(SvcCode.NotFound, `template '${input.template}' no longer exists`);
      const canvas = templateCanvas(t, { width: face.width, height: face.height });
      const bg = join(tmp, 'background.png');
      const { avatarBox, subtitleBox } = await renderTemplateBackground(t, {
        title: task.title ?? 'Untitled',
        ...canvas,
        outPath: bg,
      });
      job.output = { ...job.output, ...canvas };
      job.layout = { ...canvas, backgroundPath: bg, avatarBox };
      const fetchAudio = async (fileId: string | undefined, lufs: number | undefined) =>
        fileId
          ? {
              path: (
                await services.inputs.acquire(
                  task.account_id,
                  { fileId },
                  'audio',
                  config.uploads.maxAudioBytes,
                  tmp,
                  ctx.signal,
                )
              ).path,
              targetLufs: lufs ? -lufs : undefined,
            }
          : undefined;
      job.bgm = await fetchAudio(input.bgmFileId, input.bgmNormLufs ?? 30);
      job.ambience = await fetchAudio(input.ambienceFileId, input.ambienceNormLufs ?? 35);
      if (input.assetsNormLufs) job.speech.targetLufs = -input.assetsNormLufs;
      if (input.coverFileId) {
        job.posterImagePath = (
          await services.inputs.acquire(
            task.account_id,
            { fileId: input.coverFileId },
            'image',
            config.uploads.maxImageBytes,
            tmp,
            ctx.signal,
          )
        ).path;
      }
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

    const r = await renderTalkingVideo(media.bins, job, {
      signal: ctx.signal,
      tmpDir: tmp,
      onProgress: (f: number) => void progress(20 + f * 75),
    });
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
        const e = err instanceof ComposeInputError ? inputError(err) : err;
        if (!isAppError(e)) throw e;
        await services.tasks.fail(taskId, e.code, e.message);
      }
    },
    async onGiveUp({ taskId }, err) {
      await services.tasks.fail(
        taskId,
        SvcCode.Internal,
        `rendering failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    },
  };
}
