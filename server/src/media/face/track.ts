import { BETWEEN_EYES, CHIN, FACE_OVAL, MESH_POINTS } from './landmarks.js';
import { MIN_FACE_PX } from './search-plan.js';
import { placeOf } from './speaker.js';

/**
 * A face track: the face's 468 landmarks sampled at a steady rate through a video (or once for a
 * picture), in the source's display pixels. Frames between samples are interpolated; a sample
 * without a face is bridged from its neighbours when they are close in time. Pure data and
 * functions; see track-file.ts for storage and tracker.ts for how it is measured.
 */

export interface FaceSample {
  /** Seconds from the start of the source. */
  timeSec: number;
  /** Detector confidence 0..1; 0 means no face in this sample (and `points` is empty). */
  score: number;
  /** 468 × (x, y) in source pixels, or an empty array when no face was found. */
  points: Float32Array;
  /** Head turn in degrees: yaw (left/right), pitch (up/down), roll (tilt). */
  yaw: number;
  pitch: number;
  roll: number;
}

/**
 * The landmark model tracks are measured with now (the face engine's, human-engine.ts, measuring
 * each face turned upright in its own window: detect-core.ts). Tracks of another model (or of none
 * named: those made with the plain face mesh) are measured again when a render needs them.
 */
export const LANDMARK_MODEL = 'face-mesh-attention-upright';

/** What the search for faces found before the track was measured (speaker.ts). */
export interface FaceSearch {
  /** Frames searched (1 for a picture). */
  frames: number;
  /** People told apart over those frames. */
  people: number;
  /** The most faces seen in one frame. */
  mostAtOnce: number;
  /** Where the face that speaks typically is (source pixels); null when none was found. */
  speaker: { x: number; y: number; width: number; height: number } | null;
  frameWidth: number;
  frameHeight: number;
}

export interface FaceTrack {
  /** The landmark model that measured the track; absent on tracks of the plain face mesh. */
  model?: string;
  /** Display size of the source the points refer to. */
  width: number;
  height: number;
  /** Samples per second (0 for a still picture with one sample). */
  sampleFps: number;
  /** Time of the first sample (the tracked range may start after 0). */
  startSec: number;
  samples: FaceSample[];
  /** How the face was chosen; only on tracks just measured (not stored in track files). */
  search?: FaceSearch;
}

/** How far (seconds) a missing face may be bridged from the nearest samples that have one. */
export const MAX_BRIDGE_SEC = 1;

/**
 * Landmarks at `timeSec`, linearly interpolated between samples; null when no face is near. An
 * interpolated result is written into `out` when given (a sample's own points are returned as they
 * are: do not modify them).
 */
export function pointsAt(track: FaceTrack, timeSec: number, out?: Float32Array): Float32Array | null {
  const s = track.samples;
  if (s.length === 0) return null;
  if (s.length === 1 || track.sampleFps <= 0) return s[0]!.score > 0 ? s[0]!.points : null;
  const pos = (timeSec - track.startSec) * track.sampleFps;
  const i0 = Math.max(0, Math.min(s.length - 1, Math.floor(pos)));
  const i1 = Math.min(s.length - 1, i0 + 1);
  const a = nearestWithFace(s, i0, -1, track.sampleFps);
  const b = nearestWithFace(s, i1, 1, track.sampleFps);
  if (a === null && b === null) return null;
  if (a === null) return s[b!]!.points;
  if (b === null || a === b) return s[a]!.points;
  const pa = s[a]!;
  const pb = s[b]!;
  const t = Math.max(0, Math.min(1, (timeSec - pa.timeSec) / (pb.timeSec - pa.timeSec || 1)));
  const res = out ?? new Float32Array(MESH_POINTS * 2);
  for (let k = 0; k < res.length; k++) res[k] = pa.points[k]! + (pb.points[k]! - pa.points[k]!) * t;
  return res;
}

function nearestWithFace(s: FaceSample[], from: number, dir: 1 | -1, fps: number): number | null {
  const reach = Math.max(1, Math.round(MAX_BRIDGE_SEC * fps));
  for (let k = 0, i = from; k <= reach && i >= 0 && i < s.length; k++, i += dir) {
    if (s[i]!.score > 0) return i;
  }
  return null;
}

