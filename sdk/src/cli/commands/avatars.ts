import { flag, int, str, UsageError, type CliContext, type Group } from '../command.js';
import { fileArg, fileIdArg, waitWithProgress } from '../inputs.js';
import type { AvatarTaskReply } from '../../types.js';
import { formatFields, formatTable } from '../output.js';
import { KIND_NAMES, pageOptions, waitOptions } from './common.js';

/** Upload a portrait, clone it with the clone API and wait until the avatar is ready; returns its id. */
export async function avatarFromPhoto(ctx: CliContext, photo: string, title?: string): Promise<string> {
  const fileId = await fileIdArg(ctx, photo, 'photo');
  const cloned = await ctx.client().clone.avatarByImage({ file_id: fileId, title });
  ctx.out.note(`cloning avatar ${cloned.asset.id} (task ${cloned.task.id}, ${cloned.task.credits} credits)`);
  await waitWithProgress(ctx, cloned.task.id, `avatar ${cloned.asset.id}`, 'avatar');
  return cloned.asset.id;
}

export const avatars: Group = {
  summary: 'list, create, clone and delete avatars',
  commands: {
    list: {
      usage: 'avatars list [--kind 0|1|2] [--page N] [--size N]',
      summary: 'avatars: 0 all (own first), 1 own, 2 public (default)',
      options: {
        kind: { type: 'string', description: '0 all, 1 own, 2 public (default 2)' },
        ...pageOptions,
      },
      async run(ctx, args) {
        const kind = int(args, 'kind');
        if (kind !== undefined && ![0, 1, 2].includes(kind)) throw new UsageError('--kind must be 0, 1 or 2');
        const r = await ctx.client().avatars.list({
          kind: kind as 0 | 1 | 2 | undefined,
          page: int(args, 'page'),
          size: int(args, 'size'),
        });
        ctx.out.result(r, () =>
          formatTable(
            r.data.map((a) => ({ ...a, kind: KIND_NAMES[a.kind] ?? a.kind })),
            ['avatar', 'kind', 'title'],
          ),
        );
      },
    },
    create: {
      usage:
        'avatars create (--video FILE|URL|FILE_ID | --image FILE|URL|FILE_ID) [--title T] [--model 1|2] [--wait]',
      summary: 'an avatar from a video (free) or an image (credits), through the generation API',
      options: {
        video: { type: 'string', description: 'MP4/MOV with one face, 5 s to 30 min' },
        image: { type: 'string', description: 'JPG/PNG/WebP portrait' },
        title: { type: 'string', description: 'avatar name' },
        model: { type: 'string', description: 'image avatars: 1 calm, 2 lively (default)' },
        ...waitOptions,
      },
      async run(ctx, args) {
        const video = str(args, 'video');
        const image = str(args, 'image');
        if (!video === !image) throw new UsageError('send one of --video or --image');
        const title = str(args, 'title');
        let taskId: string;
        if (video) {
          const s = await fileArg(ctx, video, 'video');
          taskId = (
            await ctx.client().avatars.createByVideo({
              title,
              ...('url' in s ? { video_url: s.url } : { file_id: s.file_id }),
            })
          ).task_id;
        } else {
          const s = await fileArg(ctx, image!, 'image');
          const model = int(args, 'model');
          taskId = (
            await ctx.client().avatars.createByImage({
              title,
              model: model as 1 | 2 | undefined,
              ...('url' in s ? { image_url: s.url } : { file_id: s.file_id }),
            })
          ).task_id;
        }
        await finishAvatar(ctx, taskId, flag(args, 'wait'));
      },
    },
    clone: {
      usage: 'avatars clone FILE|FILE_ID [--title T] [--wait]',
      summary: 'Avatar / Clone by Image (clone API): a portrait photo becomes an avatar',
      positionals: ['image'],
      options: { title: { type: 'string', description: 'avatar name' }, ...waitOptions },
      async run(ctx, args) {
        const fileId = await fileIdArg(ctx, args.positionals[0]!, 'image');
        const r = await ctx.client().clone.avatarByImage({ file_id: fileId, title: str(args, 'title') });
        if (!flag(args, 'wait')) {
          ctx.out.result(r, () =>
            formatFields({
              avatar: r.asset.id,
              status: r.asset.status,
              task_id: r.task.id,
              credits: r.task.credits,
              next: `likeness-cli task wait ${r.task.id}`,
            }),
          );
          return;
        }
        const done = await waitWithProgress(ctx, r.task.id, `avatar ${r.asset.id}`, 'avatar');
        ctx.out.result({ ...r, task_result: done }, () =>
          formatFields({ avatar: done.avatar, status: 'ready', task_id: r.task.id, credits: r.task.credits }),
        );
      },
    },
    assets: {
      usage: 'avatars assets [--limit N] [--cursor C] [--all]',
      summary: 'your avatar assets through the clone API, newest first',
      options: {
        limit: { type: 'string', description: 'items per page, 1 to 100 (default 20)' },
        cursor: { type: 'string', description: 'next_cursor of the previous page' },
        all: { type: 'boolean', description: 'every page' },
      },
      async run(ctx, args) {
        const limit = int(args, 'limit');
        const client = ctx.client();
        let items;
        let next = '';
        if (flag(args, 'all')) {
          items = [];
          for await (const a of client.cloneAvatars({ limit })) items.push(a);
        } else {
          const page = await client.clone.avatars({ limit, cursor: str(args, 'cursor') });
          items = page.items;
          next = page.next_cursor;
        }
        ctx.out.result({ items, next_cursor: next }, () => {
          const table = formatTable(items, ['id', 'status', 'title', 'created_at']);
          return next ? `${table}next page: --cursor ${next}\n` : table;
        });
      },
    },
    task: {
      usage: 'avatars task TASK_ID',
      summary: 'the state of an avatar task',
      positionals: ['task_id'],
      async run(ctx, args) {
        const r = await ctx.client().avatars.task(args.positionals[0]!);
        ctx.out.result(r, () =>
          formatFields({
            status: r.status,
            progress: r.progress,
            avatar: r.avatar,
            fail_reason: r.fail_reason,
            ...faceFields(r.face),
          }),
        );
      },
    },
    delete: {
      usage: 'avatars delete AVATAR',
      summary: 'deletes one of your own avatars',
      positionals: ['avatar'],
      async run(ctx, args) {
        const r = await ctx.client().avatars.delete(args.positionals[0]!);
        ctx.out.result(r, () => `deleted ${args.positionals[0]}\n`);
      },
    },
  },
};

async function finishAvatar(ctx: CliContext, taskId: string, wait: boolean): Promise<void> {
  if (!wait) {
    ctx.out.result({ task_id: taskId }, () =>
      formatFields({ task_id: taskId, next: `likeness-cli task wait ${taskId}` }),
    );
    return;
  }
  const r = await waitWithProgress(ctx, taskId, `avatar task ${taskId}`, 'avatar');
  ctx.out.result({ task_id: taskId, ...r }, () =>
    formatFields({ task_id: taskId, avatar: r.avatar, status: 'ready', ...faceFields(r.face) }),
  );
}

/** The face report's lines: how many faces were found, which one speaks, and any notice. */
function faceFields(face: AvatarTaskReply['face']): Record<string, unknown> {
  if (!face) return {};
  const s = face.speaker;
  return {
    faces_found: face.faces_found,
    speaker: s ? `${s.place}, ${s.width} px wide at ${s.x},${s.y}` : undefined,
    notice: face.notice,
  };
}
