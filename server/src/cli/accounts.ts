import { Command, InvalidArgumentError } from 'commander';
import { PLANS, type Plan } from '../config.js';
import { accountOrExit, print, withContainer } from './context.js';

const int = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n)) throw new InvalidArgumentError('expected a whole number');
  return n;
};
const nonNegative = (v: string) => {
  const n = int(v);
  if (n < 0) throw new InvalidArgumentError('expected 0 or more');
  return n;
};
const plan = (v: string): Plan => {
  if (!(PLANS as readonly string[]).includes(v))
    throw new InvalidArgumentError(`expected one of ${PLANS.join(', ')}`);
  return v as Plan;
};
const onOff = (v: string) => {
  if (v !== 'on' && v !== 'off') throw new InvalidArgumentError('expected on or off');
  return v === 'on';
};
const aigc = (v: string) => {
  if (!['0', '1', '2'].includes(v)) throw new InvalidArgumentError('expected 0, 1 or 2');
  return Number(v) as 0 | 1 | 2;
};

export function registerAccountCommands(program: Command): void {
  const accounts = program.command('accounts').description('create and manage accounts and their API tokens');

  accounts
    .command('create')
    .description('create an account; prints its id and API token (shown once)')
    .option('--name <name>', 'display name')
    .option('--credits <n>', 'starting credit balance', int, 0)
    .option('--plan <plan>', `membership plan (${PLANS.join(', ')})`, plan)
    .option(
      '--agent-platform',
      'issue the token for a third-party agent platform (svc_id then required on covers)',
    )
    .option('--json', 'print JSON')
    .action(
      async (o: { name?: string; credits: number; plan?: Plan; agentPlatform?: boolean; json?: boolean }) => {
        const r = await withContainer(
          (c) =>
            c.services.accounts.create({
              name: o.name,
              credits: o.credits,
              plan: o.plan,
              agentPlatform: o.agentPlatform,
            }),
          { create: true },
        );
        if (o.json) print(r, true);
        else
          console.log(`account ${r.account_id}\ntoken   ${r.token}\n(the token is shown only once; keep it)`);
      },
    );

  accounts
    .command('update')
    .description("change an account's settings; prints them (callback secret included)")
    .option('--token <token>', 'the account, by one of its tokens')
    .option('--account <id>', 'the account, by id')
    .option('--callback-url <url>', 'where completion callbacks are POSTed ("" to clear)')
    .option('--v2-callback <on|off>', 'also send avatar and voice cloning callbacks', onOff)
    .option('--aigc <0|1|2>', 'AIGC label preference: 1 on, 2 off (0 = keep the default, on)', aigc)
    .option('--credits-add <n>', 'top up (or, negative, take away) credits', int)
    .option('--plan <plan>', 'membership plan', plan)
    .option(
      '--credit-warning <n>',
      'send a credit-warning callback when the balance falls below n (0 = off)',
      nonNegative,
    )
    .option(
      '--agent-platform <on|off>',
      "mark the account's tokens as issued for a third-party agent platform",
      onOff,
    )
    .option('--rotate-token', 'revoke the current token(s) and print a new one')
    .option('--json', 'print JSON')
    .action(
      async (o: {
        token?: string;
        account?: string;
        callbackUrl?: string;
        v2Callback?: boolean;
        aigc?: 0 | 1 | 2;
        creditsAdd?: number;
        plan?: Plan;
        creditWarning?: number;
        agentPlatform?: boolean;
        rotateToken?: boolean;
        json?: boolean;
      }) => {
        if (o.callbackUrl) {
          try {
            const u = new URL(o.callbackUrl);
            if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
          } catch {
            console.error(`--callback-url must be an http(s) URL, got '${o.callbackUrl}'`);
            process.exit(2);
          }
        }
        await withContainer(async (c) => {
          const account = await accountOrExit(c, o);
          const settings: Record<string, unknown> = {
            ...(await c.services.accounts.update(account.id, {
              callbackUrl: o.callbackUrl === undefined ? undefined : o.callbackUrl || null,
              v2Callback: o.v2Callback,
              aigc: o.aigc,
              creditsAdd: o.creditsAdd,
              plan: o.plan,
              agentPlatform: o.agentPlatform,
              creditWarningThreshold: o.creditWarning,
            })),
          };
          if (o.rotateToken) settings.token = await c.services.accounts.rotateToken(account.id);
          print(settings, Boolean(o.json));
        });
      },
    );

  /** A test-mode command on an account named by one of its live tokens or its id. */
  const testCommand = (name: string, description: string) =>
    accounts
      .command(name)
      .description(description)
      .option('--token <token>', 'the account, by one of its live tokens')
      .option('--account <id>', 'the account, by id')
      .option('--json', 'print JSON');
  type AccountRef = { token?: string; account?: string; json?: boolean };

  testCommand(
    'test-token',
    'issue a test token (lk_test_…) for an account: a test balance of its own, test data apart from live; revokes the earlier test token',
  ).action(async (o: AccountRef) => {
    await withContainer(async (c) => {
      const r = await c.services.accounts.createTestToken((await accountOrExit(c, o)).id);
      if (o.json) print(r, true);
      else console.log(`test token ${r.token}\n(the token is shown only once; keep it)`);
    });
  });

  testCommand('test-reset', "set an account's test balance back to its starting amount").action(
    async (o: AccountRef) => {
      await withContainer(async (c) => {
        const account = await accountOrExit(c, o);
        const credits = await c.services.accounts.resetTestBalance(account.id);
        print({ account_id: account.id, test_credits: credits }, Boolean(o.json));
      });
    },
  );

  accounts
    .command('list')
    .description('list accounts')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const rows = await withContainer((c) => c.services.accounts.list());
      print(o.json ? rows : rows.map(({ callback_secret: _s, ...r }) => r), Boolean(o.json));
    });
}
