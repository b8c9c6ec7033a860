#!/usr/bin/env node
import { Command } from 'commander';
import { registerAccountCommands } from './accounts.js';
import { registerCallbackCommands } from './callbacks.js';
import { registerDoctorCommand } from './doctor.js';
import { serve } from './serve.js';
import { registerVoiceprintCommands } from './voiceprints.js';

const program = new Command('likeness')
  .description('likeness: self-hostable avatar and talking-video generation')
  .version('0.1.0');

program
  .command('serve')
  .description('run the API, its reference page and the in-process workers (what `npm start` runs)')
  .action(async () => {
    await serve();
  });
registerAccountCommands(program);
registerCallbackCommands(program);
registerDoctorCommand(program);
registerVoiceprintCommands(program);

program.parseAsync().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
