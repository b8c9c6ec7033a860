// Worker-thread entry for the CPU-heavy parts of speech: eSpeak synthesis (synchronous, it would block
// the event loop) and the pitch/syllable analysis. The eSpeak module (24 MB of voice data) loads on
// the first synthesis and serves every later one.
import { parentPort } from 'node:worker_threads';
import init, { type ESpeakNGModule, type ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import { analyseSpeechSamples } from './analysis.js';
import { int16ToFloat } from './dsp.js';
import type { EspeakEvent } from './timing.js';
import type { AnalyseRequest, SynthRequest, WorkerRequest, WorkerResponse } from './worker-protocol.js';

/** Where eSpeak-NG looks for voice variants inside the module's file system. */
const VARIANT_DIR = '/usr/share/espeak-ng-data/voices/!v';

let engine: Promise<{ module: ESpeakNGModule; worker: ESpeakNGWorker }> | null = null;
let currentVoice = '';
/** Generated variants already written (names are content hashes, so a name never changes meaning). */
const written = new Set<string>();
// Requests run strictly one after another, even while the module is still loading.
let queue: Promise<void> = Promise.resolve();

function load(): Promise<{ module: ESpeakNGModule; worker: ESpeakNGWorker }> {
  engine ??= init().then((module) => ({ module, worker: new module.eSpeakNGWorker() }));
  return engine;
}

async function synth(req: SynthRequest): Promise<{ reply: WorkerResponse; transfer: ArrayBuffer[] }> {
  const { module, worker: w } = await load();
  if (req.variant && !written.has(req.variant.name)) {
    module.FS.writeFile(`${VARIANT_DIR}/${req.variant.name}`, req.variant.text);
    written.add(req.variant.name);
  }
  if (req.voice !== currentVoice) {
    currentVoice = '';
    // eSpeak returns an error code (and keeps the previous voice) for an unknown voice.
    const status = w.set_voice(req.voice);
    if (status !== 0) throw new Error(`eSpeak has no voice "${req.voice}" (error ${status})`);
    currentVoice = req.voice;
  }
  w.set_rate(req.rateWpm);
  w.set_pitch(req.pitch);
  w.set_range(req.range);
  const chunks: Int16Array[] = [];
  const events: EspeakEvent[] = [];
  let total = 0;
  w.synthesize(req.ssml, (samples, evs) => {
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
  const sampleRate = w.get_samplerate();
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

function analyse(req: AnalyseRequest): { reply: WorkerResponse; transfer: ArrayBuffer[] } {
  return {
    reply: { id: req.id, ok: true, stats: analyseSpeechSamples(req.samples, req.sampleRate) },
    transfer: [],
  };
}

async function handle(req: WorkerRequest): Promise<void> {
  let out: { reply: WorkerResponse; transfer: ArrayBuffer[] };
  try {
    out = req.kind === 'synth' ? await synth(req) : analyse(req);
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
