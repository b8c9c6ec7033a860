import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeWav } from '../speech/wav.js';
import { bergamotTranslate, type BergamotModel } from './bergamot.js';
import type { EngineCallOptions, TranslationEngine } from './engine.js';
import type { LanguagePair } from './languages.js';
import { runPackRunner, VAD_MODEL, wordsFromSegments } from './pack-recogniser.js';
import { loadModelPacks, type RecogniserModel, type RefusedPack, type VerifiedPack } from './packs.js';

/**
 * The model-pack adapter of the translation engine port: speech recognition from the operator's
 * sherpa-onnx packs (Whisper, SenseVoice), each request in a child process (pack-runner.ts), and
 * translation from Bergamot packs, each request in a worker thread (bergamot.ts).
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

/** A translation pack's model files as absolute paths. */
export function translatorPaths(pack: VerifiedPack): BergamotModel {
  const t = pack.manifest.translator;
  if (!t) throw new Error(`${pack.manifest.name} has no translation model`);
  const at = (file: string) => path.join(pack.dir, file);
  return { model: at(t.model), shortlist: at(t.shortlist), vocabs: t.vocabs.map(at), precision: t.precision };
}

/**
 * Whether a pack's model loads in its runtime (sherpa-onnx, Bergamot): null when it does, else why
 * not. A pack whose files match their SHA-256 can still hold a model the runtime cannot read
 * (another format, another kind of model than the manifest says).
 */
export async function checkPackLoads(pack: VerifiedPack, vadModel = VAD_MODEL): Promise<string | null> {
  if (pack.manifest.kind === 'translation') {
    try {
      await bergamotTranslate(translatorPaths(pack), [], { timeoutMs: 120_000 });
      return null;
    } catch (e) {
      return `the model does not load in Bergamot: ${(e as Error).message}`;
    }
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'likeness-pack-check-'));
  try {
    const wav = path.join(dir, 'silence.wav');
    await writeFile(wav, encodeWav(new Int16Array(8000), 16000)); // half a second of silence
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
  readonly pairs: readonly LanguagePair[];
  private readonly recognisers: readonly VerifiedPack[];
  private readonly translators: readonly VerifiedPack[];

  constructor(
    packs: readonly VerifiedPack[],
    private readonly vadModel = VAD_MODEL,
  ) {
    this.recognisers = packs.filter((p) => p.manifest.kind === 'speech-recognition');
    this.translators = packs.filter((p) => p.manifest.kind === 'translation');
    const names = (list: readonly VerifiedPack[]) => list.map((p) => p.manifest.name).join(', ');
    this.name = `model packs (${[
      this.recognisers.length ? `sherpa-onnx: ${names(this.recognisers)}` : '',
      this.translators.length ? `bergamot: ${names(this.translators)}` : '',
    ]
      .filter(Boolean)
      .join('; ')})`;
    this.recognises = [...new Set(this.recognisers.flatMap((p) => p.manifest.languages ?? []))].sort();
    this.pairs = this.translators.map((p) => ({ from: p.manifest.from!, to: p.manifest.to! }));
  }

  async recognise(wav16k: string, language: string, opts?: EngineCallOptions) {
    const pack = this.recognisers.find((p) => p.manifest.languages?.includes(language));
    if (!pack) throw new Error(`no model pack recognises ${language}`);
    const answer = await runPackRunner(
      { vadModel: this.vadModel, wav: wav16k, model: modelPaths(pack), language },
      opts,
    );
    return wordsFromSegments(answer.segments);
  }

  translate(lines: readonly string[], pair: LanguagePair, opts?: EngineCallOptions): Promise<string[]> {
    const pack = this.translators.find((p) => p.manifest.from === pair.from && p.manifest.to === pair.to);
    if (!pack) return Promise.reject(new Error(`no model pack translates ${pair.from} to ${pair.to}`));
    return bergamotTranslate(translatorPaths(pack), lines, opts);
  }
}

/**
 * The packs under `dir`: verified, then each model loaded once in its runtime. Returns the engine
 * of those that load (null when none), those packs, and every refused pack with its reason.
 */
export interface PackScan {
  /** The engine of the packs that load; null when none does. */
  engine: PackEngine | null;
  loaded: VerifiedPack[];
  refused: RefusedPack[];
}

export async function detectPackEngine(dir: string, vadModel = VAD_MODEL): Promise<PackScan> {
  const { verified, refused } = await loadModelPacks(dir);
  const loaded: VerifiedPack[] = [];
  for (const pack of verified) {
    const why = await checkPackLoads(pack, vadModel);
    if (why) refused.push({ dir: pack.dir, reason: why });
    else loaded.push(pack);
  }
  return { engine: loaded.length ? new PackEngine(loaded, vadModel) : null, loaded, refused };
}
