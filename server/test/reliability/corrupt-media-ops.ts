import { api, type ApiResponse, type TestServer } from '../helpers/server.js';
import type { OpName } from './corrupt-media-cases.js';

type TaskPath = '/api/v2/svc/video/task' | '/api/v2/svc/avatar/task' | '/api/v2/svc/voice/task';

/** A submission: accepted (a task to wait for) or refused at once (the answer's body). */
export type Submitted = { taskId: string; query: TaskPath } | { refused: ApiResponse['body'] };

/** Valid inputs that the operations pair the file under test with. */
export interface Partners {
  /** 6 s of sound (file_id) for videos given as video_file_id. */
  audioFileId: string;
  /** A portrait (file_id) for songs. */
  imageFileId: string;
  template: string;
}

const VOICE = 'pub-zh-xiaoyun';
const AVATAR = 'pub-avatar-chen';
const TEXT = '你好，欢迎。';

/** Submits `fileId` to an operation, as a client would, over HTTP. */
export async function submit(
  server: TestServer,
  token: string,
  op: OpName,
  fileId: string,
  partners: Partners,
): Promise<Submitted> {
  const post = async (path: string, body: Record<string, unknown>, query: TaskPath): Promise<Submitted> => {
    const r = await api(server, 'POST', path, { token, body });
    if (r.body.code !== 0) return { refused: r.body };
    // The clone API answers in its own envelope; its task is queried through the avatar task query.
    const taskId = (r.body.task_id ?? r.body.data?.task?.id) as string;
    return { taskId, query };
  };
  const work = (path: string, body: Record<string, unknown>) =>
    post(`/api/v2/svc/video/${path}`, body, '/api/v2/svc/video/task');
  const template = { template: partners.template, text: TEXT };
  const templated = { ...template, voice: VOICE, avatar: AVATAR };
  switch (op) {
    case 'avatar/create_by_video':
      return post('/api/v2/svc/avatar/create_by_video', { file_id: fileId }, '/api/v2/svc/avatar/task');
    case 'create_by_audio video_file_id':
      return work('create_by_audio', { file_id: partners.audioFileId, video_file_id: fileId });
    case 'create_by_tts video_file_id':
      return work('create_by_tts', { text: TEXT, video_file_id: fileId });
    case 'create_by_template video_file_id':
      return work('create_by_template', { ...template, video_file_id: fileId });
    case 'voice/create':
      return post(
        '/api/v2/svc/voice/create',
        { title: 'sample', voice_type: 8, file_id: fileId, languages: 'zh' },
        '/api/v2/svc/voice/task',
      );
    case 'create_by_audio file_id':
      return work('create_by_audio', { file_id: fileId, avatar: AVATAR });
    case 'create_by_template bgm_file_id':
      return work('create_by_template', { ...templated, bgm_file_id: fileId });
    case 'create_by_template ambience_file_id':
      return work('create_by_template', { ...templated, ambience_file_id: fileId });
    case 'create_by_sing audio_file_id':
      return work('create_by_sing', { image_file_id: partners.imageFileId, audio_file_id: fileId });
    case 'avatar/create_by_image':
      return post('/api/v2/svc/avatar/create_by_image', { file_id: fileId }, '/api/v2/svc/avatar/task');
    case 'clone avatar/by_image':
      return post('/api/app/v1/clone/avatar/by_image', { file_id: fileId }, '/api/v2/svc/avatar/task');
    case 'create_by_sing image_file_id':
      return work('create_by_sing', { image_file_id: fileId, audio_file_id: partners.audioFileId });
    case 'create_by_image image_file_id':
      return work('create_by_image', { image_file_id: fileId, voice: VOICE, text: TEXT });
    case 'create_by_template cover_file_id':
      return work('create_by_template', { ...templated, cover_file_id: fileId });
  }
}

/** Runs `jobs` with at most `limit` at a time (the account may have 5 works in progress). */
export async function pool<T>(limit: number, jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, lane));
  return results;
}
