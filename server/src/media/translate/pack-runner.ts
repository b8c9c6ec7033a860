import { createRequire } from 'node:module';
import { text } from 'node:stream/consumers';
import type { RecogniserModel } from './packs.js';

/**
 * The process that runs a model pack's recogniser: started per request by pack-recogniser.ts, it
 * reads one JSON request on stdin and writes one JSON answer on stdout. It is a process of its own
 * because sherpa-onnx aborts the whole process (C++ terminate) on a model file it cannot load: the
 * service sees an exit code and the reason on stderr instead of going down with it.
 *
 * Silero VAD cuts the sound into stretches of speech; each stretch is recognised on its own (Whisper
 * gives no word times, so the stretches place the words in time).
 */

export interface RunnerRequest {
  /** The Silero VAD model (models/silero-vad). */
  vadModel: string;
  /** A 16 kHz mono WAV. */
  wav: string;
  /** The pack's model, or null to cut into stretches only. */
  model: RecogniserModel | null;
  /** The language spoken (API code), for models that take one. */
  language: string;
}

export interface RunnerSegment {
  startSec: number;
  endSec: number;
  /** What the recogniser heard; empty when the request had no model. */
  text: string;
}

export interface RunnerAnswer {
  segments: RunnerSegment[];
}

/** The parts of sherpa-onnx-node used here (its own typings are not published). */
interface SherpaWave {
  samples: Float32Array;
  sampleRate: number;
}
interface SherpaSegment {
  start: number;
  samples: Float32Array;
}
interface SherpaVad {
  acceptWaveform(samples: Float32Array): void;
  isEmpty(): boolean;
  front(): SherpaSegment;
  pop(): void;
  flush(): void;
}
interface SherpaStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
}
interface SherpaRecognizer {
  createStream(): SherpaStream;
  decode(stream: SherpaStream): void;
  getResult(stream: SherpaStream): { text: string };
}
interface Sherpa {
  readWave(path: string): SherpaWave;
  Vad: new (config: object, bufferSizeInSeconds: number) => SherpaVad;
  OfflineRecognizer: new (config: object) => SherpaRecognizer;
}

const SAMPLE_RATE = 16000;
/** Silero's window at 16 kHz. */
const WINDOW = 512;

function recognizerConfig(model: RecogniserModel, language: string): object {
  const modelConfig =
    model.type === 'whisper'
      ? { whisper: { encoder: model.encoder, decoder: model.decoder, language, task: 'transcribe' } }
      : { senseVoice: { model: model.model, language, useInverseTextNormalization: 1 } };
  return {
    featConfig: { sampleRate: SAMPLE_RATE, featureDim: 80 },
    modelConfig: { ...modelConfig, tokens: model.tokens, numThreads: 1, provider: 'cpu', debug: 0 },
  };
}

/** Cuts `wav` into stretches of speech and recognises each. */
export function runRequest(sherpa: Sherpa, request: RunnerRequest): RunnerAnswer {
  const wave = sherpa.readWave(request.wav);
  if (wave.sampleRate !== SAMPLE_RATE) throw new Error(`expected 16 kHz audio, got ${wave.sampleRate} Hz`);
  const vad = new sherpa.Vad(
    {
      sileroVad: {
        model: request.vadModel,
        threshold: 0.5,
        minSpeechDuration: 0.25,
        minSilenceDuration: 0.4,
        maxSpeechDuration: 20,
        windowSize: WINDOW,
      },
      sampleRate: SAMPLE_RATE,
      numThreads: 1,
      debug: false,
    },
    Math.ceil(wave.samples.length / SAMPLE_RATE) + 1,
  );
  const recognizer = request.model
    ? new sherpa.OfflineRecognizer(recognizerConfig(request.model, request.language))
    : null;
  const segments: RunnerSegment[] = [];
  const take = () => {
    while (!vad.isEmpty()) {
      const s = vad.front();
      vad.pop();
      let heard = '';
      if (recognizer) {
        const stream = recognizer.createStream();
        stream.acceptWaveform({ samples: s.samples, sampleRate: SAMPLE_RATE });
        recognizer.decode(stream);
        heard = recognizer.getResult(stream).text.trim();
      }
      segments.push({
        startSec: s.start / SAMPLE_RATE,
        endSec: (s.start + s.samples.length) / SAMPLE_RATE,
        text: heard,
      });
    }
  };
  for (let i = 0; i < wave.samples.length; i += WINDOW) {
    vad.acceptWaveform(wave.samples.subarray(i, i + WINDOW));
    take();
  }
  vad.flush();
  take();
  return { segments };
}

// Run as the child process's entry: one request in, one answer out.
if (process.env.LIKENESS_PACK_RUNNER === '1') {
  const sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as Sherpa;
  const request = JSON.parse(await text(process.stdin)) as RunnerRequest;
  process.stdout.write(JSON.stringify(runRequest(sherpa, request)));
}
