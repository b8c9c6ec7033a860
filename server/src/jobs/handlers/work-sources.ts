import { join } from 'node:path';
import type { AvatarRow, TaskRow } from '../../db/schema.js';
import { SvcCode } from '../../errors/codes.js';
import { ERRORS } from '../../errors/app-error.js';
import { cartoonise } from '../../media/animate/cartoon.js';
import { findPublicAvatarArt } from '../../media/art/index.js';
import { planVideoLoop, type AvatarSource } from '../../media/compose/index.js';
import { trackFaceInImage } from '../../media/face/index.js';
import { displaySize } from '../../media/probe.js';
import {
  detectTextLanguage,
  type SpeechLanguage,
  type SpeechResult,
  type VoiceProfile,
  type VoiceSettings,
} from '../../media/speech/index.js';
import type { MediaToolkit } from '../../media/toolkit.js';
import type { AvatarService } from '../../services/avatar.service.js';
import type { VoiceService } from '../../services/voice.service.js';
import type { WorkInput } from '../../services/work.service.js';
import {
  acquireAudio,
  acquireImage,
  acquireVideo,
  type InputContext,
  type InputDeps,
} from './checked-inputs.js';
import { faceTrackFor, judgeFaceTrack, type FaceTrackDeps } from './face-tracks.js';
import { TIME_LIMITS, withTimeLimit } from './time-limits.js';

/** What finding a work's picture and sound uses. */
export interface WorkSourceDeps extends InputDeps, FaceTrackDeps {
  avatars: Pick<AvatarService, 'getForJob'>;
  voices: Pick<VoiceService, 'getForJob'>;
  media: MediaToolkit;
}

/** The picture side of a work: what moves, and at what size. */
export interface FaceSource {
  source: AvatarSource;
  width: number;
  height: number;
  fps: number;
  /** The stored avatar, when the work uses one (its face track is read from there). */
  avatar: AvatarRow | null;
  /** Length of a video source in seconds (null for pictures). */
  clipSec: number | null;
}

