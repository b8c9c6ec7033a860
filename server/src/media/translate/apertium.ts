import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runMediaBinary } from '../run-ffmpeg.js';
import { apiLanguageCode, type LanguagePair } from './languages.js';

/**
 * Apertium, the rule-based translator Debian packages (`apertium` with a pair package such as
 * `apertium-eng-spa`): each installed pair leaves a mode file in its modes folder, and `apertium -u
 * MODE FILE` translates a plain text file line for line. (From a file, not stdin: its script reads
 * /dev/stdin, which cannot be opened when stdin is the socket Node gives a child.)
 */

export const APERTIUM_MODES_DIR = '/usr/share/apertium/modes';

export interface ApertiumPair extends LanguagePair {
  /** The mode to run (`eng-spa`). */
  mode: string;
}

/**
 * The pairs named by a modes folder's file names. Only plain `xx-yy.mode` files are translation
 * modes likeness uses; variants (`spa-eng_US`) and other modes (`eco-es-fr`) are left out, and a
 * pair named twice (`en-es` and `eng-spa`) is kept once. Pure.
 */
export function apertiumPairs(fileNames: readonly string[]): ApertiumPair[] {
  const pairs = new Map<string, ApertiumPair>();
  for (const name of [...fileNames].sort()) {
    const m = /^([a-z]{2,3})-([a-z]{2,3})\.mode$/.exec(name);
    if (!m) continue;
    const from = apiLanguageCode(m[1]!);
    const to = apiLanguageCode(m[2]!);
    if (!from || !to || from === to) continue;
    const key = `${from}-${to}`;
    if (!pairs.has(key)) pairs.set(key, { from, to, mode: `${m[1]}-${m[2]}` });
  }
  return [...pairs.values()];
}

/** The pairs installed under `modesDir`; none when the folder is missing. */
export async function findApertiumPairs(modesDir = APERTIUM_MODES_DIR): Promise<ApertiumPair[]> {
  const names = await readdir(modesDir).catch(() => [] as string[]);
  return apertiumPairs(names);
}

/**
 * Tidies one translated line: Apertium leaves a space before a full stop after an unknown word
 * ("John ."), a space at the start of lines after the first, and runs of spaces. Pure.
 */
export function tidyApertiumLine(line: string): string {
  return line
    .replace(/\s+([.,;])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * Translates `lines` (one sentence each; line breaks inside are turned into spaces) through
 * `apertium -u MODE FILE`: one process for all of them, one line out for each line in. The file is
 * written in a folder of its own under `tmpDir` and removed afterwards.
 */
export async function translateWithApertium(
  binary: string,
  mode: string,
  lines: readonly string[],
  opts: { signal?: AbortSignal; timeoutMs?: number; tmpDir?: string } = {},
): Promise<string[]> {
  if (lines.length === 0) return [];
  const dir = await mkdtemp(path.join(opts.tmpDir ?? os.tmpdir(), 'likeness-apertium-'));
  let stdout: string;
  try {
    const input = path.join(dir, 'in.txt');
    await writeFile(input, lines.map((l) => l.replace(/[\r\n]+/g, ' ')).join('\n') + '\n');
    ({ stdout } = await runMediaBinary(binary, ['-u', mode, input], {
      captureStdout: true,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const out = stdout.replace(/\n$/, '').split('\n');
  if (out.length !== lines.length) {
    throw new Error(`apertium ${mode} gave ${out.length} lines for ${lines.length}`);
  }
  return out.map(tidyApertiumLine);
}
