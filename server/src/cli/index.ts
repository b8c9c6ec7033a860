#!/usr/bin/env node
import { Command, Option } from 'commander';
import { registerAccountCommands } from './accounts.js';
import { registerCallbackCommands } from './callbacks.js';
import { registerConsoleLinkCommand } from './console-link.js';
import { registerDoctorCommand } from './doctor.js';
import { ROLES } from './roles.js';
import { registerVoiceprintCommands } from './voiceprints.js';

const program = new Command('likeness')
  .description('likeness: self-hostable avatar and talking-video generation')
  .version('0.1.0');

program
  .command('serve')
  .description('run the API, its reference page and the in-process workers (what `npm start` runs)')
  .addOption(
    new Option('--role <role>', 'all: API and workers; api: only the API (workers run in `likeness worker`)')
      .choices(ROLES.filter((r) => r !== 'worker'))
      .default('all'),
  )
  .action(async (o: { role: 'all' | 'api' }) => {
    // The HTTP server's modules load only for the commands that serve: admin commands start faster.
    const { serve } = await import('./serve.js');
    await serve(o.role);
  });
program
  .command('worker')
  .description('run only the job workers (media and io lanes) against the shared database, queue and store')
  .action(async () => {
    const { worker } = await import('./serve.js');
    await worker();
  });
registerAccountCommands(program);
registerCallbackCommands(program);
registerConsoleLinkCommand(program);
registerDoctorCommand(program);
registerVoiceprintCommands(program);

program.parseAsync().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
