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
  type MouthTimeline,
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

/** See mouthFor. */
const PHONEME_GAIN = 1.35;

/**
 * The mouth's timeline: from the phonemes of synthesised speech (the sound's own jaw opening
 * scaling their vowels), or from the sound itself; a song also yields the beats the head nods to.
 */
export async function mouthFor(
  bins: MediaBins,
  job: Pick<TalkingVideoJob, 'speech' | 'phonemes' | 'drive'>,
  durationSec: number,
  fps: number,
  signal?: AbortSignal,
): Promise<{ mouth: MouthTimeline; beats: Beat[] }> {
  const mode = job.drive === 'song' ? 'song' : 'speech';
  const features = await analyseDrivingAudio(bins.ffmpeg, job.speech.path, { mode, signal });
  if (job.phonemes && job.phonemes.phonemes.length > 0 && mode === 'speech') {
    const mouth = mouthTimelineFromPhonemes(
      job.phonemes.phonemes,
      job.phonemes.language,
      durationSec,
      fps,
      voiceOpening(features, durationSec, fps),
    );
    // Vowels open to a share of the sound's jaw (all of it only for "a"); this gain brings ordinary
    // speech's typical opening level with what the sound-driven path gives the same speech (90th
    // percentile ~0.75 instead of ~0.55), so synthesised speech does not look mumbled.
    for (let i = 0; i < mouth.open.length; i++) mouth.open[i] = Math.min(1, mouth.open[i]! * PHONEME_GAIN);
    return { mouth, beats: [] };
  }
  return {
    mouth: mouthTimelineFromAudio(features, durationSec, fps),
    beats: mode === 'song' ? beatsFromFeatures(features) : [],
  };
}

export async function prepareAnimator(
  bins: MediaBins,
  job: TalkingVideoJob,
  r: {
    loop: VideoLoopPlan | null;
    size: { width: number; height: number };
    fps: number;
    frames: number;
    durationSec: number;
    signal?: AbortSignal;
  },
): Promise<FrameAnimator | null> {
  const face = job.avatar.face ?? null;
  const art =
    job.avatar.kind === 'image' && job.avatar.illustration
      ? findPublicAvatarArt(job.avatar.illustration)
      : undefined;
  if (!face && !art) return null;
  const { mouth, beats } = await mouthFor(bins, job, r.durationSec, r.fps, r.signal);
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
