/**
 * Request and reply types of every endpoint, derived from the generated OpenAPI types
 * (src/generated/openapi.ts). Nothing here restates a field: when a server schema changes, the
 * regenerated file changes these types with it.
 */
import type { paths } from './generated/openapi.js';

export type { paths } from './generated/openapi.js';

/** Every path of the two APIs. */
export type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'delete';
/** The operation object of a path and method, or never when the path has no such method. */
type Op<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of a POST operation. */
export type BodyOf<P extends ApiPath> = JsonOf<NonNullable<Op<P, 'post'>['requestBody']>>;
/** The query parameters of a GET or DELETE operation (an empty object when it takes none). */
export type QueryOf<P extends ApiPath, M extends 'get' | 'delete'> =
  Op<P, M> extends { parameters: { query?: infer Q } }
    ? [Q] extends [never]
      ? object
      : NonNullable<Q>
    : never;
/** The JSON reply of an operation with HTTP 200. */
export type ReplyOf<P extends ApiPath, M extends Method> = JsonOf<Op<P, M>['responses'][200]>;
/** The `data` of a clone-API envelope. */
export type CloneDataOf<P extends ApiPath, M extends Method> =
  ReplyOf<P, M> extends { data: infer D } ? D : never;

// --- Generation API (/api/v2/svc) -----------------------------------------------------------------

export type CreditReply = ReplyOf<'/api/v2/svc/account/credit', 'get'>;

export type UploadUrlParams = BodyOf<'/api/v2/svc/tool/create_upload_url'>;
export type UploadGrant = ReplyOf<'/api/v2/svc/tool/create_upload_url', 'post'>;

export type AvatarCreateByVideoParams = BodyOf<'/api/v2/svc/avatar/create_by_video'>;
export type AvatarCreateByImageParams = BodyOf<'/api/v2/svc/avatar/create_by_image'>;
export type AvatarListParams = QueryOf<'/api/v2/svc/avatar/list', 'get'>;
export type AvatarListReply = ReplyOf<'/api/v2/svc/avatar/list', 'get'>;
export type AvatarItem = AvatarListReply['data'][number];
export type AvatarTaskReply = ReplyOf<'/api/v2/svc/avatar/task', 'get'>;

export type VoiceCreateParams = BodyOf<'/api/v2/svc/voice/create'>;
export type VoiceEditParams = BodyOf<'/api/v2/svc/voice/edit'>;
export type VoiceListParams = QueryOf<'/api/v2/svc/voice/list', 'get'>;
export type VoiceListReply = ReplyOf<'/api/v2/svc/voice/list', 'get'>;
export type VoiceItem = VoiceListReply['data'][number];
export type VoiceTaskReply = ReplyOf<'/api/v2/svc/voice/task', 'get'>;

export type VideoCreateByAudioParams = BodyOf<'/api/v2/svc/video/create_by_audio'>;
export type VideoCreateByTtsParams = BodyOf<'/api/v2/svc/video/create_by_tts'>;
export type VideoCreateByTemplateParams = BodyOf<'/api/v2/svc/video/create_by_template'>;
export type VideoTranslateParams = BodyOf<'/api/v2/svc/video/translate'>;
export type VideoCreateBySingParams = BodyOf<'/api/v2/svc/video/create_by_sing'>;
export type VideoCreateByImageParams = BodyOf<'/api/v2/svc/video/create_by_image'>;
export type LivelyTemplateParams = QueryOf<'/api/v2/svc/video/lively_templates', 'get'>;
export type LivelyTemplateReply = ReplyOf<'/api/v2/svc/video/lively_templates', 'get'>;
export type LivelyTemplate = LivelyTemplateReply['data'][number];
/** The result of any work: videos, and audio from text (its MP3 URL is in `video_Url`). */
export type WorkTaskReply = ReplyOf<'/api/v2/svc/video/task', 'get'>;

export type AudioCreateByTtsParams = BodyOf<'/api/v2/svc/audio/create_by_tts'>;

export type CoverStyleParams = QueryOf<'/api/v2/svc/project/cover_styles', 'get'>;
export type CoverStyleReply = ReplyOf<'/api/v2/svc/project/cover_styles', 'get'>;
export type CoverStyle = CoverStyleReply['data'][number];
export type CoverCreateParams = BodyOf<'/api/v2/svc/project/covers'>;
export type CoverReply = ReplyOf<'/api/v2/svc/project/covers', 'post'>;

/** What every create operation answers. */
export type TaskIdReply = ReplyOf<'/api/v2/svc/video/create_by_tts', 'post'>;
/** What operations without a result answer (delete, voice edit). */
export type EmptyReply = ReplyOf<'/api/v2/svc/avatar', 'delete'>;

// --- Clone API (/api/app/v1/clone) ----------------------------------------------------------------

export type CloneByImageParams = BodyOf<'/api/app/v1/clone/avatar/by_image'>;
export type CloneByImageResult = CloneDataOf<'/api/app/v1/clone/avatar/by_image', 'post'>;
export type CloneAsset = CloneByImageResult['asset'];
export type CloneAvatarListParams = QueryOf<'/api/app/v1/clone/avatars', 'get'>;
export type CloneAvatarListResult = CloneDataOf<'/api/app/v1/clone/avatars', 'get'>;

// --- Tasks ----------------------------------------------------------------------------------------

/** Which task query answers for a task: works (videos and audio), avatars or voices. */
export type TaskKind = 'work' | 'avatar' | 'voice';
export type TaskReplyOf<K extends TaskKind> = K extends 'avatar'
  ? AvatarTaskReply
  : K extends 'voice'
    ? VoiceTaskReply
    : WorkTaskReply;
export type AnyTaskReply = WorkTaskReply | AvatarTaskReply | VoiceTaskReply;

/** Task status values: 1 waiting, 2 processing, 3 completed, 4 failed. */
export const TaskStatus = { Waiting: 1, Processing: 2, Completed: 3, Failed: 4 } as const;
