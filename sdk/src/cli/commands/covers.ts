import { choice, int, need, str, type Group } from '../command.js';
import { download } from '../inputs.js';
import { formatFields, formatTable } from '../output.js';
import { pageOptions } from './common.js';

const svcId = { type: 'string', description: 'third-party user id (agent-platform tokens only)' } as const;

export const covers: Group = {
  summary: 'cover styles and cover images',
  commands: {
    styles: {
      usage: 'covers styles [--page N] [--size N]',
      summary: 'the cover styles',
      options: { ...pageOptions, 'svc-id': svcId },
      async run(ctx, args) {
        const r = await ctx.client().covers.styles({
          page: int(args, 'page'),
          size: int(args, 'size'),
          svc_id: str(args, 'svc-id'),
        });
        ctx.out.result(r, () => formatTable(r.data, ['id', 'title', 'url']));
      },
    },
    create: {
      usage:
        'covers create --style ID --content TEXT [--avatar A] [--canvas 9:16|3:4] [--format jpg|png] [-o FILE]',
      summary: 'renders a cover image at once',
      options: {
        style: { type: 'string', description: 'cover style id (covers styles)' },
        content: { type: 'string', description: 'the text of the cover' },
        avatar: { type: 'string', description: 'avatar id for the figure' },
        canvas: { type: 'string', description: '9:16 (default) or 3:4' },
        format: { type: 'string', description: 'jpg (default) or png' },
        output: { type: 'string', short: 'o', description: 'download the image to this file' },
        'svc-id': svcId,
      },
      async run(ctx, args) {
        const r = await ctx.client().covers.create({
          template: need(args, 'style'),
          content: need(args, 'content'),
          avatar: str(args, 'avatar'),
          canvas_preset: choice(args, 'canvas', ['9:16', '3:4'] as const),
          output_format: choice(args, 'format', ['jpg', 'png'] as const),
          svc_id: str(args, 'svc-id'),
        });
        const output = str(args, 'output');
        const bytes = output ? await download(r.url, output) : undefined;
        if (output) ctx.out.note(`saved ${output} (${bytes} bytes)`);
        const result = { ...r, ...(output ? { output, bytes } : {}) };
        ctx.out.result(result, () => formatFields({ cover_id: r.cover_id, url: r.url, output }));
      },
    },
  },
};