/**
 * Removes the detector's frame-to-frame jitter with a centred [1 2 1]/4 filter over neighbouring
 * samples that have a face. Centred, so motion is not delayed. Returns a new track.
 */
export function smoothTrack(track: FaceTrack): FaceTrack {
  const s = track.samples;
  const samples = s.map((cur, i) => {
    const prev = s[i - 1];
    const next = s[i + 1];
    if (cur.score === 0 || !prev || !next || prev.score === 0 || next.score === 0) return cur;
    const points = new Float32Array(cur.points.length);
    for (let k = 0; k < points.length; k++) {
      points[k] = (prev.points[k]! + 2 * cur.points[k]! + next.points[k]!) / 4;
    }
    return { ...cur, points };
  });
  return { ...track, samples };
}

export interface FaceTrackReport {
  samples: number;
  samplesWithFace: number;
  /** Share of samples with a face, 0..1. */
  faceFoundShare: number;
  /** Median face width (widest extent of the face outline) in source pixels, and as a share of the frame width. */
  faceWidthPx: number;
  faceWidthShare: number;
  /** Median and largest absolute head turn in degrees over samples with a face. */
  yawMedianDeg: number;
  yawMaxDeg: number;
  pitchMedianDeg: number;
  rollMedianDeg: number;
  /** The most faces seen in one frame searched (absent in reports made before faces were counted). */
  facesFound?: number;
  /** Where the face that speaks is (source pixels) and, in words, where it sits in the frame. */
  speaker?: { x: number; y: number; width: number; height: number; place: string };
  /**
   * Said when more than one face was found (which one speaks, and how to choose another), and when
   * a video's face is missing from part of it (where no mouth moves, and what to use instead).
   */
  notice?: string;
}

const median = (v: number[]) => {
  if (v.length === 0) return 0;
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const r1 = (v: number) => Math.round(v * 10) / 10;

/** Width of the face outline in a landmark set. */
export function faceWidth(points: Float32Array): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const i of FACE_OVAL) {
    lo = Math.min(lo, points[i * 2]!);
    hi = Math.max(hi, points[i * 2]!);
  }
  return hi - lo;
}

/** Distance from the chin to between the eyes: the face's vertical scale. */
export function faceHeight(points: Float32Array): number {
  return Math.hypot(
    points[CHIN * 2]! - points[BETWEEN_EYES * 2]!,
    points[CHIN * 2 + 1]! - points[BETWEEN_EYES * 2 + 1]!,
  );
}

/** The per-avatar quality report stored with the avatar. */
export function trackReport(track: FaceTrack, kind: 'video' | 'image' = 'video'): FaceTrackReport {
  const withFace = track.samples.filter((s) => s.score > 0);
  const widths = withFace.map((s) => faceWidth(s.points));
  const w = median(widths);
  const report: FaceTrackReport = {
    samples: track.samples.length,
    samplesWithFace: withFace.length,
    faceFoundShare: track.samples.length
      ? Math.round((withFace.length / track.samples.length) * 1000) / 1000
      : 0,
    faceWidthPx: Math.round(w),
    faceWidthShare: Math.round((w / track.width) * 1000) / 1000,
    yawMedianDeg: r1(median(withFace.map((s) => Math.abs(s.yaw)))),
    yawMaxDeg: r1(withFace.reduce((m, s) => Math.max(m, Math.abs(s.yaw)), 0)),
    pitchMedianDeg: r1(median(withFace.map((s) => Math.abs(s.pitch)))),
    rollMedianDeg: r1(median(withFace.map((s) => Math.abs(s.roll)))),
  };
  const absent = kind === 'video' ? absenceNotice(report) : null;
  if (absent) report.notice = absent;
  const search = track.search;
  if (!search) return report;
  report.facesFound = search.mostAtOnce;
  if (search.speaker) {
    const b = search.speaker;
    const place = placeOf(b, { width: search.frameWidth, height: search.frameHeight });
    report.speaker = {
      x: Math.round(b.x),
      y: Math.round(b.y),
      width: Math.round(b.width),
      height: Math.round(b.height),
      place,
    };
    if (search.mostAtOnce > 1) {
      const several =
        `${search.mostAtOnce} faces were found in the ${kind}; the one ${place} ` +
        `(${Math.round(b.width)} px wide, at ${Math.round(b.x)}, ${Math.round(b.y)}) speaks. ` +
        `To animate another, crop the ${kind} to that person and make the avatar again`;
      report.notice = absent ? `${several}. ${absent}` : several;
    }
  }
  return report;
}

