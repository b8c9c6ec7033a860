import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EngineCallOptions } from './engine.js';

/**
 * Bergamot machine translation (Marian compiled to WebAssembly, `@browsermt/bergamot-translator`)
 * on a translation pack's files, in a worker thread per request. The package's worker script is
 * CommonJS in a package marked as ES modules, so Node refuses to start it from its file ("require
 * is not defined"); it is started from its source instead, with the file and folder it expects. A
 * model Marian cannot read aborts the WebAssembly, not the process: the worker answers with an
 * error, and Marian's reason is on the worker's stderr.
 */

/** A translation pack's model, as absolute paths. */
export interface BergamotModel {
  /** The Marian model (`model.*.intgemm*.bin`). */
  model: string;
  /** The lexical shortlist (`lex.*.bin`). */
  shortlist: string;
  /** SentencePiece vocabularies: one shared, or the source's then the target's. */
  vocabs: string[];
  /** Marian's `gemm-precision` for the model (int8shiftAlphaAll for the intgemm alphas models). */
  precision?: string;
}

const WORKER_SCRIPT = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@browsermt/bergamot-translator/package.json')),
  'worker',
  'translator-worker.js',
);

interface Reply {
  id: number;
  result?: unknown;
  error?: { message?: string };
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/** The last line Marian wrote before failing, without its time stamp. */
function marianReason(stderr: string): string {
  const line = stderr.trim().split('\n').filter(Boolean).at(-1) ?? '';
  return line
    .replace(/^\[[^\]]*\]\s*/, '')
    .replace(/^Error:\s*/, '')
    .trim();
}

const arrayBuffer = (b: Buffer): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/**
 * Loads `model` and translates `lines` with it (none: the model is loaded only, to check it).
 * Rejects with Marian's reason when the model does not load.
 */
export async function bergamotTranslate(
  model: BergamotModel,
  lines: readonly string[],
  opts: EngineCallOptions = {},
): Promise<string[]> {
  const source = await readFile(WORKER_SCRIPT, 'utf8');
  const code =
    `const __filename = ${JSON.stringify(WORKER_SCRIPT)};` +
    `const __dirname = ${JSON.stringify(path.dirname(WORKER_SCRIPT))};\n${source}`;
  const worker = new Worker(code, { eval: true, stderr: true });
  let stderr = '';
  worker.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4096)));
  let next = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const failAll = (e: Error) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (m: Reply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(new Error(m.error.message || 'bergamot failed'));
    else p.resolve(m.result);
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('the bergamot worker stopped')));
  const stderrDone = new Promise<void>((resolve) => worker.stderr.on('end', () => resolve()));
  const call = (name: string, ...args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, name, args });
    });
  const timer = setTimeout(
    () => failAll(new Error('bergamot did not answer in time')),
    opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  const abort = () => failAll(new Error('cancelled'));
  opts.signal?.addEventListener('abort', abort, { once: true });
  try {
    await call('initialize', { cacheSize: 0, useNativeIntGemm: false });
    const [modelBytes, shortlist, ...vocabs] = await Promise.all(
      [model.model, model.shortlist, ...model.vocabs].map((f) => readFile(f)),
    );
    const pair = { from: 'source', to: 'target' };
    await call('loadTranslationModel', pair, {
      model: arrayBuffer(modelBytes!),
      shortlist: arrayBuffer(shortlist!),
      vocabs: vocabs.map(arrayBuffer),
      config: model.precision ? { 'gemm-precision': model.precision } : undefined,
    });
    if (lines.length === 0) return [];
    const out = (await call('translate', {
      models: [pair],
      texts: lines.map((text) => ({ text, html: false, qualityScores: false })),
    })) as { target: { text: string } }[];
    return out.map((r) => r.target.text);
  } catch (e) {
    // Marian says why on stderr, which may still be on its way: read it to its end first.
    await worker.terminate();
    await stderrDone;
    throw new Error(marianReason(stderr) || (e as Error).message, { cause: e });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', abort);
    await worker.terminate();
  }
}
