import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { TaskRow } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import {
  aigcLabelText,
  cuesFromWords,
  draftJob,
  draftScale,
  scaledSize,
  scaleSubtitleStyle,
  renderAudio,
  renderTalkingVideo,
  type AvatarSource,
  type TalkingVideoJob,
  warmRenderThread,
  wordsWithPunctuation,
} from '../../media/compose/index.js';
import { renderTemplateBackground, templateCanvas } from '../../media/art/index.js';
import type { AigcPolicyService } from '../../services/aigc-policy.js';
import type { CatalogueService } from '../../services/catalogue.service.js';
import type { TaskService } from '../../services/task.service.js';
import type { RenderedWork, WorkBillingService } from '../../services/work-billing.service.js';
import { workLoudness } from '../../services/work-loudness.js';
import type { WorkInput } from '../../services/work.service.js';
import { workAudioKey, workPosterKey, workVideoKey } from '../../storage/blob-keys.js';
import { JobName, type JobHandler } from '../job-queue.js';
import { acquireAudio, acquireImage } from './checked-inputs.js';
import { classifyFailure, internalFailureMessage, logFailure } from './job-failure.js';
import { withTmpDir } from './job-tmp.js';
import { queuedMsOf } from './task-timing.js';
import { CUE_CHARS, templateSubtitleStyle } from './template-subtitles.js';
import { StepTimer } from '../../lib/step-timer.js';
import { TIME_LIMITS, withTimeLimit } from './time-limits.js';
import { translationFace, translationInputs } from './work-translate.js';
import {
  workOutputSize,
  resolveFace,
  resolveSound,
  withFaceTrack,
  type SoundSource,
  type WorkSourceDeps,
} from './work-sources.js';

/** What rendering a work uses. */
export interface WorkRenderDeps extends WorkSourceDeps {
  tasks: Pick<TaskService, 'start' | 'progress' | 'fail'>;
  billing: Pick<WorkBillingService, 'reserveForSound' | 'complete'>;
  aigc: Pick<AigcPolicyService, 'labelFor'>;
  catalogue: Pick<CatalogueService, 'getTemplate'>;
  log: Logger;
}

/** How a render went, for the 'work rendered' log line. */
interface RenderFacts {
  regionSource?: string | null;
  loop?: string | null;
  loopDecoding?: string | null;
}

