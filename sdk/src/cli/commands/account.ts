import { str, UsageError, type Group } from '../command.js';
import { readConfig, writeConfig } from '../config.js';
import { formatFields } from '../output.js';

export const credit: Group = {
  summary: 'the credit balance',
  commands: {
    '': {
      usage: 'credit',
      summary: 'the credit balance',
      async run(ctx) {
        const r = await ctx.client().account.credit();
        ctx.out.result(r, () => `${r.left} credits left\n`);
      },
    },
  },
};

export const login: Group = {
  summary: 'saves the token (and the service URL) in the config file',
  commands: {
    '': {
      usage: 'login --token TOKEN [--base-url URL]',
      summary: 'saves the token (and the service URL) in the config file, readable by you only',
      async run(ctx, args) {
        const token = str(args, 'token');
        if (!token) throw new UsageError('--token is required');
        const current = await readConfig(ctx.configPath);
        const next = {
          ...current,
          token,
          ...(str(args, 'base-url') ? { base_url: str(args, 'base-url') } : {}),
        };
        await writeConfig(ctx.configPath, next);
        // Checks the pair at once, so a typo shows now rather than at the next command.
        const r = await ctx.client().account.credit();
        ctx.out.result({ config: ctx.configPath, base_url: next.base_url, left: r.left }, () =>
          formatFields({ saved: ctx.configPath, service: ctx.client().transport.baseUrl, credits: r.left }),
        );
      },
    },
  },
};
