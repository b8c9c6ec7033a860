import type { Command } from 'commander';
import { LINK_TTL_SEC } from '../services/console-session.service.js';
import { accountOrExit, print, withContainer } from './context.js';

export function registerConsoleLinkCommand(program: Command): void {
  program
    .command('console-link')
    .description('print a one-time sign-in link to the web console for an account')
    .option('--token <token>', 'the account, by its API token')
    .option('--account <id>', 'the account, by id')
    .option('--json', 'print JSON')
    .action(async (o: { token?: string; account?: string; json?: boolean }) => {
      if (!o.token && !o.account) {
        console.error('pass --token <API token> or --account <id>');
        process.exit(2);
      }
      await withContainer(async (c, setup) => {
        const account = await accountOrExit(c, o);
        const link = await c.services.consoleSessions.createLink(account.id);
        if (setup.urlFrom === 'HOST and PORT')
          console.error(
            `(no likeness server runs from data dir ${c.config.dataDir} now: the link assumes one at ` +
              `${c.config.server.publicUrl} (HOST and PORT); set LIKENESS_PUBLIC_URL or PORT as the server has them)`,
          );
        if (o.json) print({ url: link.url, expires_at: link.expiresAt }, true);
        else
          console.log(
            `${link.url}\n(signs in once, within ${LINK_TTL_SEC / 60} minutes; the console keeps its own session)`,
          );
      });
    });
}
