import { FaceAnimator } from '../animate/face-animator.js';
import { frameBytes } from '../animate/frame.js';
import { DRIVING_SAMPLE_RATE, mouthTimelineFromAudio } from '../animate/timeline/index.js';
import { DrivingAudioAnalyser } from '../animate/timeline/audio-analyser.js';
import { SAMPLE_FACE } from '../face/sample-face.js';
import type { FaceTrack } from '../face/track.js';
import { planVideoLoop } from './avatar-filters.js';
import { planFaceMotion } from './face-motion.js';
import { mouthRegion } from './mouth-region.js';

/**
 * A render's per-frame JavaScript (voice analysis, face rig, moved box, warp, mouth painting) run
 * on a made-up few seconds of the sample face, so that V8 has compiled it before a render needs
 * it. Cold, that code runs several times slower: measured on a 60 s 720x1280 render, the region
 * pre-pass (it runs before the encoder can start) took 0.30-0.41 s in a fresh thread, 0.20 s after
 * 5 s of warm-up and 0.12 s after these 16 s (about 0.6 s of an idle thread's time). A render thread does this while it waits for its render (render-thread.ts).
 *
 * A generator: each step is a slice of a few milliseconds, so the thread can stop warming the
 * moment its render arrives. Nothing it computes is kept.
 */
const SECONDS = 16;
const FPS = 25;
/** Frames rendered between two steps. */
const SLICE = 10;

/** Returns how many frames it animated (all of them, unless no region moved). */
export function* warmUpRender(): Generator<void, number> {
  const features = syntheticVoiceFeatures();
  yield;
  const mouth = mouthTimelineFromAudio(features, SECONDS, FPS);
  const frames = mouth.open.length;
  // A video avatar as a render plans it: a 2 s clip of the sample face swaying by a pixel or two
  // (so every frame's points differ, and each is triangulated anew), looped with a cross-fade.
  const box = { width: SAMPLE_FACE.width, height: SAMPLE_FACE.height };
  const anim = planFaceMotion({
    track: swayingTrack(2),
    loop: planVideoLoop(2, 0, SECONDS, FPS),
    box,
    fps: FPS,
    frames,
    mouth,
    idle: 'none',
    beats: [],
    seed: 1,
  });
  const whole = new FaceAnimator(anim);
  const region = mouthRegion(whole.movedBounds(frames), box);
  yield;
  if (!region) return 0;
  const animator = whole.forRegion(region);
  // A Buffer, as the decoder's frames are: the same types keep the compiled code valid for them.
  const frame = Buffer.alloc(frameBytes(region.width, region.height));
  for (let i = 0; i < frames; i++) {
    paintGradient(frame);
    animator.render(i, frame);
    if (i % SLICE === SLICE - 1) yield;
  }
  return animator.stats.animated;
}

/** The sample face through `seconds` of video, sampled as the tracker does, swaying slightly. */
function swayingTrack(seconds: number): FaceTrack {
  const sampleFps = 8;
  const samples = Array.from({ length: seconds * sampleFps + 1 }, (_, i) => {
    const dx = 2 * Math.sin(i / 3);
    const dy = Math.cos(i / 4);
    const points = Float32Array.from(SAMPLE_FACE.points, (v, k) => v + (k % 2 === 0 ? dx : dy));
    return { timeSec: i / sampleFps, score: 1, points, yaw: 0, pitch: 0, roll: 0 };
  });
  return { width: SAMPLE_FACE.width, height: SAMPLE_FACE.height, sampleFps, startSec: 0, samples };
}

/** The analyser's features of a few seconds of voiced syllables (a 150 Hz buzz, three a second). */
function syntheticVoiceFeatures() {
  const analyser = new DrivingAudioAnalyser('speech', DRIVING_SAMPLE_RATE);
  const samples = new Float32Array(SECONDS * DRIVING_SAMPLE_RATE);
  for (let i = 0; i < samples.length; i++) samples[i] = madeUpVoice(i / DRIVING_SAMPLE_RATE);
  analyser.push(samples);
  return analyser.finish();
}

/** A soft gradient over a made-up frame, so that the warp samples and the painter read real differences. */
export function paintGradient(frame: Uint8Array): void {
  for (let p = 0; p < frame.length; p++) frame[p] = 64 + ((p * 7) % 128);
}

/** A made-up voice at `t` seconds (-0.45..0.45): three voiced syllables a second, a 150 Hz buzz. */
export function madeUpVoice(t: number): number {
  const syllable = Math.max(0, Math.sin(2 * Math.PI * 3 * t));
  return 0.3 * syllable * (Math.sin(2 * Math.PI * 150 * t) + 0.5 * Math.sin(2 * Math.PI * 450 * t));
}
