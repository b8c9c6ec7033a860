import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { environmentWithFile } from '../env-file.js';
import { createContainer, type Container, type ProcessRole } from '../container.js';
import { warmUp } from '../http/warm-up.js';
import { printAfterLog } from '../lib/logger.js';
import { LINK_TTL_SEC } from '../services/console-session.service.js';
import { describeEngines, roleProblem, roleWarnings } from './roles.js';
import { removeServerRecord, writeServerRecord } from './server-record.js';

function configOrExit(role: ProcessRole): Config {
  try {
    const config = loadConfig(environmentWithFile());
    const problem = roleProblem(role, config);
    if (problem) throw new ConfigError([problem]);
    return config;
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
}

/**
 * Prints what a person starting the service needs (address, token, sign-in link) after the start-up
 * lines, between rules, so that it stands apart from the log rather than among its lines. It goes
 * through the log's own output (written asynchronously), which stdout would overtake.
 */
function printBanner(container: Container, lines: string[]): void {
  const rule = '─'.repeat(72);
  printAfterLog(container.log, ['', rule, ...lines, rule, '', ''].join('\n'));
}

/** Stops on SIGINT/SIGTERM: running jobs go back to the queue, nothing is lost. */
function closeOnSignal(container: Container, before: () => Promise<void> = async () => undefined): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    container.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await before();
    await container.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * `likeness serve`: API, console and workers in one process (role `all`, what `npm start` runs),
 * or only the API (`--role api`), with graceful shutdown.
 */
export async function serve(role: Exclude<ProcessRole, 'worker'> = 'all'): Promise<void> {
  const config = configOrExit(role);
  const container = await createContainer(config, { role });
  const app = await buildApp(container);
  const demo = await container.services.accounts.ensureDemoAccount();
  const tokenFile = join(config.dataDir, 'demo-token.txt');
  if (demo) writeFileSync(tokenFile, `${demo.token}\n`, { mode: 0o600 });
  // The HTTP path is warmed on this thread while the engines warm up in theirs (container.start).
  await Promise.all([container.start(), warmUp(app)]);
  await app.listen({ host: config.server.host, port: config.server.port });
  // Where it listens, for admin commands run against this data dir (decision 48); gone when it stops.
  const address = app.server.address();
  if (address && typeof address === 'object') writeServerRecord(config, address, role);
  process.once('exit', () => removeServerRecord(config.dataDir));
  const base = config.server.publicUrl;

  const lines = [`likeness is running at ${base}  (API reference: ${base}/docs)`];
  if (role === 'api') {
    lines.push('Role: API only; jobs run in `likeness worker` processes.', ...describeEngines(config));
    for (const w of roleWarnings(role, config)) container.log.warn(w);
  }
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
  const demoId = demo?.accountId ?? (await container.services.accounts.resolve({ token }))?.id;
  if (demoId) {
    const link = await container.services.consoleSessions.createLink(demoId);
    lines.push(
      `Web console: ${base}/console/`,
      `  sign in as the demo account with this one-time link (valid ${LINK_TTL_SEC / 60} minutes):`,
      `  ${link.url}`,
      '',
    );
  } else {
    lines.push(
      `Web console: ${base}/console/  (sign in with an API token, or a link from: npx likeness console-link --token <token>)`,
      '',
    );
  }
  lines.push(
    'Try:',
    `  curl -H "Authorization: Bearer ${token}" ${base}/api/v2/svc/account/credit`,
    'More accounts:  npx likeness accounts create --credits 1000 --json',
  );
  printBanner(container, lines);
  closeOnSignal(container, () => app.close());
}

/** `likeness worker`: only the job workers (media and io lanes), against the shared engines. */
export async function worker(): Promise<void> {
  const config = configOrExit('worker');
  const container = await createContainer(config, { role: 'worker' });
  await container.start();
  for (const w of roleWarnings('worker', config)) container.log.warn(w);
  printBanner(container, [
    `likeness worker ${container.instance} is running: ${config.workers.concurrency} media jobs and 4 network jobs at a time`,
    ...describeEngines(config),
  ]);
  closeOnSignal(container);
}
