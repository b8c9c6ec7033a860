import type { Command } from 'commander';
import { accountOrExit, print, withContainer } from './context.js';

export function registerCallbackCommands(program: Command): void {
  program
    .command('callbacks')
    .description('list recent callback deliveries (state, attempts, last answer)')
    .option('--token <token>', 'only this account (by token)')
    .option('--account <id>', 'only this account (by id)')
    .option('--limit <n>', 'how many', (v) => Number(v), 50)
    .option('--json', 'print JSON')
    .action(async (o: { token?: string; account?: string; limit: number; json?: boolean }) => {
      await withContainer(async (c) => {
        const accountId = o.token || o.account ? (await accountOrExit(c, o)).id : null;
        const rows = await c.services.callbacks.list(accountId, o.limit);
        print(
          rows.map((d) => ({
            id: d.id,
            task_id: d.task_id,
            type: d.event_type,
            state: d.state,
            attempts: d.attempts,
            last_status: d.last_status,
            last_error: d.last_error,
            created_at: d.created_at,
            url: d.url,
          })),
          Boolean(o.json),
        );
      });
    });
}
