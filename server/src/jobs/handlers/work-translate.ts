import type { TaskRow } from '../../db/schema.js';
import { ERRORS, isAppError } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import type { AvatarSource } from '../../media/compose/index.js';
import { speechLanguageOf, translateSpeech, TranslationInputError } from '../../media/translate/index.js';
import type { WorkInput } from '../../services/work.service.js';
import type { StepTimer } from '../../lib/step-timer.js';
import { settleBoth } from '../../media/settle-both.js';
import { TIME_LIMITS, withTimeLimit } from './time-limits.js';
import {
  uploadedVideoFace,
  withFaceTrack,
  type FaceSource,
  type SoundSource,
  type WorkSourceDeps,
} from './work-sources.js';

/**
 * video/translate, as the work render sees it: the picture is the uploaded video itself, and the
 * sound is its speech recognised, translated and spoken again in the speaker's voice, fitted to the
 * original's timing over the original sound as a bed (media/translate). The render then re-animates
 * the speaker's mouth to the new speech, as for any video_file_id.
 */

/** The video to translate, checked (at most 10 minutes) as the work's picture. */
export async function translationFace(
  d: WorkSourceDeps,
  task: TaskRow,
  input: WorkInput,
  tmp: string,
  signal: AbortSignal,
): Promise<FaceSource> {
  if (!input.videoFileId) throw ERRORS.invalid('the translation has no video_file_id');
  return uploadedVideoFace(d, { accountId: task.account_id, tmp, signal }, input.videoFileId, 'translate');
}

/** The translated speech, as long as the video; failures the caller can act on are AppErrors. */
async function translatedSound(
  d: WorkSourceDeps,
  input: WorkInput,
  face: FaceSource,
  tmp: string,
  signal: AbortSignal,
): Promise<SoundSource> {
  const target = input.targetLanguage ?? '';
  const durationSec = face.clipSec ?? 0;
  const video = face.source.path;
  // The speaker's own voice for the new language; the language's plain voice if it cannot be measured.
  const profile = await withTimeLimit(signal, TIME_LIMITS.analyseSample, 'the voice analysis', (s) =>
    d.media.speech.analyseSample(video, { signal: s }),
  ).catch((e: unknown) => {
    if (signal.aborted) throw e;
    return null;
  });
  try {
    const speech = await withTimeLimit(signal, TIME_LIMITS.translate(durationSec), 'translation', (s) =>
      translateSpeech(
        { bins: d.media.bins, speech: d.media.speech, catalog: d.media.translation },
        { sourcePath: video, durationSec, target, profile, workDir: tmp, signal: s },
      ),
    );
    return {
      path: speech.path,
      durationSec: speech.durationSec,
      speech: null,
      language: speechLanguageOf(target),
    };
  } catch (e) {
    if (!(e instanceof TranslationInputError)) throw e;
    // The server's engines changed since the task was accepted: the caller's code 11, as at submission.
    if (e.reason === 'unsupported') throw ERRORS.invalid(e.message);
    throw ERRORS.video(e.message);
  }
}

/**
 * The translated speech and the speaker's face track, made side by side: they need nothing from
 * each other (the track covers the video's whole length), and each is a long step of its own.
 */
export async function translationInputs(
  d: WorkSourceDeps,
  input: WorkInput,
  face: FaceSource,
  tmp: string,
  signal: AbortSignal,
  steps: StepTimer,
): Promise<{ sound: SoundSource; avatar: AvatarSource }> {
  const [sound, avatar] = await settleBoth(
    steps.time('translation', () => translatedSound(d, input, face, tmp, signal)),
    steps.time('face track', () => translationAvatar(d, face, face.clipSec ?? 0, tmp, signal)),
  );
  return { sound, avatar };
}

/**
 * The speaker's face to re-animate. A video without a usable face (a screen recording with a
 * narrator, say) is still translated: its picture is kept as it is, only the sound changes. A face
 * seen in only part of it (an interview cut with other shots) is re-animated where it is.
 */
async function translationAvatar(
  d: WorkSourceDeps,
  face: FaceSource,
  durationSec: number,
  tmp: string,
  signal: AbortSignal,
): Promise<AvatarSource> {
  try {
    return await withFaceTrack(d, face, durationSec, tmp, signal, { anyShare: true });
  } catch (e) {
    if (isAppError(e) && e.code === SvcCode.AvatarCloneFailed) return { ...face.source, face: null };
    throw e;
  }
}
