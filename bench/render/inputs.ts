// The render benches' inputs, made fresh in each run: a person (a sample portrait) swaying gently
// in a 9:16 frame, 10 s of H.264 at the size asked, and a voice of voiced syllables with pauses.
// The baseline a user would otherwise run: a bare ffmpeg decode + encode of the same clip, looped to
// the same length and scaled to the output, with the same x264 and AAC settings and the same sound.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { MediaBins } from '../../server/src/media/compose/types.js';
import { aacArgs, DEFAULT_VIDEO_ENCODER, x264Args } from '../../server/src/media/ffmpeg/encode-args.js';
import { runMediaBinary } from '../../server/src/media/run-ffmpeg.js';
import { facePhoto } from '../../server/test/helpers/media-fixtures.js';
import { corpusRoot } from '../footage/items.js';

export const CLIP_SEC = 10;
export const FPS = 25;

const ff = (bins: MediaBins, args: string[]) =>
  runMediaBinary(bins.ffmpeg, ['-hide_banner', '-v', 'error', '-y', ...args]);

/**
 * What the avatar clip does: `loops` sways with a 5 s period, so it comes back to its start twice
 * (renders loop it with a seamless cut, as a clip made to loop is); `drifts` also pans slowly to
 * one side (4 % of the width over the clip), so it never does (renders cross-fade its seams).
 */
export type ClipKind = 'loops' | 'drifts';

/** The swaying person, `width`x`height`, CLIP_SEC long (with silent sound when `withAudio`). */
export async function makeAvatarClip(
  bins: MediaBins,
  work: string,
  size: { width: number; height: number },
  withAudio = false,
  kind: ClipKind = 'loops',
): Promise<string> {
  const photo = join(work, 'person.png');
  await sharp(facePhoto(1)).extract({ left: 148, top: 0, width: 720, height: 1280 }).png().toFile(photo);
  const clip = join(work, `avatar-${kind}-${size.width}x${size.height}.mp4`);
  const { width: w, height: h } = size;
  const even = (v: number) => 2 * Math.round(v / 2);
  const pan =
    kind === 'drifts'
      ? `scale=${even(w * 1.04)}:${even(h * 1.04)},crop=${w}:${h}:x='${even(w * 0.04)}*t/${CLIP_SEC}':y=${even(h * 0.02)},`
      : `scale=${w}:${h},`;
  await ff(bins, [
    ...['-loop', '1', '-framerate', String(FPS), '-i', photo],
    ...(withAudio ? ['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'] : []),
    '-t',
    String(CLIP_SEC),
    ...['-vf', `${pan}rotate=a='0.03*sin(2*PI*t/5)':c=black@0,format=yuv420p`],
    ...x264Args({ preset: 'veryfast', crf: 18 }),
    ...(withAudio ? ['-c:a', 'aac', '-shortest'] : []),
    clip,
  ]);
  return clip;
}

/**
 * A headshot photo at `size`: the corpus's frontal portrait of a man with glasses and a beard
 * (1200x1120, a real photo), cropped to fill the frame as a selfie or a profile picture frames it
 * (the face about 80 % of the width: 586 px at 720x1280). A photo's idle head motion warps a disc
 * about twice the face's size every frame, so this is the photo avatar that costs a render most.
 * Needs the corpus (bench/footage/items.ts corpusRoot).
 */
export async function makeHeadshot(work: string, size: { width: number; height: number }): Promise<string> {
  const source = join(corpusRoot(), 'photos', 'man-glasses-beard-smiling-teeth-frontal-1200x1120.jpg');
  if (!existsSync(source))
    throw new Error(`BENCH_RENDER_AVATAR=photo needs the corpus: ${source} is missing`);
  const photo = join(work, `headshot-${size.width}x${size.height}.png`);
  await sharp(source).resize(size.width, size.height, { fit: 'cover' }).png().toFile(photo);
  return photo;
}

/** `seconds` of voiced syllables with pauses, mono WAV. */
export async function makeVoice(bins: MediaBins, work: string, seconds: number): Promise<string> {
  const speech = join(work, `speech-${seconds}.wav`);
  const voice =
    '0.5*pow(0.55+0.45*sin(2*PI*3*t),2)*gt(sin(2*PI*t/7)+0.6,0)*' +
    '(sin(2*PI*150*t)+0.6*sin(2*PI*300*t)+0.4*sin(2*PI*450*t)+0.25*sin(2*PI*900*t))/2.25';
  await ff(bins, ['-f', 'lavfi', '-i', `aevalsrc='${voice}':s=22050:d=${seconds}`, '-ac', '1', speech]);
  return speech;
}

/**
 * The baseline: the clip looped to `seconds` (or, for a `photo`, the picture repeated at FPS),
 * scaled to the output, encoded with the sound.
 */
export async function bareEncode(
  bins: MediaBins,
  clip: string,
  speech: string,
  seconds: number,
  size: { width: number; height: number },
  out: string,
  picture: 'clip' | 'photo' = 'clip',
): Promise<void> {
  const input = picture === 'photo' ? ['-loop', '1', '-framerate', String(FPS)] : ['-stream_loop', '-1'];
  await ff(bins, [
    ...[...input, '-i', clip, '-i', speech],
    ...['-map', '0:v', '-map', '1:a', '-t', String(seconds)],
    ...['-vf', `scale=${size.width}:${size.height},fps=${FPS}`],
    ...x264Args(DEFAULT_VIDEO_ENCODER),
    ...aacArgs(),
    ...['-movflags', '+faststart', out],
  ]);
}

/**
 * A cleverer baseline than the one users reach for: the clip's first `frames` frames decoded once
 * and replayed from memory (ffmpeg's `loop`), as a render holds a loop that fits in its memory
 * (LIKENESS_LOOP_MEMORY_MB). A diagnostic: how the render compares when neither decodes the clip
 * again for every pass.
 */
export async function heldLoopEncode(
  bins: MediaBins,
  clip: string,
  speech: string,
  seconds: number,
  size: { width: number; height: number },
  frames: number,
  out: string,
): Promise<void> {
  const loop = `loop=loop=-1:size=${frames}:start=0`;
  await ff(bins, [
    ...['-i', clip, '-i', speech],
    '-filter_complex',
    `[0:v]scale=${size.width}:${size.height},fps=${FPS},trim=end_frame=${frames},setpts=PTS-STARTPTS,${loop},setpts=N[v]`,
    ...['-map', '[v]', '-map', '1:a', '-t', String(seconds)],
    ...x264Args(DEFAULT_VIDEO_ENCODER),
    ...aacArgs(),
    ...['-movflags', '+faststart', out],
  ]);
}

/**
 * Re-encodes the picture of `file` (no sound) with the render's x264 settings. Timing this for a
 * render's output and for the baseline's says how much more the encoder works on what the render
 * shows (the speaking mouth, the loop's cross-fades, the AI mark) than on the clip's own frames:
 * a share of the render's ratio that comes from its pictures, not from its pipeline.
 */
export async function reencodePicture(bins: MediaBins, file: string, out: string): Promise<void> {
  await ff(bins, ['-i', file, '-map', '0:v', ...x264Args(DEFAULT_VIDEO_ENCODER), out]);
}
