import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Container } from '../../container.js';
import type { AvatarRow } from '../../db/schema.js';
import { ERRORS } from '../../errors/app-error.js';
import {
  decodeFaceTrack,
  rejectTrack,
  trackReport,
  encodeFaceTrack,
  trackFaceInImage,
  trackFaceInVideo,
  type FaceTrack,
  type FaceTrackReport,
} from '../../media/face/index.js';

/**
 * Face tracks of avatars: measured when the avatar is made, stored beside its media, and read back
 * by every render. Long videos are tracked densely over their first minutes only; a render that
 * plays material past that is tracked for the range it needs.
 */

/** Dense tracking at avatar creation covers at most this much of a video. */
export const DENSE_TRACK_SEC = 300;

/** What the `face` column of an avatar holds. */
export interface AvatarFace {
  report: FaceTrackReport;
  /** Blob key of the track and the tracked range of the source (seconds). */
  track: { key: string; fromSec: number; toSec: number; sampleFps: number } | null;
  /** Public illustrated characters: drawn, not tracked. */
  illustrated?: boolean;
}

export const faceTrackKey = (avatarId: string) => `avatars/${avatarId}/face-track.bin`;

/**
 * The track's quality report; throws 2015 with the reason when the face cannot be animated.
 * `subject` names the input in the message (e.g. "image_file_id").
 */
export function judgeFaceTrack(track: FaceTrack, kind: 'video' | 'image', subject?: string): FaceTrackReport {
  const report = trackReport(track);
  const why = rejectTrack(report, kind, subject);
  if (why) throw ERRORS.avatarClone(why);
  return report;
}

export async function storeFaceTrack(c: Container, avatarId: string, track: FaceTrack, tmp: string) {
  const file = join(tmp, 'face-track.bin');
  await writeFile(file, encodeFaceTrack(track));
  const key = faceTrackKey(avatarId);
  await c.blobs.putFile(key, file);
  const last = track.samples[track.samples.length - 1];
  return {
    key,
    fromSec: track.startSec,
    toSec: last ? last.timeSec + (track.sampleFps > 0 ? 1 / track.sampleFps : 0) : 0,
    sampleFps: track.sampleFps,
  };
}

export function parseAvatarFace(row: Pick<AvatarRow, 'face'>): AvatarFace | null {
  if (!row.face) return null;
  try {
    const v = JSON.parse(row.face) as Partial<AvatarFace>;
    return v.report ? (v as AvatarFace) : null;
  } catch {
    return null;
  }
}

/**
 * The face track a render of this avatar needs: the stored one when it covers [fromSec, toSec],
 * otherwise a fresh track of that range (avatars made before tracking existed, or long videos).
 */
export async function faceTrackFor(
  c: Container,
  avatar: AvatarRow,
  mediaPath: string,
  need: { fromSec: number; toSec: number },
  tmp: string,
  signal: AbortSignal,
): Promise<FaceTrack> {
  const face = parseAvatarFace(avatar);
  const stored = face?.track;
  if (
    stored &&
    (avatar.media_kind !== 'video' ||
      (stored.fromSec <= need.fromSec + 0.01 && stored.toSec >= need.toSec - 0.25))
  ) {
    return decodeFaceTrack(await readFile(await c.blobs.toLocalPath(stored.key, tmp)));
  }
  const detector = await c.media.faces();
  if (avatar.media_kind !== 'video') return trackFaceInImage(detector, mediaPath);
  return trackFaceInVideo(
    detector,
    c.media.bins.ffmpeg,
    mediaPath,
    { durationSec: avatar.duration_sec ?? need.toSec, width: avatar.width ?? 0, height: avatar.height ?? 0 },
    { fromSec: need.fromSec, toSec: need.toSec, signal },
  );
}
