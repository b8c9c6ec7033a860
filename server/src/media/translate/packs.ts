import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { hashFile } from '../compose/region-cache.js';
import { apiLanguageCode } from './languages.js';

/**
 * Model packs an operator supplies for better engines than Debian's (Whisper or SenseVoice speech
 * recognition through sherpa-onnx, Bergamot translation): a folder per pack under
 * LIKENESS_MODEL_PACKS, each with a `manifest.json` naming its engine, languages, licence and files
 * with their SHA-256. likeness never downloads a pack; it verifies what it finds, and refuses a pack
 * it cannot trust, saying why. Each pack names its model's files by role (`model`): recognition
 * packs run on sherpa-onnx, translation packs on Bergamot (pack-engine.ts).
 */

export type PackKind = 'speech-recognition' | 'translation';
export type PackEngine = 'sherpa-onnx' | 'bergamot';

export interface PackFile {
  /** Relative to the pack's folder, inside it. */
  path: string;
  sha256: string;
}

/** A recognition pack's model: its kind and which of its files plays which part. */
export type RecogniserModel =
  | { type: 'whisper'; encoder: string; decoder: string; tokens: string }
  | { type: 'sense-voice'; model: string; tokens: string };

/** A translation pack's Marian model for Bergamot: model, lexical shortlist, vocabularies. */
export interface TranslatorModel {
  type: 'bergamot';
  model: string;
  shortlist: string;
  /** One shared SentencePiece vocabulary, or the source's then the target's. */
  vocabs: string[];
  /** Marian's gemm-precision, when the model needs another than int8shiftAlphaAll. */
  precision?: string;
}

/** The files each kind of recogniser model needs, by role. */
const MODEL_ROLES: Record<RecogniserModel['type'], readonly string[]> = {
  whisper: ['encoder', 'decoder', 'tokens'],
  'sense-voice': ['model', 'tokens'],
};

export interface PackManifest {
  name: string;
  kind: PackKind;
  engine: PackEngine;
  /** Speech recognition: the languages it hears. */
  languages?: string[];
  /** Speech recognition: the model, its files relative to the pack's folder. */
  model?: RecogniserModel;
  /** Translation: the Marian model, its files relative to the pack's folder. */
  translator?: TranslatorModel;
  /** Translation: the pair it translates. */
  from?: string;
  to?: string;
  licence: string;
  files: PackFile[];
}

export interface VerifiedPack {
  dir: string;
  manifest: PackManifest;
}

export interface RefusedPack {
  dir: string;
  reason: string;
}

const ENGINES: Record<PackKind, PackEngine> = {
  'speech-recognition': 'sherpa-onnx',
  translation: 'bergamot',
};

/**
 * Checks a parsed manifest's shape and returns it typed, or why it is refused. Pure: the files
 * themselves are checked by verifyPack.
 */
export function parseManifest(value: unknown): PackManifest | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the manifest is not a JSON object';
  const m = value as Record<string, unknown>;
  const text = (k: string) =>
    typeof m[k] === 'string' && (m[k] as string).trim() !== '' ? (m[k] as string) : null;
  const name = text('name');
  if (!name) return 'the manifest has no name';
  const kind = text('kind');
  if (kind !== 'speech-recognition' && kind !== 'translation') {
    return `kind must be speech-recognition or translation, got ${JSON.stringify(m.kind)}`;
  }
  const engine = text('engine');
  if (engine !== ENGINES[kind])
    return `a ${kind} pack runs on ${ENGINES[kind]}, got ${JSON.stringify(m.engine)}`;
  const licence = text('licence');
  if (!licence) return 'the manifest names no licence: a pack is used only under a licence its operator has';
  const code = (v: unknown) => (typeof v === 'string' ? apiLanguageCode(v) : null);
  const manifest: PackManifest = { name, kind, engine, licence, files: [] };
  if (kind === 'speech-recognition') {
    const langs = Array.isArray(m.languages) ? m.languages.map(code) : [];
    if (langs.length === 0 || langs.some((l) => l === null))
      return 'languages must list language codes (such as en)';
    manifest.languages = langs as string[];
  } else {
    const from = code(m.from);
    const to = code(m.to);
    if (!from || !to || from === to) return 'from and to must be two different language codes';
    Object.assign(manifest, { from, to });
  }
  if (!Array.isArray(m.files) || m.files.length === 0) return 'the manifest lists no files';
  for (const f of m.files as unknown[]) {
    const file = f as Partial<PackFile> | null;
    if (typeof file?.path !== 'string' || typeof file.sha256 !== 'string') {
      return 'each file needs a path and a sha256';
    }
    const normal = path.posix.normalize(file.path);
    if (path.isAbsolute(file.path) || normal.startsWith('..') || normal === '.') {
      return `${file.path}: a file must lie inside the pack's folder`;
    }
    if (!/^[0-9a-f]{64}$/i.test(file.sha256)) return `${file.path}: sha256 must be 64 hex digits`;
    manifest.files.push({ path: normal, sha256: file.sha256.toLowerCase() });
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  if (kind === 'speech-recognition') {
    const model = parseModel(m.model, listed);
    if (typeof model === 'string') return model;
    manifest.model = model;
  } else {
    const translator = parseTranslator(m.model, listed);
    if (typeof translator === 'string') return translator;
    manifest.translator = translator;
  }
  return manifest;
}