/** A stable 32-bit seed from the task id: a retried render draws the same blinks and head motion. */
function seedOf(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** What a draft render shows in its corner. */
const DRAFT_MARK = 'TEST';

/** Subtitle cues from the spoken text and its word timings (cue width counts full-width characters). */
const cuesFor = (text: string, words: Parameters<typeof wordsWithPunctuation>[1]) =>
  cuesFromWords(wordsWithPunctuation(text, words), CUE_CHARS);

/**
 * Renders every kind of work: audio from text, and videos driven by audio, text, a template, a song
 * or an image. WorkBillingService raises the reservation to the real cost once the sound's length is
 * known (1002 when the balance is short), and charges the task by the output's duration.
 */
export function workRenderJob(d: WorkRenderDeps): JobHandler<'work.render'> {
  const { tasks, billing, media, blobs } = d;

  /**
   * A template's own inputs (background music, ambience, cover picture), checked before any speech
   * is made or face tracked, so that a bad file fails the task at once.
   */
  async function templateInputs(task: TaskRow, input: WorkInput, tmp: string, signal: AbortSignal) {
    const ctx = { accountId: task.account_id, tmp, signal };
    const loudness = workLoudness(input);
    const audio = async (fileId: string | undefined, param: string, what: string, targetLufs: number) =>
      fileId
        ? {
            path: (await acquireAudio(d, ctx, { fileId }, 'background', `${what} (${param})`)).path,
            targetLufs,
          }
        : undefined;
    return {
      bgm: await audio(input.bgmFileId, 'bgm_file_id', 'the background music', loudness.bgm),
      ambience: await audio(input.ambienceFileId, 'ambience_file_id', 'the ambience', loudness.ambience),
      poster: input.coverFileId
        ? (
            await acquireImage(
              d,
              ctx,
              { fileId: input.coverFileId },
              'the cover picture (cover_file_id)',
              'cover',
            )
          ).path
        : undefined,
    };
  }

  async function render(
    task: TaskRow,
    input: WorkInput,
    tmp: string,
    ctx: { signal: AbortSignal },
    steps: StepTimer,
    facts: RenderFacts,
  ): Promise<RenderedWork> {
    const type = task.type;
    const aigc = await d.aigc.labelFor(task.account_id, input.aigcFlag);
    const loudness = workLoudness(input);
    const progress = (p: number) => tasks.progress(task.id, p);

    if (type === 'audio_tts') {
      const sound = await resolveSound(d, task, input, null, tmp, ctx.signal);
      await billing.reserveForSound(task, sound.durationSec);
      const out = join(tmp, 'audio.mp3');
      const r = await withTimeLimit(ctx.signal, TIME_LIMITS.render(sound.durationSec), 'rendering', (s) =>
        renderAudio(
          media.bins,
          { speech: { path: sound.path, durationSec: sound.durationSec }, outputPath: out, aigcTag: aigc },
          { signal: s },
        ),
      );
      const key = workAudioKey(task.id);
      await blobs.putFile(key, out);
      return { blobKey: key, durationSec: r.durationSec };
    }

    const translating = type === 'video_translate';
    /** The percentage the tracking of a video brought the task to (see below). */
    let tracked = 15;
    const face = await steps.time('picture', () =>
      translating
        ? translationFace(d, task, input, tmp, ctx.signal)
        : resolveFace(d, task, input, tmp, ctx.signal),
    );
    const extras = input.template
      ? await steps.time('template inputs', () => templateInputs(task, input, tmp, ctx.signal))
      : null;
    await progress(10);
    let sound: SoundSource;
    let avatar: AvatarSource;
    if (translating) {
      // Charged by the video's length before its speech is worked on.
      await billing.reserveForSound(task, face.clipSec ?? 0);
      ({ sound, avatar } = await translationInputs(d, input, face, tmp, ctx.signal, steps));
    } else {
      sound = await steps.time('sound', () => resolveSound(d, task, input, face, tmp, ctx.signal));
      await billing.reserveForSound(task, sound.durationSec);
      await progress(15);
      // A video tracked now (an uploaded one, or a range of the avatar's not tracked yet) can take
      // as long as the render: its share moves the percentage from 15 to 45 instead of holding it.
      avatar = await steps.time('face track', () =>
        withFaceTrack(d, face, sound.durationSec, tmp, ctx.signal, {
          onProgress: (f) => {
            const percent = 15 + Math.round(f * 30);
            if (percent === tracked) return;
            tracked = percent;
            progress(percent).catch(() => undefined); // a lost step of the percentage is harmless
          },
        }),
      );
    }
    // Where the render's own progress starts: a translation has done much of its work by now, and so
    // has a render whose video was tracked first.
    const rendering = translating ? 45 : Math.max(20, tracked);
    await progress(rendering);

    // The poster comes out of the final encode: a second in, or the middle of a shorter video.
    const still = { path: join(tmp, 'poster.jpg'), atSec: Math.min(1, sound.durationSec / 2) };
    let job: TalkingVideoJob = {
      avatar,
      // The decoded length: a header may only estimate it, and the video must last as long as the sound.
      speech: { path: sound.path, durationSec: sound.durationSec, targetLufs: loudness.speech },
      phonemes:
        sound.speech && sound.language
          ? { phonemes: sound.speech.phonemes, language: sound.language }
          : undefined,
      drive: type === 'video_sing' ? 'song' : 'speech',
      motionSeed: seedOf(task.id),
      output: {
        path: join(tmp, 'video.mp4'),
        ...workOutputSize(face),
        fps: face.fps,
        preset: media.encoderPreset,
      },
      // The visible mark speaks the video's language (the neutral 'AI' when its sound was uploaded).
      aigcLabel: aigc ? { text: aigcLabelText(sound.language) } : null,
      still,
    };
    // A draft (a test token's work) is made small and fast, and marked (draftJob, below); what is
    // sized in output pixels (a template's canvas, subtitles) shrinks with it.
    const draft = input.draft === true;
    const full = workOutputSize(face);
    const shrink = draft ? draftScale(full) : 1;

    if (input.template && extras) {
      const t = d.catalogue.getTemplate(input.template);
      if (!t) throw new AppError(SvcCode.NotFound, `template '${input.template}' no longer exists`);
      const fullCanvas = templateCanvas(t, { width: face.width, height: face.height });
      const canvas = draft ? scaledSize(fullCanvas, draftScale(fullCanvas)) : fullCanvas;
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
        style: scaleSubtitleStyle(
          {
            fontName: s.fontName,
            fontSize: s.fontSize,
            primaryColor: s.primaryColor,
            outlineColor: s.outlineColor,
            x: s.x,
            y: s.y,
            width: s.width,
            height: s.height,
          },
          shrink,
        ),
      };
    }
    if (loudness.mix !== undefined) job.mixLufs = loudness.mix;
    if (draft) job = draftJob(job, DRAFT_MARK);

    // The frame pipeline has no time limit of its own: bound it here, by the length of the output.
    const r = await steps.time('frames', () =>
      withTimeLimit(ctx.signal, TIME_LIMITS.renderFrames(sound.durationSec), 'rendering', (s, progressed) =>
        renderTalkingVideo(media.bins, job, {
          signal: s,
          tmpDir: tmp,
          regionCache: media.regionCache ?? undefined,
          loopMemoryBytes: media.loopMemoryBytes,
          onProgress: (f: number) => {
            progressed();
            void progress(rendering + f * (95 - rendering));
          },
        }),
      ),
    );
    facts.regionSource = r.regionSource;
    facts.loop = r.loopMode;
    facts.loopDecoding = r.loopDecoding;
    const key = workVideoKey(task.id);
    await steps.time('upload', () => blobs.putFile(key, job.output.path));
    return {
      blobKey: key,
      durationSec: r.durationSec,
      posterKey: await steps.time('poster', () => poster(task, still.path)),
    };
  }

  /**
   * The still of the finished video for players (the console's `poster`), which the render wrote
   * beside it. Nice to have: without one the work completes all the same, and a warning says so.
   */
  async function poster(task: TaskRow, still: string): Promise<string | undefined> {
    const s = await stat(still).catch(() => null);
    if (!s || s.size === 0) {
      d.log.warn({ taskId: task.id }, 'no poster frame for this work');
      return undefined;
    }
    const key = workPosterKey(task.id);
    try {
      await blobs.putFile(key, still);
      return key;
    } catch (err) {
      d.log.warn({ taskId: task.id, err }, 'the poster frame could not be stored; the work has none');
      return undefined;
    }
  }

  return {
    name: JobName.WorkRender,
    async run({ taskId }, ctx) {
      const task = await tasks.start(taskId, ctx.attempt);
      if (!task) return;
      const input = JSON.parse(task.input) as WorkInput;
      // A video's render thread boots while its inputs are fetched and its speech is made.
      if (task.type !== 'audio_tts') warmRenderThread();
      const steps = new StepTimer();
      // Whether the region's source was decoded or kept from an earlier render of the avatar.
      const facts: RenderFacts = {};
      try {
        const out = await withTmpDir(media.tmpDir, 'work', (tmp) =>
          render(task, input, tmp, ctx, steps, facts),
        );
        await steps.time('complete', () => billing.complete(task, out));
        // Where a render's time went, for operators sizing workers (milliseconds per step).
        d.log.info(
          {
            taskId,
            type: task.type,
            queuedMs: queuedMsOf(task),
            ms: steps.summary(),
            regionSource: facts.regionSource,
            loop: facts.loop,
            loopDecoding: facts.loopDecoding,
          },
          'work rendered',
        );
      } catch (err) {
        // An input the engine cannot use is the caller's to fix: fail now, do not retry.
        const failure = classifyFailure(err, ctx.signal, taskId);
        logFailure(d.log, taskId, err, failure);
        if (failure.kind !== 'fail') throw err; // retried, or the queue's (shutdown, cancellation)
        await tasks.fail(taskId, failure.code, failure.message);
      }
    },
    async onGiveUp({ taskId }, err) {
      d.log.error({ taskId, err }, 'work task gave up');
      await tasks.fail(taskId, SvcCode.Internal, internalFailureMessage(taskId));
    },
  };
}
