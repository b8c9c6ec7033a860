import { flag, int, need, str, UsageError, type Args, type CliContext, type Group } from '../command.js';
import { fileArg, fileIdArg, finishWork, humanDuration, resultLength, textArg } from '../inputs.js';
import { formatFields, formatTable } from '../output.js';
import { avatarFromPhoto } from './avatars.js';
import { pageOptions, testOutcomeOptions, workOptions } from './common.js';

const speakerOptions = {
  avatar: { type: 'string', description: 'avatar id (avatars list)' },
  photo: {
    type: 'string',
    description: 'a portrait photo: uploaded and cloned into a new avatar first (clone API, credits)',
  },
  'video-file': { type: 'string', description: 'a video (file or file_id) used as the avatar' },
} as const;

/** Who appears: --avatar, --photo (cloned first) or --video-file; returns the API's fields. */
async function speaker(ctx: CliContext, args: Args): Promise<{ avatar?: string; video_file_id?: string }> {
  const given = ['avatar', 'photo', 'video-file'].filter((k) => str(args, k) !== undefined);
  if (given.length !== 1) throw new UsageError('send one of --avatar, --photo or --video-file');
  const photo = str(args, 'photo');
  if (photo) return { avatar: await avatarFromPhoto(ctx, photo, str(args, 'title')) };
  const video = str(args, 'video-file');
  if (video) return { video_file_id: await fileIdArg(ctx, video, 'video') };
  return { avatar: need(args, 'avatar') };
}

const wait = (args: Args) => ({ wait: flag(args, 'wait'), output: str(args, 'output') });