/** One of the pack's listed files named by `role`, normalised; or why not. */
function listedFile(file: unknown, role: string, listed: ReadonlySet<string>): string | { error: string } {
  if (typeof file !== 'string') return { error: `model.${role} must name one of the pack's files` };
  const normal = path.posix.normalize(file);
  if (!listed.has(normal))
    return { error: `model.${role}: ${file} is not among the files listed with their sha256` };
  return normal;
}

/** A translation pack's `model`: Bergamot's model, shortlist and vocabularies among its files. Pure. */
function parseTranslator(value: unknown, listed: ReadonlySet<string>): TranslatorModel | string {
  if (typeof value !== 'object' || value === null || (value as { type?: unknown }).type !== 'bergamot') {
    return 'model must be {"type": "bergamot", "model", "shortlist", "vocabs"} naming the pack\'s files';
  }
  const v = value as Record<string, unknown>;
  const model = listedFile(v.model, 'model', listed);
  if (typeof model !== 'string') return model.error;
  const shortlist = listedFile(v.shortlist, 'shortlist', listed);
  if (typeof shortlist !== 'string') return shortlist.error;
  if (!Array.isArray(v.vocabs) || v.vocabs.length < 1 || v.vocabs.length > 2) {
    return 'model.vocabs must list one shared vocabulary or two (source, target)';
  }
  const vocabs: string[] = [];
  for (const [i, f] of v.vocabs.entries()) {
    const file = listedFile(f, `vocabs[${i}]`, listed);
    if (typeof file !== 'string') return file.error;
    vocabs.push(file);
  }
  const translator: TranslatorModel = { type: 'bergamot', model, shortlist, vocabs };
  if (v.precision !== undefined) {
    if (typeof v.precision !== 'string' || !/^[a-zA-Z0-9]+$/.test(v.precision)) {
      return 'model.precision must be a Marian gemm-precision such as int8shiftAlphaAll';
    }
    translator.precision = v.precision;
  }
  return translator;
}

/** A recognition pack's `model`: its type and, for each role, one of the pack's listed files. Pure. */
function parseModel(value: unknown, listed: ReadonlySet<string>): RecogniserModel | string {
  const types = Object.keys(MODEL_ROLES).join(' or ');
  if (typeof value !== 'object' || value === null)
    return `model must name the model's type (${types}) and its files`;
  const v = value as Record<string, unknown>;
  const type = v.type;
  if (type !== 'whisper' && type !== 'sense-voice')
    return `model.type must be ${types}, got ${JSON.stringify(type)}`;
  const model: Record<string, string> = { type };
  for (const role of MODEL_ROLES[type]) {
    const file = listedFile(v[role], role, listed);
    if (typeof file !== 'string') return file.error;
    model[role] = file;
  }
  return model as RecogniserModel;
}

/** Reads and verifies one pack folder: its manifest, then every file's presence and SHA-256. */
export async function verifyPack(dir: string): Promise<VerifiedPack | RefusedPack> {
  let raw: string;
  try {
    raw = await readFile(path.join(dir, 'manifest.json'), 'utf8');
  } catch {
    return { dir, reason: 'no manifest.json' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    return { dir, reason: `manifest.json is not JSON (${(e as Error).message})` };
  }
  const manifest = parseManifest(parsed);
  if (typeof manifest === 'string') return { dir, reason: manifest };
  for (const f of manifest.files) {
    const file = path.join(dir, f.path);
    const s = await stat(file).catch(() => null);
    if (!s?.isFile()) return { dir, reason: `${f.path} is missing` };
    const sha = await hashFile(file);
    if (sha !== f.sha256) return { dir, reason: `${f.path} does not match its sha256 (the file is ${sha})` };
  }
  return { dir, manifest };
}

/** Every pack folder under `root`, verified or refused; none when `root` does not exist. */
export async function loadModelPacks(
  root: string,
): Promise<{ verified: VerifiedPack[]; refused: RefusedPack[] }> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const results = await Promise.all(
    entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort()
      .map((name) => verifyPack(path.join(root, name))),
  );
  return {
    verified: results.filter((r): r is VerifiedPack => 'manifest' in r),
    refused: results.filter((r): r is RefusedPack => 'reason' in r),
  };
}
