import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { workerEntry } from '../worker-thread.js';
import type { EngineCallOptions } from './engine.js';
import type { RunnerAnswer, RunnerRequest, RunnerSegment } from './pack-runner.js';
import type { RecognisedWord } from './pocketsphinx.js';

/**
 * Runs pack-runner in a child process per request (see there for why a process). The child's
 * stderr, cut to its last lines, is the reason given when it fails: sherpa-onnx says there which
 * model file it could not load.
 */

/** The Silero VAD model kept with likeness (models/silero-vad, with its notice). */
export const VAD_MODEL = fileURLToPath(
  new URL('../../../models/silero-vad/silero_vad_v5.onnx', import.meta.url),
);

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/** The last meaningful line of a failed child's stderr (sherpa's own message, not Node's trace). */
export function failureReason(stderr: string, code: number | null, signal: string | null): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at ') && !/^Node\.js v/.test(l));
  const what = lines.find((l) => l.startsWith('what():')) ?? lines.at(-1) ?? '';
  const how = signal ? `stopped by ${signal}` : `exited with code ${code}`;
  return what ? `${what.replace(/^what\(\):\s*/, '')} (${how})` : how;
}

export async function runPackRunner(
  request: RunnerRequest,
  opts: EngineCallOptions = {},
): Promise<RunnerAnswer> {
  const entry = workerEntry(import.meta.url, 'pack-runner');
  const args = entry.eval
    ? ['--input-type=module', '-e', String(entry.script)]
    : [fileURLToPath(entry.script)];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LIKENESS_PACK_RUNNER: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
    signal: opts.signal,
    timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-8192)));
  child.stdin.end(JSON.stringify(request));
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (c, s) => resolve([c, s]));
  });
  if (code !== 0) throw new Error(failureReason(stderr, code, signal));
  return JSON.parse(stdout) as RunnerAnswer;
}

/**
 * Words with times from recognised stretches: each stretch's words share its time in proportion
 * to their length (the recogniser gives none of its own). Confidence 1: a pack's model gives none,
 * and the stretches hold speech by the VAD's judgement. Pure.
 */
export function wordsFromSegments(segments: readonly RunnerSegment[]): RecognisedWord[] {
  const words: RecognisedWord[] = [];
  for (const s of segments) {
    const parts = s.text.split(/\s+/).filter(Boolean);
    const total = parts.reduce((n, p) => n + p.length, 0);
    let at = s.startSec;
    for (const p of parts) {
      const span = ((s.endSec - s.startSec) * p.length) / (total || 1);
      words.push({ text: p, startSec: at, endSec: at + span, confidence: 1 });
      at += span;
    }
  }
  return words;
}
