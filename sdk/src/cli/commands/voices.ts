import { flag, int, need, str, UsageError, type Group } from '../command.js';
import { fileArg, waitWithProgress } from '../inputs.js';
import { formatFields, formatTable } from '../output.js';
import { KIND_NAMES, pageOptions, waitOptions } from './common.js';

export const voices: Group = {
  summary: 'list, clone and edit voices',
  commands: {
    list: {
      usage: 'voices list [--kind 1|2] [--page N] [--size N]',
      summary: 'voices: 2 public (default here), 1 your cloned voices',
      options: { kind: { type: 'string', description: '1 own, 2 public (default 2)' }, ...pageOptions },
      async run(ctx, args) {
        const kind = int(args, 'kind') ?? 2;
        if (kind !== 1 && kind !== 2) throw new UsageError('--kind must be 1 or 2');
        const r = await ctx
          .client()
          .voices.list({ kind, page: int(args, 'page'), size: int(args, 'size') ?? 100 });
        ctx.out.result(r, () =>
          formatTable(
            r.data.map((v) => ({ ...v, kind: KIND_NAMES[v.type === 10 ? 2 : 1] })),
            ['voice', 'kind', 'title', 'rate', 'volume', 'pitch'],
          ),
        );
      },
    },
    create: {
      usage: 'voices create --audio FILE|URL|FILE_ID --title T [--languages L] [--wait]',
      summary: 'clones a voice from a 5 s to 3 min sample (mp3, m4a, wav)',
      options: {
        audio: { type: 'string', description: 'the sample' },
        title: { type: 'string', description: 'voice name, at most 20 characters' },
        languages: { type: 'string', description: 'language of the sample (default zh)' },
        ...waitOptions,
      },
      async run(ctx, args) {
        const s = await fileArg(ctx, need(args, 'audio'), 'audio');
        const { task_id } = await ctx.client().voices.create({
          title: need(args, 'title'),
          voice_type: 8,
          languages: str(args, 'languages'),
          ...('url' in s ? { audio_url: s.url } : { file_id: s.file_id }),
        });
        if (!flag(args, 'wait')) {
          ctx.out.result({ task_id }, () =>
            formatFields({ task_id, next: `likeness-cli task wait ${task_id}` }),
          );
          return;
        }
        const r = await waitWithProgress(ctx, task_id, `voice task ${task_id}`, 'voice');
        ctx.out.result({ task_id, ...r }, () =>
          formatFields({ task_id, voice: r.voice, demo_url: r.demo_url }),
        );
      },
    },
    edit: {
      usage: 'voices edit VOICE [--rate R] [--volume V] [--pitch P]',
      summary: "changes a cloned voice's rate (0.5-2.0), volume (0.1-2.0) or pitch (0.1-2.0)",
      positionals: ['voice'],
      options: {
        rate: { type: 'string', description: 'e.g. 1.2' },
        volume: { type: 'string', description: 'e.g. 1.0' },
        pitch: { type: 'string', description: 'e.g. 0.9' },
      },
      async run(ctx, args) {
        const voice = args.positionals[0]!;
        const client = ctx.client();
        // The API takes all three; values not given keep their current setting.
        const own = (await client.voices.list({ kind: 1, size: 300 })).data.find((v) => v.voice === voice);
        const r = await client.voices.edit({
          voice,
          rate: str(args, 'rate') ?? own?.rate ?? '1.0',
          volume: str(args, 'volume') ?? own?.volume ?? '1.0',
          pitch: str(args, 'pitch') ?? own?.pitch ?? '1.0',
        });
        ctx.out.result(r, () => `updated ${voice}\n`);
      },
    },
    task: {
      usage: 'voices task TASK_ID',
      summary: 'the state of a voice task',
      positionals: ['task_id'],
      async run(ctx, args) {
        const r = await ctx.client().voices.task(args.positionals[0]!);
        ctx.out.result(r, () =>
          formatFields({
            status: r.status,
            progress: r.progress,
            voice: r.voice,
            demo_url: r.demo_url,
            fail_reason: r.fail_reason,
          }),
        );
      },
    },
  },
};
