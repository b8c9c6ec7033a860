import { resolve } from 'node:path';
import type { Command } from 'commander';
import { isAppError } from '../errors/app-error.js';
import { SpeechInputError } from '../media/speech/index.js';
import { print, withContainer } from './context.js';

/** `likeness voiceprints …`: the voices this server refuses to clone (voice/create answers 1011). */
export function registerVoiceprintCommands(program: Command): void {
  const voiceprints = program
    .command('voiceprints')
    .description(
      'protect voices from cloning: samples that match a protected voiceprint fail with code 1011',
    );

  voiceprints
    .command('add')
    .description('measure a recording of the speaker (5 s to 3 min of speech; wav, mp3, m4a…) and protect it')
    .argument('<file>', 'recording of the voice to protect')
    .requiredOption('--name <name>', 'whose voice it is (shown in the list)')
    .option('--json', 'print JSON')
    .action(async (file: string, o: { name: string; json?: boolean }) => {
      await withContainer(
        async (c) => {
          try {
            const p = await c.services.protectedVoices.register(o.name, resolve(file));
            print({ id: p.id, name: p.name, source: p.source, created_at: p.created_at }, Boolean(o.json));
          } catch (err) {
            // An unusable recording is the operator's to fix, not a crash.
            if (!(err instanceof SpeechInputError) && !isAppError(err)) throw err;
            console.error(`cannot protect this recording: ${err.message}`);
            process.exitCode = 2;
          }
        },
        { create: true },
      );
    });

  voiceprints
    .command('list')
    .description('list the protected voices')
    .option('--json', 'print JSON (with the measured voiceprints)')
    .action(async (o: { json?: boolean }) => {
      const rows = await withContainer((c) => c.services.protectedVoices.list());
      print(
        o.json
          ? rows
          : rows.map((r) => ({
              id: r.id,
              name: r.name,
              source: r.source,
              pitch_hz: Math.round(r.voiceprint.medianPitchHz),
              created_at: r.created_at,
            })),
        Boolean(o.json),
      );
    });

  voiceprints
    .command('remove')
    .description('stop protecting a voice')
    .argument('<id>', 'id from `likeness voiceprints list`')
    .option('--json', 'print JSON')
    .action(async (id: string, o: { json?: boolean }) => {
      const removed = await withContainer((c) => c.services.protectedVoices.remove(id));
      if (!removed) {
        console.error(`no protected voice '${id}'`);
        process.exitCode = 2;
        return;
      }
      print({ id, removed: true }, Boolean(o.json));
    });
}
