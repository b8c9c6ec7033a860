/** Helpers the commands share: file-or-id arguments, waiting with a progress bar, downloads. */
import { createWriteStream, existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
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
  const result = {
    ...extra,
    task_id: taskId,
    status: r.status,
    duration: r.duration,
    video_Url: r.video_Url,
    ...(opts.output ? { output: opts.output, bytes } : {}),
  };
  ctx.out.result(result, () => formatFields(result));
}
