import { DrawnAnimator } from '../animate/drawn-animator.js';
import { FaceAnimator } from '../animate/face-animator.js';
import type { FrameAnimator } from '../animate/frame-stream.js';
import type { Beat } from '../animate/idle-motion.js';
import { coverFitTransform } from '../animate/source-map.js';
import {
  analyseDrivingAudio,
  beatsFromFeatures,
  mouthTimelineFromAudio,
  mouthTimelineFromPhonemes,
  voiceOpening,
  type AudioFeatures,
  type MouthTimeline,
  type OpeningMix,
} from '../animate/timeline/index.js';
import { findPublicAvatarArt } from '../art/avatars.js';
import { buildDrawnFace } from '../art/drawn-face.js';
import type { VideoLoopPlan } from './avatar-filters.js';
import { idleLevelOf, idleMotion, planFaceMotion } from './face-motion.js';
import type { MediaBins, TalkingVideoJob } from './types.js';

/**
 * How the avatar moves in a render: the mouth's timeline from the sound (or the speech's phonemes),
 * blinks and head motion, and the animator that applies them to each frame: warping a tracked face,
 * or drawing an illustrated one. No face, no animator: the picture is shown as it is.
 */

/**
 * The opening of synthesised speech (mouthFor): vowels open to a share of the sound's jaw (all of it
 * only for "a"); the gain brings ordinary speech's typical opening level with what the sound-driven
 * path gives the same speech (90th percentile ~0.75 instead of ~0.55), so synthesised speech does
 * not look mumbled. Then seven tenths of the opening is the jaw itself: the viewer (and the lip-sync
 * meter) sees the mouth follow the syllables' loudness; consonants other than the lip closures
 * moved on their own table openings, out of step with it. On ten real photos driven by text
 * (bench/footage) the meter read r 0.61 on average with the phonemes alone, 0.66 with 0.4 of the
 * jaw, 0.68 with 0.7 and 0.70 with the jaw alone; 0.7 keeps some of the vowels' own apertures.
 * The lip closures of p, b, m, f and v still hold (T23).
 */
const PHONEME_OPENING: OpeningMix = { gain: 1.35, jawShare: 0.7 };

/** Whether a render of `job` animates a face (a tracked one, or an illustration's). */
export function animatesFace(job: Pick<TalkingVideoJob, 'avatar'>): boolean {
  return !!job.avatar.face || (job.avatar.kind === 'image' && !!job.avatar.illustration);
}

/**
 * The driving sound's features (an ffmpeg decode of the speech and the analysis of its samples,
 * ~0.2 s for a minute of speech): what mouthFor reads. Needs nothing but the speech's path, so a
 * render starts it before it probes its inputs.
 */
export function analyseSpeech(
  bins: MediaBins,
  job: Pick<TalkingVideoJob, 'speech' | 'drive'>,
  signal?: AbortSignal,
): Promise<AudioFeatures> {
  return analyseDrivingAudio(bins.ffmpeg, job.speech.path, { mode: drivingMode(job), signal });
}

function drivingMode(job: Pick<TalkingVideoJob, 'drive'>): 'song' | 'speech' {
  return job.drive === 'song' ? 'song' : 'speech';
}

/**
 * The mouth's timeline from the sound's features (analyseSpeech): from the phonemes of synthesised
 * speech (the sound's own jaw opening scaling their vowels), or from the sound itself; a song also
 * yields the beats the head nods to.
 */
export function mouthFor(
  features: AudioFeatures,
  job: Pick<TalkingVideoJob, 'phonemes' | 'drive'>,
  durationSec: number,
  fps: number,
): { mouth: MouthTimeline; beats: Beat[] } {
  const mode = drivingMode(job);
  if (job.phonemes && job.phonemes.phonemes.length > 0 && mode === 'speech') {
    const mouth = mouthTimelineFromPhonemes(
      job.phonemes.phonemes,
      job.phonemes.language,
      durationSec,
      fps,
      voiceOpening(features, durationSec, fps),
      PHONEME_OPENING,
    );
    return { mouth, beats: [] };
  }
  return {
    mouth: mouthTimelineFromAudio(features, durationSec, fps),
    beats: mode === 'song' ? beatsFromFeatures(features) : [],
  };
}

/**
 * The animator of a render: null when nothing is animated (then `features` is not awaited, and may
 * be null).
 */
export async function prepareAnimator(
  job: TalkingVideoJob,
  features: Promise<AudioFeatures> | null,
  r: {
    loop: VideoLoopPlan | null;
    size: { width: number; height: number };
    fps: number;
    frames: number;
    durationSec: number;
  },
): Promise<FrameAnimator | null> {
  const face = job.avatar.face ?? null;
  const art =
    job.avatar.kind === 'image' && job.avatar.illustration
      ? findPublicAvatarArt(job.avatar.illustration)
      : undefined;
  if ((!face && !art) || !features) return null;
  const { mouth, beats } = mouthFor(await features, job, r.durationSec, r.fps);
  const idle = job.avatar.kind === 'image' ? idleLevelOf(job.avatar.motion) : 'none';
  const seed = job.motionSeed ?? 1;
  if (art) {
    const motion = idleMotion(idle, beats, r.frames, r.fps, seed, mouth);
    const drawn = await buildDrawnFace(art, coverFitTransform(art, r.size));
    return new DrawnAnimator({ ...r.size, face: drawn, mouth, ...motion });
  }
  return new FaceAnimator(
    planFaceMotion({
      track: face!,
      loop: r.loop,
      box: r.size,
      fps: r.fps,
      frames: r.frames,
      mouth,
      idle,
      beats,
      seed,
    }),
  );
}
