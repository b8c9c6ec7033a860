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
 * error. Marian prints its reason just before; the worker's console is sent over the same port as
 * its answers, so the reason is always there when the error arrives (the worker's stderr stream
 * lost it now and then when the worker was stopped right after).
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

let code: Promise<string> | null = null;

/**
 * The worker's source with the file and folder it expects, and its console.error and console.warn
 * (where Marian prints) sent to the parent as `{ log }` messages; read once per process.
 */
function workerCode(): Promise<string> {
  code ??= readFile(WORKER_SCRIPT, 'utf8').then(
    (source) =>
      `const __filename = ${JSON.stringify(WORKER_SCRIPT)};` +
      `const __dirname = ${JSON.stringify(path.dirname(WORKER_SCRIPT))};` +
      `{ const port = require('node:worker_threads').parentPort;` +
      ` console.error = console.warn = (...a) => port.postMessage({ log: a.map(String).join(' ') }); }\n` +
      source,
  );
  return code;
}

interface Reply {
  id?: number;
  result?: unknown;
  error?: { message?: string };
  /** A line the worker printed. */
  log?: string;
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/**
 * Marian's reason for failing: the first error it printed, without its time stamp (it then prints
 * where it aborted and "Aborted()"); the last line printed when it named no error.
 */
function marianReason(printed: string): string {
  const lines = printed.split('\n').map((l) => l.replace(/^\[[^\]]*\]\s*/, '').trim());
  const error = lines.find((l) => l.startsWith('Error: '));
  return error ? error.slice('Error: '.length) : (lines.filter(Boolean).at(-1) ?? '');
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
  const worker = new Worker(await workerCode(), { eval: true });
  let printed = '';
  let next = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const failAll = (e: Error) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (m: Reply) => {
    if (m.log !== undefined) {
      printed = `${printed}${m.log}\n`.slice(-4096);
      return;
    }
    const p = m.id === undefined ? undefined : pending.get(m.id);
    if (!p || m.id === undefined) return;
    pending.delete(m.id);
    if (m.error) p.reject(new Error(marianReason(printed) || m.error.message || 'bergamot failed'));
    else p.resolve(m.result);
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('the bergamot worker stopped')));
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
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', abort);
    await worker.terminate();
  }
}
