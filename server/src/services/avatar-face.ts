import type { AvatarRow } from '../db/schema.js';
import type { FaceTrackReport } from '../media/face/index.js';

/** What the `face` column of an avatar holds. */
export interface AvatarFace {
  report: FaceTrackReport;
  /** Blob key of the track and the tracked range of the source (seconds). */
  track: { key: string; fromSec: number; toSec: number; sampleFps: number } | null;
  /** Public illustrated characters: drawn, not tracked. */
  illustrated?: boolean;
}

/** The avatar's face as stored; null for avatars made before tracking existed, or unreadable. */
export function parseAvatarFace(row: Pick<AvatarRow, 'face'>): AvatarFace | null {
  if (!row.face) return null;
  try {
    const v = JSON.parse(row.face) as Partial<AvatarFace>;
    return v.report ? (v as AvatarFace) : null;
  } catch {
    return null;
  }
}
