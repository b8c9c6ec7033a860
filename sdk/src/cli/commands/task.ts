import { str, UsageError, type Args, type Group } from '../command.js';
import type { TaskKind } from '../../types.js';
import { download, humanDuration, resultLength, waitWithProgress } from '../inputs.js';
import { formatFields } from '../output.js';

const kindOption = {
  kind: { type: 'string', description: 'work (videos, audio), avatar or voice; found out when absent' },
} as const;

function kindOf(args: Args): TaskKind | undefined {
  const k = str(args, 'kind');
  if (k === undefined) return undefined;
  if (k !== 'work' && k !== 'avatar' && k !== 'voice')
    throw new UsageError('--kind must be work, avatar or voice');
  return k;
}

/** The fields of any task reply worth showing. */
function summary(r: Record<string, unknown>): Record<string, unknown> {
  const { code: _c, message: _m, request_id: _r, ...rest } = r;
  return rest;
}

/** A work's length for people ("1.52 s", "about 2 s"); other tasks have none and keep their fields. */
function lengthFor(r: Record<string, unknown>): Record<string, unknown> {
  if (typeof r.duration !== 'number' && typeof r.duration_sec !== 'number') return {};
  return humanDuration({
    status: typeof r.status === 'number' ? r.status : undefined,
    duration: typeof r.duration === 'number' ? r.duration : undefined,
    duration_sec: typeof r.duration_sec === 'number' ? r.duration_sec : undefined,
  });
}

export const task: Group = {
  summary: 'wait for or look at any task',
  commands: {
    wait: {
      usage: 'task wait TASK_ID [--kind work|avatar|voice] [--timeout SEC] [-o FILE]',
      summary: 'waits for a task with a progress bar; -o downloads a work result',
      positionals: ['task_id'],
      options: {
        ...kindOption,
        output: { type: 'string', short: 'o', description: 'download the video or audio to this file' },
      },
      async run(ctx, args) {
        const id = args.positionals[0]!;
        const r = await waitWithProgress(ctx, id, `task ${id}`, kindOf(args));
        const output = str(args, 'output');
        let bytes: number | undefined;
        if (output) {
          if (!('video_Url' in r) || !r.video_Url)
            throw new UsageError('--output needs a video or audio task');
          bytes = await download(r.video_Url, output);
          ctx.out.note(`saved ${output} (${bytes} bytes)`);
        }
        const measured = await resultLength(ctx, r, output);
        const result = { task_id: id, ...summary(r), ...measured, ...(output ? { output, bytes } : {}) };
        ctx.out.result(result, () => formatFields({ ...result, ...lengthFor(result) }));
      },
    },
    get: {
      usage: 'task get TASK_ID [--kind work|avatar|voice]',
      summary: 'the state of a task, once',
      positionals: ['task_id'],
      options: kindOption,
      async run(ctx, args) {
        const id = args.positionals[0]!;
        const { kind, reply: r } = await ctx.client().getTask(id, kindOf(args));
        const measured = await resultLength(ctx, r);
        const fields = { task_id: id, kind, ...summary(r), ...measured };
        ctx.out.result({ kind, ...r, ...measured }, () => formatFields({ ...fields, ...lengthFor(fields) }));
      },
    },
  },
};
