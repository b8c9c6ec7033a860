import pino from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { environmentWithFile } from '../env-file.js';
import { createContainer, type Container } from '../container.js';

/** Opens the data dir for an admin command (no HTTP, no workers), runs `fn`, closes. */
export async function withContainer<T>(fn: (c: Container) => Promise<T>): Promise<T> {
  let config;
  try {
    config = loadConfig(environmentWithFile());
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  // Admin commands translate nothing: no translation engine is looked for (that would load every
  // model pack, seconds each, for an account listing).
  const c = await createContainer(config, { log: pino({ level: 'warn' }), translationEngines: [] });
  try {
    return await fn(c);
  } finally {
    await c.close();
  }
}

export function print(data: unknown, json: boolean): void {
  if (json) console.log(JSON.stringify(data, null, 2));
  else if (Array.isArray(data)) console.table(data);
  else console.log(data);
}

/** The account an admin command names by `--token` or `--account`; exits 2 with a message when there is none. */
export async function accountOrExit(c: Container, ref: { token?: string; account?: string }) {
  const account = await c.services.accounts.resolve({ accountId: ref.account, token: ref.token });
  if (!account) {
    console.error('no such account: pass --token <token> or --account <id> of an existing account');
    process.exit(2);
  }
  return account;
}