/**
 * A video whose face is found in fewer sampled frames than this is accepted (down to
 * FACE_LIMITS.minFoundShare) with a notice: its videos show no moving mouth where the face is not.
 */
export const FACE_PRESENT_SHARE = 0.9;

/** What to say of a video whose face is missing from part of it; null when it is there throughout. Pure. */
export function absenceNotice(report: FaceTrackReport): string | null {
  if (report.samplesWithFace === 0 || report.faceFoundShare >= FACE_PRESENT_SHARE) return null;
  return (
    `the face was found in ${Math.round(report.faceFoundShare * 100)}% of the video's frames; where it ` +
    `is not (a cut to another shot, the face turned away, blurred or covered), the video plays as ` +
    `filmed and no mouth moves. For a person who speaks all through, use a clip where the face stays in view`
  );
}

/**
 * Limits below which a face cannot be animated convincingly. There is no rule on the face's share
 * of the frame: a person at a desk filmed 16:9 shows a face 5-10% of the width, and the mouth is
 * worked at the face's own scale (decision F2 in docs/decisions.md).
 */
export const FACE_LIMITS = {
  /** A video must show the face in at least this share of samples. */
  minFoundShare: 0.6,
  /** The face must be at least this wide in source pixels (measured: see docs/decisions.md, F2). */
  minWidthPx: MIN_FACE_PX,
  /** Heads turned further than this (median) show too little of the mouth. */
  maxYawDeg: 45,
} as const;

/**
 * Why a track cannot become an avatar, as a message that says what to change; null when it can.
 * `subject` names the input as the caller knows it (default "the image" / "the video").
 * `anyShare`: a face found in any share of a video's frames will do (a translated video keeps its
 * picture where the face is not, and only needs the face to be animatable where it is).
 */
export function rejectTrack(
  report: FaceTrackReport,
  kind: 'video' | 'image',
  subject = `the ${kind}`,
  opts: { anyShare?: boolean } = {},
): string | null {
  if (report.samplesWithFace === 0) {
    return kind === 'image'
      ? `no face was found in ${subject}; use a picture where a face at least ${FACE_LIMITS.minWidthPx} px wide is clearly visible`
      : `no face was found in ${subject}; use a video where a face at least ${FACE_LIMITS.minWidthPx} px wide is clearly visible`;
  }
  if (kind === 'video' && !opts.anyShare && report.faceFoundShare < FACE_LIMITS.minFoundShare) {
    return `a face was found in ${report.samplesWithFace} of ${report.samples} sampled frames (${Math.round(
      report.faceFoundShare * 100,
    )}%, at least ${FACE_LIMITS.minFoundShare * 100}% needed); use a video where one face is visible throughout`;
  }
  if (report.faceWidthPx < FACE_LIMITS.minWidthPx) {
    return `the face is too small: ${report.faceWidthPx} px wide; it must be at least ${
      FACE_LIMITS.minWidthPx
    } px wide for its mouth to be animated — ${
      kind === 'image'
        ? 'use a larger picture or a closer portrait'
        : 'use a higher resolution or film closer to the person'
    }`;
  }
  if (report.yawMedianDeg > FACE_LIMITS.maxYawDeg) {
    // One decimal where a whole number would read as the limit itself ("45°, at most 45°").
    const turned =
      Math.round(report.yawMedianDeg) > FACE_LIMITS.maxYawDeg
        ? String(Math.round(report.yawMedianDeg))
        : report.yawMedianDeg.toFixed(1);
    return `the head is turned ${turned}° away from the camera (at most ${
      FACE_LIMITS.maxYawDeg
    }°); use ${kind === 'image' ? 'a portrait' : 'a video'} where the person faces the camera`;
  }
  return null;
}
