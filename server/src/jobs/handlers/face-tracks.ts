import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AvatarRow } from '../../db/schema.js';
import { ERRORS } from '../../errors/app-error.js';
import {
  decodeFaceTrack,
  rejectTrack,
  trackReport,
  encodeFaceTrack,
  LANDMARK_MODEL,
  trackFaceInImage,
  TRACK_FPS,
  type FaceTrack,
  type FaceTrackReport,
} from '../../media/face/index.js';
import type { MediaToolkit } from '../../media/toolkit.js';
import { parseAvatarFace, type AvatarFace } from '../../services/avatar-face.js';
import { avatarFaceTrackKey } from '../../storage/blob-keys.js';
import type { BlobStore } from '../../storage/blob-store.js';

/**
 * Face tracks of avatars: measured when the avatar is made, stored beside its media, and read back
 * by every render. Long videos are tracked densely over their first minutes only; a render that
 * plays material past that is tracked for the range it needs.
 */

/** Dense tracking at avatar creation covers at most this much of a video. */
export const DENSE_TRACK_SEC = 300;

/** What reading and making face tracks uses: the store of tracks and the face model. */
export interface FaceTrackDeps {
  blobs: BlobStore;
  media: Pick<MediaToolkit, 'faces' | 'bins'>;
}

/**
 * The track's quality report; throws 2015 with the reason when the face cannot be animated.
 * `subject` names the input in the message (e.g. "image_file_id"); `anyShare` as rejectTrack's.
 */
export function judgeFaceTrack(
  track: FaceTrack,
  kind: 'video' | 'image',
  subject?: string,
  opts: { anyShare?: boolean } = {},
): FaceTrackReport {
  const report = trackReport(track, kind);
  const why = rejectTrack(report, kind, subject, opts);
  if (why) throw ERRORS.avatarClone(why);
  return report;
}

/** Stores an avatar's track; returns where it is and the range of the source it covers. */
export async function storeFaceTrack(
  blobs: BlobStore,
  avatarId: string,
  track: FaceTrack,
  tmp: string,
): Promise<NonNullable<AvatarFace['track']>> {
  const file = join(tmp, 'face-track.bin');
  await writeFile(file, encodeFaceTrack(track));
  const key = avatarFaceTrackKey(avatarId);
  await blobs.putFile(key, file);
  const last = track.samples[track.samples.length - 1];
  return {
    key,
    fromSec: track.startSec,
    toSec: last ? last.timeSec + (track.sampleFps > 0 ? 1 / track.sampleFps : 0) : 0,
    sampleFps: track.sampleFps,
  };
}

/**
 * The face track a render of this avatar needs: the stored one when it covers [fromSec, toSec], was
 * measured by the current landmark model and, for a video, has a sample for every frame the render
 * shows (`sampleFps`, default TRACK_FPS); otherwise a fresh track of that range (avatars made before
 * tracking existed, with an earlier model or sparser samples, or long videos). A fresh track of an
 * outdated one's range replaces it, so the next render reads it.
 */
export async function faceTrackFor(
  d: FaceTrackDeps,
  avatar: AvatarRow,
  mediaPath: string,
  need: { fromSec: number; toSec: number; sampleFps?: number },
  tmp: string,
  signal: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<FaceTrack> {
  const face = parseAvatarFace(avatar);
  const stored = face?.track;
  const video = avatar.media_kind === 'video';
  const sampleFps = need.sampleFps ?? TRACK_FPS;
  let outdated = false;
  if (stored && (!video || covers(stored, need))) {
    const track = decodeFaceTrack(await readFile(await d.blobs.toLocalPath(stored.key, tmp)));
    if (track.model === LANDMARK_MODEL && (!video || track.sampleFps >= sampleFps)) return track;
    outdated = true;
  }
  const detector = await d.media.faces();
  const track = video
    ? await detector.trackVideo(
        d.media.bins.ffmpeg,
        mediaPath,
        {
          durationSec: avatar.duration_sec ?? need.toSec,
          width: avatar.width ?? 0,
          height: avatar.height ?? 0,
        },
        {
          fromSec: need.fromSec,
          toSec: need.toSec,
          sampleFps,
          signal,
          onProgress,
          // The face the avatar was made with, not whoever is most prominent in this range.
          near: speakerBox(face?.report.speaker),
        },
      )
    : await trackFaceInImage(detector, mediaPath);
  if (outdated && stored && (!video || covers(need, stored))) {
    const file = join(tmp, 'face-track-update.bin');
    await writeFile(file, encodeFaceTrack(track));
    await d.blobs.putFile(stored.key, file);
  }
  return track;
}

/** The stored speaker's place as a box to follow (reports made before speakers were chosen have none). */
const speakerBox = (s: FaceTrackReport['speaker']) => (s ? { ...s, score: 1 } : undefined);

/** Whether range a covers range b (the end within a quarter second: tracks end on a sample). */
const covers = (a: { fromSec: number; toSec: number }, b: { fromSec: number; toSec: number }) =>
  a.fromSec <= b.fromSec + 0.01 && a.toSec >= b.toSec - 0.25;
