import { need, str, flag, type Group } from '../command.js';
import { finishWork, textArg } from '../inputs.js';
import { testOutcomeOptions, workOptions } from './common.js';

export const audio: Group = {
  summary: 'speech audio (MP3) from text',
  commands: {
    tts: {
      usage: 'audio tts --voice V --text T [--title T] [--wait] [-o FILE]',
      summary: 'an MP3 of the text spoken by a voice (credits)',
      options: {
        voice: { type: 'string', description: 'voice id (voices list)' },
        text: { type: 'string', description: "what is said ('-' reads standard input)" },
        ...workOptions,
      },
      async run(ctx, args) {
        const { task_id } = await ctx.client().audio.createByTts(
          {
            voice: need(args, 'voice'),
            text: await textArg(ctx, need(args, 'text')),
            title: str(args, 'title'),
          },
          testOutcomeOptions(args),
        );
        await finishWork(ctx, { wait: flag(args, 'wait'), output: str(args, 'output') }, task_id, 'audio');
      },
    },
  },
};
