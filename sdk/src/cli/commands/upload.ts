import { str, type Group } from '../command.js';
import { formatFields } from '../output.js';

export const upload: Group = {
  summary: 'uploads a file and prints its file_id',
  commands: {
    '': {
      usage: 'upload FILE [--extension EXT]',
      summary: 'uploads a file (grant + signed PUT, streamed) and prints its file_id',
      positionals: ['file'],
      options: {
        extension: { type: 'string', description: 'file type when the name has none (jpg, mp4, ...)' },
      },
      async run(ctx, args) {
        const r = await ctx.client().upload(args.positionals[0]!, { extension: str(args, 'extension') });
        ctx.out.result(r, () =>
          formatFields({ file_id: r.file_id, size: r.size, content_type: r.content_type }),
        );
      },
    },
  },
};
