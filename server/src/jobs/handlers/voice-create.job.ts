import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Container } from '../../container.js';
import { ERRORS } from '../../errors/app-error.js';
import { SvcCode } from '../../errors/codes.js';
import { renderAudio } from '../../media/compose/index.js';
import { SpeechInputError, type SpeechLanguage, type VoiceSettings } from '../../media/speech/index.js';
import type { VoiceTaskInput } from '../../services/voice.service.js';
import { JobName, type JobHandler } from '../job-queue.js';
import { acquireAudio } from './checked-inputs.js';
import { demoTextFor } from './demo-text.js';
import { classifyFailure, internalFailureMessage, logFailure } from './job-failure.js';
import { withTmpDir } from './job-tmp.js';
import { TIME_LIMITS, withTimeLimit } from './time-limits.js';

const SAMPLE_PROBLEMS: Record<SpeechInputError['reason'], string> = {
  'too-short': 'the voice sample is shorter than 5 seconds; record 5 seconds to 3 minutes of speech',
  'too-long': 'the voice sample is longer than 3 minutes; cut it to 5 seconds to 3 minutes of speech',
  'no-speech': 'the voice sample has too little speech; record a few sentences of one person speaking',
  clipping: 'the voice sample is heavily clipped (too loud); record it again at a lower level',
  noisy: 'the voice sample is too noisy; record it in a quieter place',
  unreadable: 'the voice sample could not be decoded; upload it again as mp3, m4a or wav',
};

/** Speaks the demo sentence of the voice's language in the voice, as an MP3 (cloned and public voices). */
export async function renderVoiceDemo(
  c: Container,
  voice: VoiceSettings,
  outMp3: string,
  tmpDir: string,
  signal?: AbortSignal,
): Promise<void> {
  const wav = join(tmpDir, `demo-${randomUUID()}.wav`);
  const text = demoTextFor(voice.language);
  const parent = signal ?? new AbortController().signal;
  try {
    await withTimeLimit(parent, TIME_LIMITS.synthesis(text.length), 'speech synthesis', (s) =>
      c.media.speech.synthesize(text, voice, wav, { signal: s }),
    );
    await withTimeLimit(parent, TIME_LIMITS.render(30), 'the demo audio', (s) =>
      renderAudio(c.media.bins, { speech: { path: wav }, outputPath: outMp3 }, { signal: s }),
    );
  } finally {
    await rm(wav, { force: true });
  }
}

/** Clones a voice: analyse the sample into a profile, keep the sample, and speak a demo in the new voice. */
export function voiceCreateJob(c: Container): JobHandler<'voice.create'> {
  const { services, media, blobs } = c;
  return {
    name: JobName.VoiceCreate,
    async run({ taskId }, ctx) {
      const task = await services.tasks.start(taskId, ctx.attempt);
      if (!task || !task.subject_id) return;
      const voiceId = task.subject_id;
      const input = JSON.parse(task.input) as VoiceTaskInput;
      try {
        const demoKey = await withTmpDir(media.tmpDir, 'voice', async (tmp) => {
          const param = 'fileId' in input.source ? 'file_id' : 'audio_url';
          const got = await acquireAudio(
            c,
            { accountId: task.account_id, tmp, signal: ctx.signal },
            input.source,
            'voice-sample',
            `the voice sample (${param})`,
          );
          const info = got.info;
          await services.tasks.progress(taskId, 20);
          const language = input.language as SpeechLanguage;
          let profile;
          try {
            profile = await withTimeLimit(ctx.signal, TIME_LIMITS.analyseSample, 'the voice analysis', (s) =>
              media.speech.analyseSample(got.path, { signal: s, language }),
            );
          } catch (e) {
            if (e instanceof SpeechInputError) throw ERRORS.audio(SAMPLE_PROBLEMS[e.reason] ?? e.message);
            throw e;
          }
          // A voice the operator protects is refused (1011) before anything of it is kept.
          const { refused, nearest } = await services.protectedVoices.check(profile);
          if (refused) {
            c.log.info({ taskId, protectedVoice: nearest }, 'voice sample matches a protected voice');
            throw ERRORS.voiceProtected();
          }
          await services.tasks.progress(taskId, 50);
          const mp3 = join(tmp, 'demo.mp3');
          await renderVoiceDemo(c, { language, profile, rate: 1, volume: 1, pitch: 1 }, mp3, tmp, ctx.signal);
          const sampleKey = `voices/${voiceId}/sample.${info.formatName.includes('wav') ? 'wav' : info.formatName.includes('mp3') ? 'mp3' : 'm4a'}`;
          await blobs.putFile(sampleKey, got.path);
          const key = `voices/${voiceId}/demo.mp3`;
          await blobs.putFile(key, mp3);
          await services.voices.update(voiceId, {
            state: 'ready',
            profile: JSON.stringify(profile),
            sample_key: sampleKey,
            demo_key: key,
          });
          return key;
        });
        await services.tasks.complete(taskId, { voice: voiceId, blobKey: demoKey });
      } catch (err) {
        const failure = classifyFailure(err, ctx.signal, taskId);
        logFailure(c.log, taskId, err, failure);
        if (failure.kind !== 'fail') throw err; // retried, or the queue's (shutdown, cancellation)
        await services.voices.update(voiceId, { state: 'failed' });
        await services.tasks.fail(taskId, failure.code, failure.message);
      }
    },
    async onGiveUp({ taskId }, err) {
      const task = await services.tasks.getForJob(taskId);
      c.log.error({ taskId, err }, 'voice task gave up');
      if (task?.subject_id) await services.voices.update(task.subject_id, { state: 'failed' });
      await services.tasks.fail(taskId, SvcCode.Internal, internalFailureMessage(taskId));
    },
  };
}