/** The sound side of a work: a speech or song file, its length, and word timings when synthesised. */
export interface SoundSource {
  path: string;
  durationSec: number;
  speech: SpeechResult | null;
  /** The language the speech was synthesised in (null for uploaded sound). */
  language: SpeechLanguage | null;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The frame rate of videos made from an avatar (its clip is played at this rate). */
export const AVATAR_FPS = 25;

/**
 * Scales to at most `maxLong` pixels on the long side and, where the long side allows, at least
 * `minShort` on the short one, keeping even dimensions for H.264.
 */
export function outputSize(
  w: number,
  h: number,
  maxLong = 1920,
  minShort = 0,
): { width: number; height: number } {
  const k = Math.min(Math.max(1, minShort / Math.min(w, h)), maxLong / Math.max(w, h));
  return { width: even(w * k), height: even(h * k) };
}

/**
 * The short side a video made from a picture has at least (decision T26): the smallest the spec
 * takes for an avatar video (360p). A small picture (a 191x264 photo, a 150x150 thumbnail) is
 * animated at this size, so its mouth moves over enough pixels to be seen and the video is not a
 * thumbnail. Video avatars keep their own size.
 */
export const PICTURE_MIN_SHORT_SIDE = 360;

/** The size of a work's video: its avatar's, a small picture's scaled up (PICTURE_MIN_SHORT_SIDE). */
export function workOutputSize(face: { source: Pick<AvatarSource, 'kind'>; width: number; height: number }): {
  width: number;
  height: number;
} {
  const minShort = face.source.kind === 'image' ? PICTURE_MIN_SHORT_SIDE : 0;
  return outputSize(face.width, face.height, 1920, minShort);
}

/** Loads the avatar, the uploaded video, or the uploaded image that a work animates. */
export async function resolveFace(
  d: WorkSourceDeps,
  task: TaskRow,
  input: WorkInput,
  tmp: string,
  signal: AbortSignal,
): Promise<FaceSource> {
  const { media, blobs } = d;
  const startSec = (input.startMsec ?? 0) / 1000;
  const ctx = { accountId: task.account_id, tmp, signal };
  if (input.avatar) {
    const a = await d.avatars.getForJob(input.avatar);
    if (!a || a.deleted_at || a.state !== 'ready' || !a.media_key)
      throw ERRORS.notFound('avatar', input.avatar);
    const path = await blobs.toLocalPath(a.media_key, tmp);
    if (a.media_kind === 'video') {
      const duration = a.duration_sec ?? 0;
      return {
        source: {
          kind: 'video',
          path,
          startSec: duration > 0 ? startSec % duration : 0,
          ...(a.media_sha256 ? { contentHash: a.media_sha256 } : {}),
          ...(a.loop_cut_frames ? { seamlessCut: { frames: a.loop_cut_frames, fps: AVATAR_FPS } } : {}),
        },
        width: a.width ?? 720,
        height: a.height ?? 1280,
        fps: AVATAR_FPS,
        avatar: a,
        clipSec: duration,
      };
    }
    const motion = a.motion === 'lively' ? 'lively' : a.motion === 'still' ? 'still' : 'subtle';
    // Public illustrated characters have their mouths drawn, not warped.
    const illustration = a.scope === 'public' && findPublicAvatarArt(a.id) ? a.id : undefined;
    return {
      source: { kind: 'image', path, motion, illustration },
      width: a.width ?? 720,
      height: a.height ?? 1280,
      fps: AVATAR_FPS,
      avatar: a,
      clipSec: null,
    };
  }
  if (input.videoFileId) return uploadedVideoFace(d, ctx, input.videoFileId, 'source', startSec);
  if (input.imageFileId) {
    // Decoded upright as PNG, so every later step sees upright pixels.
    const out = await acquireImage(
      d,
      ctx,
      { fileId: input.imageFileId },
      'the picture (image_file_id)',
      'person',
    );
    const upright = out.path;
    // Tracked now, before any speech is made or credit reserved: a picture without a face fails fast.
    const detector = await media.faces();
    const limit = TIME_LIMITS.trackImage(SvcCode.ImageResourceFailed);
    const track = await withTimeLimit(signal, limit, 'face detection', () =>
      trackFaceInImage(detector, upright),
    );
    judgeFaceTrack(track, 'image', 'image_file_id');
    let picture = upright;
    // Model 6 is the cartoon style: the picture is stylised, then animated the same way (the face is
    // tracked on the original, whose geometry the stylisation keeps).
    if (input.model === 6) picture = await cartoonise(upright, join(tmp, 'person-cartoon.png'));
    // Songs move more: the lively idle level, plus nods on the beat.
    const motion = task.type === 'video_sing' ? 'lively' : 'subtle';
    return {
      source: { kind: 'image', path: picture, motion, face: track },
      width: out.width,
      height: out.height,
      fps: 25,
      avatar: null,
      clipSec: null,
    };
  }
  throw ERRORS.invalid('the work has no avatar, video_file_id or image_file_id');
}

/**
 * An uploaded video as the picture of a work (video_file_id), checked for its use: the face source
 * of a talking video, or the video to translate.
 */
export async function uploadedVideoFace(
  d: WorkSourceDeps,
  ctx: InputContext,
  fileId: string,
  use: 'source' | 'translate',
  startSec = 0,
): Promise<FaceSource> {
  const got = await acquireVideo(d, ctx, { fileId }, use, 'the video (video_file_id)');
  const info = got.info;
  const size = displaySize(info.video!);
  return {
    source: {
      kind: 'video',
      path: got.path,
      startSec: info.durationSec > 0 ? startSec % info.durationSec : 0,
    },
    ...size,
    fps: Math.min(30, Math.round(info.video!.fps) || 25),
    avatar: null,
    clipSec: info.durationSec,
  };
}

/**
 * The face track the render animates: the avatar's stored track (or a fresh one for the range the
 * render plays), or a track of the uploaded video or picture. Fails with 2015 when an uploaded
 * picture or video shows no usable face (`anyShare`: however rarely a video shows it, see rejectTrack).
 * `onProgress` hears the share of a video's tracking done, when it is tracked here.
 */
export async function withFaceTrack(
  d: FaceTrackDeps,
  face: FaceSource,
  durationSec: number,
  tmp: string,
  signal: AbortSignal,
  opts: { anyShare?: boolean; onProgress?: (fraction: number) => void } = {},
): Promise<AvatarSource> {
  const src = face.source;
  // Uploaded pictures are tracked by resolveFace; illustrated avatars are drawn, not tracked.
  if (src.kind === 'image' && (src.face || src.illustration || !face.avatar)) return src;
  let need = { fromSec: 0, toSec: 0 };
  if (src.kind === 'video') {
    const loop = planVideoLoop(face.clipSec ?? 0, src.startSec, durationSec, face.fps);
    need = { fromSec: loop.startSec, toSec: loop.startSec + Math.min(loop.availableSec, durationSec) };
  }
  // A sample for every frame the render shows: the lips move too fast to interpolate (T5).
  const tracked = { ...need, sampleFps: face.fps };
  const limit = TIME_LIMITS.trackVideo(
    need.toSec - need.fromSec,
    face.width * face.height,
    SvcCode.VideoResourceFailed,
  );
  if (face.avatar) {
    const avatar = face.avatar;
    const track = await withTimeLimit(signal, limit, "tracking the avatar's face", (s, progressed) =>
      faceTrackFor(d, avatar, src.path, tracked, tmp, s, both(progressed, opts.onProgress)),
    );
    return { ...src, face: track };
  }
  const detector = await d.media.faces();
  const track = await withTimeLimit(signal, limit, 'face tracking', (s, progressed) =>
    detector.trackVideo(
      d.media.bins.ffmpeg,
      src.path,
      { durationSec: face.clipSec ?? 0, width: face.width, height: face.height },
      { ...tracked, signal: s, onProgress: both(progressed, opts.onProgress) },
    ),
  );
  judgeFaceTrack(track, 'video', 'the uploaded video', opts);
  return { ...src, face: track };
}

/** A progress callback that tells the step's watch and the caller. */
const both =
  (watch: () => void, caller?: (fraction: number) => void) =>
  (fraction: number): void => {
    watch();
    caller?.(fraction);
  };

/** Voice settings of a stored voice, with its edits (rate, volume, pitch) applied on top of its profile. */
export async function voiceSettingsFor(
  voices: Pick<VoiceService, 'getForJob'>,
  voiceId: string,
  text: string,
): Promise<VoiceSettings> {
  const v = await voices.getForJob(voiceId);
  if (!v || v.deleted_at || v.state !== 'ready') throw ERRORS.notFound('voice', voiceId);
  // Text in another language than the voice's is spoken by the best-fitting voice, with the same profile.
  const detected = detectTextLanguage(text);
  const own = v.language as SpeechLanguage;
  const language =
    detected && detected !== own && !(own.startsWith('zh') && detected === 'zh') ? detected : own;
  return {
    language,
    profile: v.profile ? (JSON.parse(v.profile) as VoiceProfile) : null,
    rate: Number(v.rate) || 1,
    volume: Number(v.volume) || 1,
    pitch: Number(v.pitch) || 1,
  };
}

/** Synthesises the text, or fetches and checks the given audio. */
export async function resolveSound(
  d: WorkSourceDeps,
  task: TaskRow,
  input: WorkInput,
  face: FaceSource | null,
  tmp: string,
  signal: AbortSignal,
): Promise<SoundSource> {
  const { media } = d;
  if (input.text !== undefined) {
    const text = input.text;
    let voice: VoiceSettings;
    if (input.voice) voice = await voiceSettingsFor(d.voices, input.voice, text);
    else if (face?.source.kind === 'video') {
      // video_file_id without a voice: the video's own speaker is the voice (a neutral one when the
      // video's sound cannot be analysed).
      const path = face.source.path;
      const profile = await withTimeLimit(signal, TIME_LIMITS.analyseSample, 'the voice analysis', (s) =>
        media.speech.analyseSample(path, { signal: s }),
      ).catch((e: unknown) => {
        if (signal.aborted) throw e;
        return null;
      });
      voice = { language: detectTextLanguage(text) ?? 'zh', profile, rate: 1, volume: 1, pitch: 1 };
    } else throw ERRORS.invalid('voice is required');
    const wav = join(tmp, 'speech.wav');
    const speech = await withTimeLimit(signal, TIME_LIMITS.synthesis(text.length), 'speech synthesis', (s) =>
      media.speech.synthesize(text, voice, wav, { signal: s, draft: input.draft === true }),
    );
    return { path: wav, durationSec: speech.durationSec, speech, language: voice.language };
  }
  if (input.audio) {
    const sing = task.type === 'video_sing';
    const param = 'fileId' in input.audio ? (sing ? 'audio_file_id' : 'file_id') : 'audio_url';
    const got = await acquireAudio(
      d,
      { accountId: task.account_id, tmp, signal },
      input.audio,
      sing ? 'song' : 'driving',
      sing ? `the song (${param})` : `the audio (${param})`,
    );
    // The decoded length, not the header's: it is what plays, and what is charged.
    return { path: got.path, durationSec: got.presentSec, speech: null, language: null };
  }
  throw ERRORS.invalid('the work has neither text nor audio');
}
