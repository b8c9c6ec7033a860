import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EngineCallOptions, TranslationEngine } from './engine.js';
import { runPackRunner, VAD_MODEL, wordsFromSegments } from './pack-recogniser.js';
import { loadModelPacks, type RecogniserModel, type RefusedPack, type VerifiedPack } from './packs.js';

/**
 * The model-pack adapter of the translation engine port: speech recognition from the operator's
 * sherpa-onnx packs (Whisper, SenseVoice), each request in a child process (pack-runner.ts).
 * Translation packs (Bergamot) are verified but not run by this build: the engine translates no
 * pair, and `likeness doctor` says so.
 */

/** A recognition pack's model files as absolute paths. */
export function modelPaths(pack: VerifiedPack): RecogniserModel {
  const model = pack.manifest.model;
  if (!model) throw new Error(`${pack.manifest.name} has no recogniser model`);
  const at = (file: string) => path.join(pack.dir, file);
  return model.type === 'whisper'
    ? { type: 'whisper', encoder: at(model.encoder), decoder: at(model.decoder), tokens: at(model.tokens) }
    : { type: 'sense-voice', model: at(model.model), tokens: at(model.tokens) };
}

/** Half a second of silence as a 16 kHz mono 16-bit WAV. */
function silentWav(): Buffer {
  const samples = 8000;
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(16000, 24);
  b.writeUInt32LE(32000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples * 2, 40);
  return b;
}

/**
 * Whether a recognition pack's model loads in sherpa-onnx: null when it does, else why not. A
 * pack whose files match their SHA-256 can still hold a model sherpa-onnx cannot read (another
 * format, another model kind than the manifest says).
 */
export async function checkPackLoads(pack: VerifiedPack, vadModel = VAD_MODEL): Promise<string | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'likeness-pack-check-'));
  try {
    const wav = path.join(dir, 'silence.wav');
    await writeFile(wav, silentWav());
    const language = pack.manifest.languages?.[0] ?? 'en';
    await runPackRunner({ vadModel, wav, model: modelPaths(pack), language }, { timeoutMs: 120_000 });
    return null;
  } catch (e) {
    return `the model does not load in sherpa-onnx: ${(e as Error).message}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export class PackEngine implements TranslationEngine {
  readonly name: string;
  readonly recognises: readonly string[];
  readonly pairs = [] as const;

  constructor(
    private readonly packs: readonly VerifiedPack[],
    private readonly vadModel = VAD_MODEL,
  ) {
    this.name = `model packs (sherpa-onnx: ${packs.map((p) => p.manifest.name).join(', ')})`;
    this.recognises = [...new Set(packs.flatMap((p) => p.manifest.languages ?? []))].sort();
  }

  async recognise(wav16k: string, language: string, opts?: EngineCallOptions) {
    const pack = this.packs.find((p) => p.manifest.languages?.includes(language));
    if (!pack) throw new Error(`no model pack recognises ${language}`);
    const answer = await runPackRunner(
      { vadModel: this.vadModel, wav: wav16k, model: modelPaths(pack), language },
      opts,
    );
    return wordsFromSegments(answer.segments);
  }

  translate(): Promise<string[]> {
    return Promise.reject(new Error('model packs translate nothing in this build'));
  }
}

/**
 * The packs under `dir`: verified, then each recognition pack loaded once in sherpa-onnx. Returns
 * the engine of those that load (null when none) and every refused pack with its reason;
 * translation packs are listed as `idle` (verified, not run by this build).
 */
export async function detectPackEngine(
  dir: string,
  vadModel = VAD_MODEL,
): Promise<{
  engine: PackEngine | null;
  refused: RefusedPack[];
  idle: VerifiedPack[];
  loaded: VerifiedPack[];
}> {
  const { verified, refused } = await loadModelPacks(dir);
  const loaded: VerifiedPack[] = [];
  const idle: VerifiedPack[] = [];
  for (const pack of verified) {
    if (pack.manifest.kind !== 'speech-recognition') {
      idle.push(pack);
      continue;
    }
    const why = await checkPackLoads(pack, vadModel);
    if (why) refused.push({ dir: pack.dir, reason: why });
    else loaded.push(pack);
  }
  return { engine: loaded.length ? new PackEngine(loaded, vadModel) : null, refused, idle, loaded };
}
