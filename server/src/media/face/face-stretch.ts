import { FACE_PRESENT_SHARE, MAX_BRIDGE_SEC, type FaceTrack, type FaceTrackReport } from './track.js';

/**
 * The part of a video an avatar plays when its face is missing from part of it (a cut to the
 * audience, the person walking out of the frame): the longest stretch where the face stays in view.
 * A talking avatar whose face disappears for seconds at a time speaks with no mouth there; playing
 * only the stretch where the face is gives videos that speak throughout (decision T27). Pure.
 */

/** The shortest stretch an avatar plays on its own: shorter, its loop would repeat too often. */
export const MIN_STRETCH_SEC = 3;

/** A stretch of samples with a face: samples [fromIndex, toIndex) and the seconds they cover. */
export interface FaceStretch {
  fromIndex: number;
  toIndex: number;
  fromSec: number;
  toSec: number;
}

/**
 * The longest run of samples with a face, where gaps no longer than MAX_BRIDGE_SEC (which renders
 * bridge from the samples either side) do not break it; null when no sample has a face. The
 * stretch ends where its last sample's frame ends. Ties go to the earlier stretch.
 */
export function longestFaceStretch(track: FaceTrack): FaceStretch | null {
  const s = track.samples;
  const step = track.sampleFps > 0 ? 1 / track.sampleFps : 0;
  const maxGap = Math.round(MAX_BRIDGE_SEC * track.sampleFps);
  // Runs of samples with a face, joined across short gaps: [first, last] sample indices.
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i]!.score <= 0) continue;
    const run = runs[runs.length - 1];
    if (run && i - run[1] - 1 <= maxGap) run[1] = i;
    else runs.push([i, i]);
  }
  if (runs.length === 0) return null;
  const [a, last] = runs.reduce((best, r) => (r[1] - r[0] > best[1] - best[0] ? r : best));
  return { fromIndex: a, toIndex: last + 1, fromSec: s[a]!.timeSec, toSec: round6(s[last]!.timeSec + step) };
}

/** A stretch to play, with the share of the whole track's samples that found the face. */
export interface PlayedStretch extends FaceStretch {
  foundShare: number;
}

/**
 * The stretch a video avatar should play instead of its whole clip, or null to play the clip as it
 * is: when the face is found in fewer than FACE_PRESENT_SHARE of the samples and the longest
 * stretch with it lasts at least MIN_STRETCH_SEC and leaves out more than a bridgeable gap.
 */
export function stretchToPlay(track: FaceTrack, clipSec: number): PlayedStretch | null {
  const s = track.samples;
  if (s.length < 2 || track.sampleFps <= 0) return null;
  const foundShare = s.reduce((n, x) => n + (x.score > 0 ? 1 : 0), 0) / s.length;
  if (foundShare >= FACE_PRESENT_SHARE) return null;
  const stretch = longestFaceStretch(track);
  if (!stretch || stretch.toSec - stretch.fromSec < MIN_STRETCH_SEC) return null;
  if (clipSec - (stretch.toSec - stretch.fromSec) <= MAX_BRIDGE_SEC) return null;
  return { ...stretch, foundShare };
}

/** The track of the stretch alone, its times counted from the stretch's start. Pure. */
export function trackOfStretch(track: FaceTrack, stretch: FaceStretch): FaceTrack {
  const samples = track.samples
    .slice(stretch.fromIndex, stretch.toIndex)
    .map((x) => ({ ...x, timeSec: round6(x.timeSec - stretch.fromSec) }));
  return { ...track, startSec: 0, samples };
}

/**
 * The report of the stretch's track, saying that the avatar plays only that stretch (after what it
 * says of other faces). Pure.
 */
export function reportPlayedStretch(report: FaceTrackReport, stretch: PlayedStretch): FaceTrackReport {
  const len = stretch.toSec - stretch.fromSec;
  const played =
    `the face was found in ${Math.round(stretch.foundShare * 100)}% of the video's frames; the avatar ` +
    `plays the ${len.toFixed(1)} s from ${stretch.fromSec.toFixed(1)} s to ${stretch.toSec.toFixed(1)} s, ` +
    `where it stays in view, so that its videos speak throughout. To use more of the video, upload ` +
    `one where the face stays in view`;
  return { ...report, notice: report.notice ? `${report.notice}. ${played}` : played };
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
