import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { SAMPLE_FACE } from '../face/sample-face.js';
import type { FaceTrack } from '../face/track.js';
import type { TimedPhoneme } from '../speech/timing.js';
import { encodeWav } from '../speech/wav.js';
import { renderTalkingVideoInThread, type TalkingVideoResult } from './render-video.js';
import { madeUpVoice, paintGradient } from './render-warm-up.js';
import type { MediaBins, TalkingVideoJob } from './types.js';

/**
 * A whole render of a made-up picture (2 s, a third of the sample face's size, thrown away): probes,
 * decoding the picture, the mouth from phonemes, blinks and head motion, whole frames piped to x264,
 * the AIGC mark and the still. The per-frame warm-up (render-warm-up.ts) compiles the frame code;
 * this runs everything around it once. Measured by bench/start over eight fresh starts each: the
 * first video's frames took a median 845 ms against 748 ms for later ones without it, 716 against
 * 743 with it (decision S27). About 0.35 s of the render thread and its ffmpeg.
 */
export async function renderWarmUpVideo(
  bins: MediaBins,
  tmpDir: string,
  signal: AbortSignal,
): Promise<TalkingVideoResult> {
  await mkdir(tmpDir, { recursive: true });
  const dir = await mkdtemp(path.join(tmpDir, 'render-warm-up-'));
  try {
    const { job, picture, speech } = warmUpJob(dir);
    await sharp(picture.pixels, { raw: picture.raw }).png().toFile(job.avatar.path);
    await writeFile(job.speech.path, encodeWav(speech, SPEECH_RATE));
    signal.throwIfAborted(); // a render arrived while the inputs were written: start nothing
    return await renderTalkingVideoInThread(bins, job, { signal, tmpDir: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const SCALE = 1 / 3;
const SECONDS = 2;
const FPS = 25;
const SPEECH_RATE = 16_000;

/** The made-up render: its job (paths in `dir`), the picture's pixels and the speech's samples. */
export function warmUpJob(dir: string) {
  const width = Math.round(SAMPLE_FACE.width * SCALE);
  const height = Math.round(SAMPLE_FACE.height * SCALE);
  const track: FaceTrack = {
    width,
    height,
    sampleFps: 0,
    startSec: 0,
    samples: [
      {
        timeSec: 0,
        score: 1,
        points: Float32Array.from(SAMPLE_FACE.points, (v) => v * SCALE),
        yaw: 0,
        pitch: 0,
        roll: 0,
      },
    ],
  };
  const job: TalkingVideoJob = {
    avatar: { kind: 'image', path: path.join(dir, 'picture.png'), motion: 'subtle', face: track },
    speech: { path: path.join(dir, 'speech.wav'), durationSec: SECONDS },
    phonemes: { phonemes: syllables(SECONDS), language: 'en' },
    output: { path: path.join(dir, 'video.mp4'), width, height, fps: FPS },
    still: { path: path.join(dir, 'still.jpg'), atSec: SECONDS / 2 },
    aigcLabel: { text: 'AI' },
  };
  const pixels = Buffer.alloc(width * height * 3);
  paintGradient(pixels);
  // The per-frame warm-up's voice, as 16-bit samples.
  const speech = new Int16Array(SECONDS * SPEECH_RATE);
  for (let i = 0; i < speech.length; i++) speech[i] = Math.round(32767 * madeUpVoice(i / SPEECH_RATE));
  return { job, picture: { pixels, raw: { width, height, channels: 3 as const } }, speech };
}

/** "hello, welcome, by" over and over, a phoneme every 0.1 s. */
function syllables(seconds: number): TimedPhoneme[] {
  const cycle = ['h', '@', 'l', 'oU', 'w', 'E', 'l', 'k', 'V', 'm', 'b', 'aI'];
  const out: TimedPhoneme[] = [];
  for (let i = 0; (i + 1) * 0.1 <= seconds; i++) {
    out.push({ phoneme: cycle[i % cycle.length]!, startSec: i * 0.1, endSec: (i + 1) * 0.1 });
  }
  return out;
}
