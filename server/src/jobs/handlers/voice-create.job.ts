import { join } from 'node:path';
import type { Logger } from 'pino';
import { SpeechInputError, type SpeechLanguage } from '../../media/speech/index.js';
import type { MediaToolkit } from '../../media/toolkit.js';
import type { ProtectedVoiceService } from '../../services/protected-voice.service.js';
import type { TaskService } from '../../services/task.service.js';
import {
  sampleExtension,
  sampleProblem,
  type VoiceService,
  type VoiceTaskInput,
} from '../../services/voice.service.js';
import { voiceDemoKey, voiceSampleKey } from '../../storage/blob-keys.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { JobName, type JobHandler } from '../job-queue.js';
import { acquireAudio, type InputDeps } from './checked-inputs.js';
import { classifyFailure, internalFailureMessage, logFailure } from './job-failure.js';
import { withTmpDir } from './job-tmp.js';
import { TIME_LIMITS, withTimeLimit } from './time-limits.js';
import { renderVoiceDemo } from './voice-demo.js';

/** What cloning a voice uses. */
export interface VoiceCreateDeps extends InputDeps {
  tasks: Pick<TaskService, 'start' | 'progress'>;
  voices: Pick<VoiceService, 'completeClone' | 'failClone' | 'giveUpClone'>;
  protectedVoices: Pick<ProtectedVoiceService, 'refuseIfProtected'>;
  blobs: BlobStore;
  media: MediaToolkit;
  log: Logger;
}

/**
 * Clones a voice: analyse the sample into a profile (refused when it is a protected voice), keep the
 * sample, and speak a demo in the new voice. VoiceService then ends the voice and its task, ready or
 * failed.
 */
export function voiceCreateJob(d: VoiceCreateDeps): JobHandler<'voice.create'> {
  const { tasks, voices, media, blobs } = d;
  return {
    name: JobName.VoiceCreate,
    async run({ taskId }, ctx) {
      const task = await tasks.start(taskId, ctx.attempt);
      if (!task || !task.subject_id) return;
      const voiceId = task.subject_id;
      const input = JSON.parse(task.input) as VoiceTaskInput;
      try {
        const made = await withTmpDir(media.tmpDir, 'voice', async (tmp) => {
          const param = 'fileId' in input.source ? 'file_id' : 'audio_url';
          const got = await acquireAudio(
            d,
            { accountId: task.account_id, tmp, signal: ctx.signal },
            input.source,
            'voice-sample',
            `the voice sample (${param})`,
          );
          await tasks.progress(taskId, 20);
          const language = input.language as SpeechLanguage;
          const profile = await withTimeLimit(
            ctx.signal,
            TIME_LIMITS.analyseSample,
            'the voice analysis',
            (s) => media.speech.analyseSample(got.path, { signal: s, language }),
          ).catch((e: unknown) => {
            throw e instanceof SpeechInputError ? sampleProblem(e) : e;
          });
          await d.protectedVoices.refuseIfProtected(profile);
          await tasks.progress(taskId, 50);
          const mp3 = join(tmp, 'demo.mp3');
          await renderVoiceDemo(
            media,
            { language, profile, rate: 1, volume: 1, pitch: 1 },
            mp3,
            tmp,
            ctx.signal,
          );
          const sampleKey = voiceSampleKey(voiceId, sampleExtension(got.info.formatName));
          await blobs.putFile(sampleKey, got.path);
          const demoKey = voiceDemoKey(voiceId);
          await blobs.putFile(demoKey, mp3);
          return { profile, sampleKey, demoKey };
        });
        await voices.completeClone(taskId, voiceId, made);
      } catch (err) {
        const failure = classifyFailure(err, ctx.signal, taskId);
        logFailure(d.log, taskId, err, failure);
        if (failure.kind !== 'fail') throw err; // retried, or the queue's (shutdown, cancellation)
        await voices.failClone(taskId, voiceId, failure.code, failure.message);
      }
    },
    async onGiveUp({ taskId }, err) {
      d.log.error({ taskId, err }, 'voice task gave up');
      await voices.giveUpClone(taskId, internalFailureMessage(taskId));
    },
  };
}