export const videos: Group = {
  summary: 'make talking videos; list templates; query and delete video tasks',
  commands: {
    tts: {
      usage:
        'videos tts --text T (--avatar A | --photo FILE | --video-file FILE) [--voice V] [--subtitles] [--title T] [--wait] [-o FILE]',
      summary: 'a talking video from text (credits)',
      options: {
        text: { type: 'string', description: "what is said ('-' reads standard input)" },
        voice: { type: 'string', description: 'voice id (voices list); optional with --video-file' },
        subtitles: { type: 'boolean', description: 'burn in subtitles' },
        ...speakerOptions,
        ...workOptions,
      },
      async run(ctx, args) {
        const text = await textArg(ctx, need(args, 'text'));
        const who = await speaker(ctx, args);
        const { task_id } = await ctx.client().videos.createByTts(
          {
            text,
            voice: str(args, 'voice'),
            title: str(args, 'title'),
            st_show: flag(args, 'subtitles') ? 1 : 0,
            ...who,
          },
          testOutcomeOptions(args),
        );
        await finishWork(ctx, wait(args), task_id, 'video', who.avatar ? { avatar: who.avatar } : {});
      },
    },
    audio: {
      usage:
        'videos audio --audio FILE|URL|FILE_ID (--avatar A | --photo FILE | --video-file FILE) [--wait] [-o FILE]',
      summary: 'a talking video lip-synced to a recording, 5 s to 30 min (credits)',
      options: {
        audio: { type: 'string', description: 'mp3, m4a, wav, ...' },
        ...speakerOptions,
        ...workOptions,
      },
      async run(ctx, args) {
        const a = await fileArg(ctx, need(args, 'audio'), 'audio');
        const who = await speaker(ctx, args);
        const { task_id } = await ctx.client().videos.createByAudio(
          {
            title: str(args, 'title'),
            ...('url' in a ? { audio_url: a.url } : { file_id: a.file_id }),
            ...who,
          },
          testOutcomeOptions(args),
        );
        await finishWork(ctx, wait(args), task_id, 'video', who.avatar ? { avatar: who.avatar } : {});
      },
    },
    template: {
      usage:
        'videos template --template ID --text T (--avatar A --voice V | --video-file FILE) [--bgm FILE] [--ambience FILE] [--cover FILE] [--wait] [-o FILE]',
      summary: 'a subtitled, titled video in a lively template (credits)',
      options: {
        template: { type: 'string', description: 'template id (videos templates)' },
        text: { type: 'string', description: "what is said ('-' reads standard input)" },
        voice: { type: 'string', description: 'voice id' },
        bgm: { type: 'string', description: 'background music (file or file_id)' },
        ambience: { type: 'string', description: 'ambient sound (file or file_id)' },
        cover: { type: 'string', description: 'cover image (file or file_id)' },
        ...speakerOptions,
        ...workOptions,
      },
      async run(ctx, args) {
        const text = await textArg(ctx, need(args, 'text'));
        const who = await speaker(ctx, args);
        const opt = async (name: string) => {
          const v = str(args, name);
          return v === undefined ? undefined : fileIdArg(ctx, v, name);
        };
        const { task_id } = await ctx.client().videos.createByTemplate(
          {
            template: need(args, 'template'),
            text,
            voice: str(args, 'voice'),
            title: str(args, 'title'),
            bgm_file_id: await opt('bgm'),
            ambience_file_id: await opt('ambience'),
            cover_file_id: await opt('cover'),
            ...who,
          },
          testOutcomeOptions(args),
        );
        await finishWork(ctx, wait(args), task_id, 'video');
      },
    },
    translate: {
      usage: 'videos translate --video FILE|FILE_ID --lang CODE [--wait] [-o FILE]',
      summary: 'a video translated into zh, en, ja, ko, de, es or fr (credits)',
      options: {
        video: { type: 'string', description: 'the video, at most 10 minutes' },
        lang: { type: 'string', description: 'target language code' },
        ...workOptions,
      },
      async run(ctx, args) {
        const { task_id } = await ctx.client().videos.translate(
          {
            video_file_id: await fileIdArg(ctx, need(args, 'video'), 'video'),
            target_language_code: need(args, 'lang'),
          },
          testOutcomeOptions(args),
        );
        await finishWork(ctx, wait(args), task_id, 'video');
      },
    },
    sing: {
      usage: 'videos sing --image FILE|FILE_ID --audio FILE|FILE_ID [--wait] [-o FILE]',
      summary: 'a singing video from a person image and a song of at most 60 s (credits)',
      options: {
        image: { type: 'string', description: 'person image' },
        audio: { type: 'string', description: 'the song' },
        ...workOptions,
      },
      async run(ctx, args) {
        const { task_id } = await ctx.client().videos.createBySing(
          {
            image_file_id: await fileIdArg(ctx, need(args, 'image'), 'image'),
            audio_file_id: await fileIdArg(ctx, need(args, 'audio'), 'audio'),
          },
          testOutcomeOptions(args),
        );
        await finishWork(ctx, wait(args), task_id, 'video');
      },
    },
    image: {
      usage: 'videos image --image FILE|FILE_ID --voice V --text T [--model 5|6] [--wait] [-o FILE]',
      summary: 'a talking video from a person image and text; model 6 is the cartoon style (credits)',
      options: {
        image: { type: 'string', description: 'person image' },
        voice: { type: 'string', description: 'voice id' },
        text: { type: 'string', description: "what is said ('-' reads standard input)" },
        model: { type: 'string', description: '5 realistic (default), 6 cartoon' },
        ...workOptions,
      },
      async run(ctx, args) {
        const { task_id } = await ctx.client().videos.createByImage(
          {
            image_file_id: await fileIdArg(ctx, need(args, 'image'), 'image'),
            voice: need(args, 'voice'),
            text: await textArg(ctx, need(args, 'text')),
            model: int(args, 'model'),
          },
          testOutcomeOptions(args),
        );
        await finishWork(ctx, wait(args), task_id, 'video');
      },
    },
    templates: {
      usage: 'videos templates [--type 0|1|2|3] [--tag T] [--title T] [--page N] [--size N]',
      summary: 'lively templates: 0 portrait (default), 1 landscape, 2 square, 3 original ratio',
      options: {
        type: { type: 'string', description: 'orientation' },
        tag: { type: 'string', description: 'tag filter' },
        title: { type: 'string', description: 'title filter' },
        ...pageOptions,
      },
      async run(ctx, args) {
        const type = int(args, 'type');
        if (type !== undefined && ![0, 1, 2, 3].includes(type))
          throw new UsageError('--type must be 0, 1, 2 or 3');
        const r = await ctx.client().videos.livelyTemplates({
          type: type as 0 | 1 | 2 | 3 | undefined,
          tag: str(args, 'tag'),
          title: str(args, 'title'),
          page: int(args, 'page'),
          size: int(args, 'size'),
        });
        ctx.out.result(r, () => formatTable(r.data, ['template', 'title', 'type', 'demo_url']));
      },
    },
    task: {
      usage: 'videos task TASK_ID',
      summary: 'the state of a work (video or audio)',
      positionals: ['task_id'],
      async run(ctx, args) {
        const r = await ctx.client().videos.task(args.positionals[0]!);
        const measured = await resultLength(ctx, r);
        ctx.out.result({ ...r, ...measured }, () =>
          formatFields({
            status: r.status,
            progress: r.progress,
            ...humanDuration({ status: r.status, duration: r.duration, ...measured }),
            video_Url: r.video_Url,
            fail_code: r.fail_code,
            fail_reason: r.fail_reason,
          }),
        );
      },
    },
    delete: {
      usage: 'videos delete TASK_ID',
      summary: 'deletes a video task; an unfinished one is cancelled and refunded',
      positionals: ['task_id'],
      async run(ctx, args) {
        const r = await ctx.client().videos.deleteTask(args.positionals[0]!);
        ctx.out.result(r, () => `deleted ${args.positionals[0]}\n`);
      },
    },
  },
};
