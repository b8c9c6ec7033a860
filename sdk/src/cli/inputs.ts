/** Helpers the commands share: file-or-id arguments, waiting with a progress bar, downloads. */
import { createWriteStream, existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { DURATION_HEAD_BYTES, describeDuration, measureDuration, mediaDurationSec } from '../duration.js';
import type { TaskKind, TaskReplyOf } from '../types.js';
import type { CliContext } from './command.js';
import { formatFields } from './output.js';

export type Source = { file_id: string } | { url: string };

/**
 * An argument that names a file: an http(s) URL is passed as a URL, an existing path is uploaded, and
 * anything else is taken as a file_id from an earlier upload.
 */
export async function fileArg(ctx: CliContext, value: string, what: string): Promise<Source> {
  if (/^https?:\/\//i.test(value)) return { url: value };
  if (existsSync(value)) {
    ctx.out.note(`uploading ${what} ${value} ...`);
    const r = await ctx.client().upload(value);
    ctx.out.note(`uploaded ${value}: file_id ${r.file_id} (${r.size} bytes)`);
    return { file_id: r.file_id };
  }
  // File ids carry no dots or slashes; a value with them was meant as a path.
  if (/[./\\]/.test(value)) throw new Error(`${what} '${value}': no such file`);
  return { file_id: value };
}

/** An argument that must end up as a file_id (the operation takes no URL). */
export async function fileIdArg(ctx: CliContext, value: string, what: string): Promise<string> {
  const s = await fileArg(ctx, value, what);
  if ('url' in s) throw new Error(`${what} must be a file or a file_id here (this operation takes no URL)`);
  return s.file_id;
}

/** Waits for a task with a progress bar on stderr. */
export async function waitWithProgress<K extends TaskKind>(
  ctx: CliContext,
  taskId: string,
  label: string,
  kind?: K,
): Promise<TaskReplyOf<K>> {
  const bar = ctx.out.progress(label);
  try {
    return await ctx.client().waitForTask<K>(taskId, {
      kind,
      timeoutMs: ctx.timeoutSec * 1000,
      intervalMs: ctx.pollMs,
      onProgress: (p) => bar.update(p),
    });
  } finally {
    bar.end();
  }
}

/** Saves a result URL (signed, with query parameters) to a file, streaming. Returns the bytes written. */
export async function download(url: string, path: string): Promise<number> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`download failed: HTTP ${res.status} for ${url.split('?')[0]}`);
  let bytes = 0;
  const body = Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>);
  body.on('data', (c: Buffer) => (bytes += c.length));
  await pipeline(body, createWriteStream(path));
  return bytes;
}

/** --text, or standard input with `--text -`. */
export async function textArg(ctx: CliContext, value: string): Promise<string> {
  return value === '-' ? (await ctx.readStdin()).trim() : value;
}

/** --wait / --output handling shared by every command that starts a work (video or audio). */
export async function finishWork(
  ctx: CliContext,
  opts: { wait: boolean; output?: string },
  taskId: string,
  label: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (!opts.wait && !opts.output) {
    ctx.out.result({ ...extra, task_id: taskId }, () =>
      formatFields({ ...extra, task_id: taskId, next: `likeness-cli task wait ${taskId} --output <file>` }),
    );
    return;
  }
  const r = await waitWithProgress(ctx, taskId, `${label} ${taskId}`, 'work');
  let bytes: number | undefined;
  if (opts.output) {
    bytes = await download(r.video_Url, opts.output);
    ctx.out.note(`saved ${opts.output} (${bytes} bytes)`);
  }
  const measured = await resultLength(ctx, r, opts.output);
  const result = {
    ...extra,
    task_id: taskId,
    status: r.status,
    duration: r.duration,
    ...measured,
    video_Url: r.video_Url,
    ...(opts.output ? { output: opts.output, bytes } : {}),
  };
  ctx.out.result(result, () => formatFields({ ...result, ...humanDuration(result) }));
}

/** An MP3 without a Xing frame is measured by counting its frames, up to this size. */
const WHOLE_FILE_MAX = 64 * 1024 * 1024;

/** The precise length of a downloaded MP4 or MP3, read from its header (null: it does not say). */
export async function fileDurationSec(path: string): Promise<number | null> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const head = new Uint8Array(Math.min(size, DURATION_HEAD_BYTES));
    await fh.read(head, 0, head.length, 0);
    const fromHead = mediaDurationSec(head, head.length === size);
    if (fromHead !== null || head.length === size || size > WHOLE_FILE_MAX) return fromHead;
    const whole = new Uint8Array(size);
    await fh.read(whole, 0, size, 0);
    return mediaDurationSec(whole, true);
  } finally {
    await fh.close();
  }
}

/**
 * `duration_sec`, the precise length of a finished work's file, beside the API's whole-second
 * `duration`: read from the downloaded file, or from the first bytes of its URL (a ranged GET).
 * Nothing when the task has no file or the file does not say; a failed read only loses the fraction.
 */
export async function resultLength(
  ctx: CliContext,
  r: { status?: number; video_Url?: string },
  output?: string,
): Promise<{ duration_sec?: number }> {
  if (r.status !== 3 || !r.video_Url) return {};
  try {
    const sec = output ? await fileDurationSec(output) : await measureDuration(r.video_Url);
    return sec === null ? {} : { duration_sec: Math.round(sec * 1000) / 1000 };
  } catch (e) {
    ctx.out.note(
      `could not read the exact length of the result: ${e instanceof Error ? e.message : String(e)}`,
    );
    return {};
  }
}

/**
 * What people see for a work's length: one `duration` line, "1.52 s" when the file was measured,
 * else the API's whole seconds as "about 2 s" (they are rounded to the nearest second). A task that
 * has not completed has no length yet (the API's 0 is not one): no line.
 */
export function humanDuration(r: { status?: number; duration?: number; duration_sec?: number }): {
  duration?: string;
  duration_sec?: undefined;
} {
  const text = r.status === undefined || r.status === 3 ? describeDuration(r.duration, r.duration_sec) : '';
  return { duration: text || undefined, duration_sec: undefined };
}
