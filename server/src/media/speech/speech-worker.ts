// Worker-thread entry for the CPU-heavy parts of speech: eSpeak synthesis (synchronous, it would block
// the event loop), the transformation and levelling of its samples, decoding voice samples, and the
// pitch/syllable analysis; the ffmpeg processes these need are started from here too. The eSpeak module (24 MB of voice data) loads on
// the first synthesis and serves every later one.
import { parentPort } from 'node:worker_threads';
import { analyseSpeechSamples } from './analysis.js';
import { int16ToFloat } from './dsp.js';
import type { EspeakEvent } from './timing.js';
import { FfmpegError } from '../run-ffmpeg.js';
import { transformAndLevel } from './level.js';
import { decodeForAnalysis } from './measure.js';
import { EspeakInstance } from './espeak-instance.js';
import type {
  AnalyseFileRequest,
  LevelRequest,
  SynthRequest,
  WorkerRequest,
  WorkerResponse,
} from './worker-protocol.js';

/** Where eSpeak-NG looks for voice variants inside the module's file system. */
const VARIANT_DIR = '/usr/share/espeak-ng-data/voices/!v';

let engine: Promise<EspeakInstance> | null = null;
/** Generated variants already written (names are content hashes, so a name never changes meaning). */
const written = new Set<string>();
// Requests run strictly one after another, even while the module is still loading.
let queue: Promise<void> = Promise.resolve();

async function synth(req: SynthRequest): Promise<{ reply: WorkerResponse; transfer: ArrayBuffer[] }> {
  const espeak = await (engine ??= EspeakInstance.load());
  if (req.variant && !written.has(req.variant.name)) {
    espeak.writeFile(`${VARIANT_DIR}/${req.variant.name}`, req.variant.text);
    written.add(req.variant.name);
  }
  const chunks: Int16Array[] = [];
  const events: EspeakEvent[] = [];
  let total = 0;
  const settings = { voice: req.voice, rateWpm: req.rateWpm, pitch: req.pitch, range: req.range };
  const sampleRate = espeak.synthesize(settings, req.ssml, (samples, evs) => {
    chunks.push(samples);
    total += samples.length;
    for (const e of evs) events.push(e);
    return false;
  });
  const samples = new Int16Array(total);
  let at = 0;
  for (const c of chunks) {
    samples.set(c, at);
    at += c.length;
  }
  const stats =
    req.measureSec > 0
      ? analyseSpeechSamples(
          int16ToFloat(samples.subarray(0, Math.round(sampleRate * req.measureSec))),
          sampleRate,
          { formants: false },
        )
      : undefined;
  return { reply: { id: req.id, ok: true, sampleRate, samples, events, stats }, transfer: [samples.buffer] };
}

async function level(req: LevelRequest): Promise<{ reply: WorkerResponse; transfer: ArrayBuffer[] }> {
  const result = await transformAndLevel(req.ffmpeg, req.samples, req.sampleRate, req.plan, req.outPath);
  return { reply: { id: req.id, ok: true, level: result }, transfer: [] };
}

async function analyseFile(
  req: AnalyseFileRequest,
): Promise<{ reply: WorkerResponse; transfer: ArrayBuffer[] }> {
  let decoded;
  try {
    decoded = await decodeForAnalysis(req.ffmpeg, req.input, { maxSec: req.maxSec });
  } catch (err) {
    if (err instanceof FfmpegError)
      return { reply: { id: req.id, ok: true, unreadable: true }, transfer: [] };
    throw err;
  }
  const stats = analyseSpeechSamples(decoded.samples, decoded.sampleRate);
  return { reply: { id: req.id, ok: true, stats, loudnessLufs: decoded.loudnessLufs }, transfer: [] };
}

function run(req: WorkerRequest): Promise<{ reply: WorkerResponse; transfer: ArrayBuffer[] }> {
  switch (req.kind) {
    case 'synth':
      return synth(req);
    case 'level':
      return level(req);
    case 'analyse-file':
      return analyseFile(req);
  }
}

async function handle(req: WorkerRequest): Promise<void> {
  let out: { reply: WorkerResponse; transfer: ArrayBuffer[] };
  try {
    out = await run(req);
  } catch (err) {
    out = {
      reply: { id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) },
      transfer: [],
    };
  }
  parentPort?.postMessage(out.reply, out.transfer);
}

parentPort?.on('message', (req: WorkerRequest) => {
  queue = queue.then(() => handle(req));
});
