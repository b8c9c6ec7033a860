import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { rejectSample, toProfile, MAX_SAMPLE_SEC } from './sample-check.js';
import { buildSsml } from './ssml.js';
import type { SpeechLanguage } from './languages.js';
import type { LevelResult } from './level.js';
import { isIdentityPlan, isUnshaped, scaleSamples } from './synth-args.js';
import { phonemeTimings, scaleTimings, wordTimings } from './timing.js';
import {
  SpeechInputError,
  type SpeechEngine,
  type SpeechResult,
  type SynthesizeOptions,
  type VoiceProfile,
  type VoiceSettings,
} from './types.js';
import { planEspeak, planPostProcessing, type MeasuredSpeech } from './voice-plan.js';
import { encodeWav, parseWav } from './wav.js';
import { SpeechWorkerClient } from './worker-client.js';

/** A minute of speech pins down pitch and rate; long texts need not be analysed whole. */
const MEASURE_SEC = 60;

export interface SpeechEngineDeps {
  ffmpeg: string;
  /** Part of the media binaries likeness passes around; the engine itself decodes with ffmpeg only. */
  ffprobe: string;
  /** Where intermediate files are written before they are moved into place. */
  tmpDir: string;
}

/**
 * likeness's speech engine: eSpeak-NG for the voice and its timings (a generated eSpeak variant
 * gives it the profile's pitch, intonation range and formants) and the analyser (both in one worker
 * thread), ffmpeg for the rest of the way to the profile (pitch and rate corrections, spectral
 * tilt, loudness) and for the voice's edit multipliers.
 */
export function createSpeechEngine(deps: SpeechEngineDeps): SpeechEngine {
  const worker = new SpeechWorkerClient();

  async function synthesize(
    text: string,
    voice: VoiceSettings,
    outWavPath: string,
    opts: SynthesizeOptions = {},
  ): Promise<SpeechResult> {
    const doc = buildSsml(text, voice.language);
    if (doc.segments.length === 0) throw new RangeError('text has nothing to speak');
    const plan = planEspeak(voice);
    const out = await worker.synthesize(
      {
        ssml: doc.ssml,
        voice: plan.voice,
        variant: plan.variant,
        rateWpm: plan.rateWpm,
        pitch: plan.pitch,
        range: plan.range,
        measureSec: voice.profile && !opts.draft ? MEASURE_SEC : 0,
      },
      opts.signal,
    );
    const sourceSec = out.samples.length / out.sampleRate;
    const measured: MeasuredSpeech | null = out.stats
      ? {
          medianPitchHz: out.stats.medianPitchHz,
          voicedSec: out.stats.voicedSec,
          syllablesPerSec: out.stats.syllablesPerSec,
          speechSec: out.stats.speechRatio * out.stats.durationSec,
          tiltDbPerOct: out.stats.tiltDbPerOct,
        }
      : null;
    const post = planPostProcessing(voice, measured, plan.expectedPitchHz);

    const tmp = join(deps.tmpDir, `speech-${randomUUID()}.wav`);
    await mkdir(deps.tmpDir, { recursive: true });
    try {
      let level: LevelResult = { gainDb: 0, loudnessLufs: null, limited: false };
      if (isIdentityPlan(post)) {
        await writeFile(tmp, encodeWav(out.samples, out.sampleRate));
      } else if (opts.draft && isUnshaped(post)) {
        // Only a gain to apply, and the draft is not levelled: no ffmpeg pass.
        await writeFile(tmp, encodeWav(scaleSamples(out.samples, post.volume), out.sampleRate));
        level = { gainDb: 20 * Math.log10(post.volume), loudnessLufs: null, limited: false };
      } else {
        level = await worker.level(
          { ffmpeg: deps.ffmpeg, samples: out.samples, sampleRate: out.sampleRate, plan: post, outPath: tmp },
          opts.signal,
        );
      }
      const info = await readWavInfo(tmp);
      await moveInto(tmp, outWavPath);
      const durationSec = info.durationSec;
      return {
        durationSec,
        sampleRate: info.sampleRate,
        words: scaleTimings(wordTimings(text, doc.segments, out.events, sourceSec), post.tempo, durationSec),
        phonemes: scaleTimings(phonemeTimings(out.events, sourceSec), post.tempo, durationSec),
        transform: {
          espeakVoice: plan.voice,
          rateWpm: plan.rateWpm,
          pitch: post.pitch,
          tempo: post.tempo,
          tiltDbPerOct: post.tiltDbPerOct,
          ...level,
        },
      };
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async function analyseSample(
    inputPath: string,
    opts: { signal?: AbortSignal; language?: SpeechLanguage } = {},
  ): Promise<VoiceProfile> {
    // Decoded and analysed in the worker. A little over the limit, so "too long" is still
    // recognisable without decoding all of it.
    const measured = await worker.analyseFile(
      { ffmpeg: deps.ffmpeg, input: inputPath, maxSec: MAX_SAMPLE_SEC + 1 },
      opts.signal,
    );
    if (!measured) throw new SpeechInputError('unreadable', 'the voice sample could not be decoded as audio');
    const rejection = rejectSample(measured);
    if (rejection) throw rejection;
    return toProfile(measured, opts.language);
  }

  return {
    synthesize,
    analyseSample,
    close: () => worker.close(),
  };
}

async function readWavInfo(path: string) {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(Math.min(size, 4096));
    await fh.read(head, 0, head.length, 0);
    return parseWav(head, size);
  } finally {
    await fh.close();
  }
}

/** rename(), or copy when the temp dir is on another filesystem. */
async function moveInto(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
  await stat(to);
}
