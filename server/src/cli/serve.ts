import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { environmentWithFile } from '../env-file.js';
import { createContainer } from '../container.js';
import { warmUp } from '../http/warm-up.js';

/** `likeness serve`: API, console and in-process workers in one process, with graceful shutdown. */
export async function serve(): Promise<void> {
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
  const container = await createContainer(config);
  const app = await buildApp(container);
  const demo = await container.services.accounts.ensureDemoAccount();
  const tokenFile = join(config.dataDir, 'demo-token.txt');
  if (demo) writeFileSync(tokenFile, `${demo.token}\n`, { mode: 0o600 });
  await container.start();
  await warmUp(app);
  await app.listen({ host: config.server.host, port: config.server.port });
  const base = config.server.publicUrl;

  const lines = ['', `likeness is running at ${base}  (API reference: ${base}/docs)`];
  let token = '<token>';
  if (demo) {
    token = demo.token;
    lines.push(
      `A demo account was created with ${config.demoAccount.credits} credits. Its API token (also in ${tokenFile}):`,
      '',
      `  ${demo.token}`,
      '',
    );
  } else if (existsSync(tokenFile)) {
    token = readFileSync(tokenFile, 'utf8').trim();
    lines.push(`Demo account token (from ${tokenFile}): ${token}`);
  }
  lines.push(
    'Try:',
    `  curl -H "Authorization: Bearer ${token}" ${base}/api/v2/svc/account/credit`,
    'More accounts:  npx likeness accounts create --credits 1000 --json',
    '',
  );
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    container.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    await container.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
