import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, test } from 'node:test';
import { cartoonise } from '../../src/media/animate/cartoon.js';
import { findPublicAvatarArt } from '../../src/media/art/index.js';
import { extractFrame, renderTalkingVideo } from '../../src/media/compose/index.js';
import { coverFitTransform, transformPoints } from '../../src/media/animate/source-map.js';
import { createFaceDetector, type FaceDetector, type FaceTrack } from '../../src/media/face/index.js';
import {
  CHIN,
  LIPS_LOWER_OUTER,
  LIPS_UPPER_OUTER,
  MOUTH_CORNER_LEFT,
  NOSE_TIP,
} from '../../src/media/face/landmarks.js';
import { faceHeight } from '../../src/media/face/track.js';
import { trackFaceInImage } from '../../src/media/face/tracker.js';
import { probeMedia } from '../../src/media/probe.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { createSpeechEngine } from '../../src/media/speech/index.js';
import { bins, makePortraitVideo, portraitPhoto } from '../helpers/media-fixtures.js';
import { testOutputDir } from './compose-fixtures.js';

/**
 * What a person checks in a talking video, measured: the mouth moves while there is sound and rests
 * in silence, in step with the sound; nothing far from the mouth changes; the file lasts as long as
 * the sound. Frames are kept in server/test-output/ for a reviewer to look at.
 */

const W = 540;
const H = 720;
const FPS = 25;
/** Silence, then 2 s of voiced "syllables" at 3 per second, then silence. */
const VOICE_FROM = 1.2;
const VOICE_TO = 3.2;
const SOUND_SEC = 4.2;

let dir = '';
let detector: FaceDetector;
let portrait = '';
let track: FaceTrack;
let sound = '';

const ff = (args: string[]) => runMediaBinary(bins.ffmpeg, ['-hide_banner', '-v', 'error', '-y', ...args]);

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-talk-'));
  detector = await createFaceDetector();
  portrait = await portraitPhoto(path.join(dir, 'portrait.png'));
  track = await trackFaceInImage(detector, portrait);
  sound = path.join(dir, 'voice.wav');
  // A harmonic "voice" at 150 Hz whose loudness pulses like syllables, between silences.
  const voice =
    `if(between(t,${VOICE_FROM},${VOICE_TO}),` +
    `0.5*pow(0.55+0.45*sin(2*PI*3*(t-${VOICE_FROM})-PI/2),2)*` +
    '(sin(2*PI*150*t)+0.6*sin(2*PI*300*t)+0.4*sin(2*PI*450*t)+0.25*sin(2*PI*900*t)+0.15*sin(2*PI*1800*t))/2.4,0)';
  await ff(['-f', 'lavfi', '-i', `aevalsrc='${voice}':s=22050:d=${SOUND_SEC}`, '-ac', '1', sound]);
});

after(async () => {
  await detector.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every frame of a video as 8-bit luma. */
async function lumaFrames(file: string, w: number, h: number): Promise<Uint8Array[]> {
  const chunks: Buffer[] = [];
  await runMediaBinary(
    bins.ffmpeg,
    ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
    {
      onStdout: (out: Readable) => out.on('data', (c: Buffer) => chunks.push(c)),
    },
  );
  const all = Buffer.concat(chunks);
  const size = w * h;
  return Array.from({ length: Math.floor(all.length / size) }, (_, i) =>
    all.subarray(i * size, (i + 1) * size),
  );
}

/** RMS of the sound around each video frame (40 ms windows), 0..1. */
async function soundEnvelope(file: string, frames: number): Promise<number[]> {
  const chunks: Buffer[] = [];
  await runMediaBinary(
    bins.ffmpeg,
    ['-v', 'error', '-i', file, '-f', 'f32le', '-ac', '1', '-ar', '16000', 'pipe:1'],
    {
      onStdout: (out: Readable) => out.on('data', (c: Buffer) => chunks.push(c)),
    },
  );
  const all = Buffer.concat(chunks);
  const pcm = new Float32Array(all.buffer, all.byteOffset, all.length / 4);
  const hop = 16000 / FPS;
  return Array.from({ length: frames }, (_, f) => {
    let sum = 0;
    let n = 0;
    for (let i = Math.floor(f * hop); i < Math.min(pcm.length, (f + 1) * hop); i++, n++) sum += pcm[i]! ** 2;
    return n ? Math.sqrt(sum / n) : 0;
  });
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Mean absolute difference of two luma frames inside (or, with `outside`, outside) a box. */
function meanDiff(a: Uint8Array, b: Uint8Array, w: number, box: Box, outside = false): number {
  let sum = 0;
  let n = 0;
  const h = a.length / w;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inside = x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
      if (inside === outside) continue;
      sum += Math.abs(a[y * w + x]! - b[y * w + x]!);
      n++;
    }
  }
  return n ? sum / n : 0;
}

function pearson(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  const ma = a.slice(0, n).reduce((s, v) => s + v, 0) / n;
  const mb = b.slice(0, n).reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db || 1);
}

/** Best correlation over lags of ±4 frames; lag > 0 means the mouth follows the sound late. */
function bestLag(mouth: number[], env: number[]): { r: number; lagFrames: number } {
  let best = { r: -2, lagFrames: 0 };
  for (let lag = -4; lag <= 4; lag++) {
    const a = lag >= 0 ? mouth.slice(lag) : mouth.slice(0, mouth.length + lag);
    const b = lag >= 0 ? env.slice(0, env.length - lag) : env.slice(-lag);
    const r = pearson(a, b);
    if (r > best.r) best = { r, lagFrames: lag };
  }
  return best;
}

/** The mouth's box in output pixels: lips to chin, corner to corner, with a margin. */
function mouthBox(points: Float32Array): Box {
  const xs = [...LIPS_UPPER_OUTER, ...LIPS_LOWER_OUTER].map((i) => points[i * 2]!);
  const ys = [...LIPS_UPPER_OUTER, ...LIPS_LOWER_OUTER, CHIN].map((i) => points[i * 2 + 1]!);
  const m = (Math.max(...xs) - Math.min(...xs)) * 0.25;
  return {
    x0: Math.floor(Math.min(...xs) - m),
    y0: Math.floor(Math.min(...ys) - m),
    x1: Math.ceil(Math.max(...xs) + m),
    y1: Math.ceil(Math.max(...ys) + m),
  };
}

/** Keeps a frame of a rendered video as a colour PNG in server/test-output/ for a reviewer. */
async function savePng(video: string, atSec: number, name: string): Promise<void> {
  await mkdir(testOutputDir, { recursive: true });
  await extractFrame(bins, video, atSec, path.join(testOutputDir, name));
}

test('a photo speaks: the mouth moves with the sound, rests in silence, and nothing far from it changes', async (t) => {
  const out = path.join(dir, 'talk.mp4');
  const ref = path.join(dir, 'still.mp4');
  const base = {
    speech: { path: sound },
    output: { path: out, width: W, height: H, fps: FPS, preset: 'ultrafast' as const },
  };
  const t0 = performance.now();
  const res = await renderTalkingVideo(bins, {
    ...base,
    avatar: { kind: 'image', path: portrait, motion: 'still', face: track },
  });
  const renderMs = performance.now() - t0;
  await renderTalkingVideo(bins, {
    ...base,
    output: { ...base.output, path: ref },
    avatar: { kind: 'image', path: portrait, motion: 'still', face: null },
  });

  const info = await probeMedia(bins.ffprobe, out);
  assert.ok(Math.abs(info.durationSec - SOUND_SEC) <= 0.04, `duration ${info.durationSec} vs ${SOUND_SEC}`);
  assert.equal(res.unanimatedFrames, 0);

  const frames = await lumaFrames(out, W, H);
  const still = await lumaFrames(ref, W, H);
  const points = transformPoints(
    track.samples[0]!.points,
    coverFitTransform(track, { width: W, height: H }),
    new Float32Array(936),
  );
  const box = mouthBox(points);
  const rest = frames[Math.round(0.5 * FPS)]!;

  // Mouth activity: difference from the mouth at rest, per frame.
  const activity = frames.map((f) => meanDiff(f, rest, W, box));
  const inVoice = (i: number) => i / FPS >= VOICE_FROM + 0.1 && i / FPS <= VOICE_TO - 0.1;
  const inSilence = (i: number) => i / FPS <= VOICE_FROM - 0.2 || i / FPS >= VOICE_TO + 0.3;
  const silent = activity.filter((_, i) => inSilence(i));
  const voiced = activity.filter((_, i) => inVoice(i));
  const maxSilent = Math.max(...silent);
  const maxVoiced = Math.max(...voiced);
  assert.ok(maxSilent < 1.5, `mouth moved in silence: ${maxSilent.toFixed(2)}`);
  assert.ok(maxVoiced > 6, `mouth barely moved with the voice: ${maxVoiced.toFixed(2)}`);

  // In step with the sound.
  const env = await soundEnvelope(sound, frames.length);
  const sync = bestLag(activity, env);
  assert.ok(sync.r >= 0.6, `mouth/sound correlation ${sync.r.toFixed(2)}`);
  assert.ok(Math.abs(sync.lagFrames / FPS) < 0.08, `mouth lags the sound by ${sync.lagFrames} frames`);

  // Far from the mouth, every frame is the source picture (up to the encoder's noise).
  const fh = faceHeight(points);
  const cx = points[MOUTH_CORNER_LEFT * 2]!;
  const cy = points[CHIN * 2 + 1]!;
  const near: Box = { x0: cx - fh * 1.6, y0: cy - fh * 1.6, x1: cx + fh * 1.2, y1: cy + fh * 1.2 };
  const far = frames.map((f, i) => meanDiff(f, still[i]!, W, near, true));
  const worstFar = Math.max(...far);
  assert.ok(worstFar < 1.5, `pixels far from the mouth changed by ${worstFar.toFixed(2)}`);

  const open = activity.indexOf(maxVoiced);
  await savePng(out, 0.5, 'talking-head-rest.png');
  await savePng(out, open / FPS, 'talking-head-open.png');
  await savePng(out, 2, 'talking-head-2s.png');
  t.diagnostic(
    `render ${renderMs.toFixed(0)} ms for ${SOUND_SEC} s; mouth activity silence ≤ ${maxSilent.toFixed(2)}, ` +
      `voice up to ${maxVoiced.toFixed(1)}; r = ${sync.r.toFixed(2)} at lag ${sync.lagFrames} frames; ` +
      `far pixels ≤ ${worstFar.toFixed(2)}`,
  );
});

test('synthesised speech: the mouth follows the phonemes in step with the sound', async (t) => {
  const engine = createSpeechEngine({ ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe, tmpDir: dir });
  const wav = path.join(dir, 'tts.wav');
  let speech;
  try {
    speech = await engine.synthesize(
      '你好，欢迎使用数字人视频服务。今天天气很好。',
      { language: 'zh', profile: null, rate: 1, volume: 1, pitch: 1 },
      wav,
    );
  } finally {
    await engine.close();
  }
  const out = path.join(dir, 'tts.mp4');
  await renderTalkingVideo(bins, {
    avatar: { kind: 'image', path: portrait, motion: 'still', face: track },
    speech: { path: wav },
    phonemes: { phonemes: speech.phonemes, language: 'zh' },
    output: { path: out, width: W, height: H, fps: FPS, preset: 'ultrafast' },
  });
  const info = await probeMedia(bins.ffprobe, out);
  assert.ok(Math.abs(info.durationSec - speech.durationSec) <= 0.04, `duration ${info.durationSec}`);
  const frames = await lumaFrames(out, W, H);
  const points = transformPoints(
    track.samples[0]!.points,
    coverFitTransform(track, { width: W, height: H }),
    new Float32Array(936),
  );
  const box = mouthBox(points);
  // The mouth at rest: the middle of the pause between the sentences (the first frame already
  // speaks: eSpeak starts at once, and the mouth opens with the voice).
  const env = await soundEnvelope(wav, frames.length);
  const peak = Math.max(...env);
  let rest = Math.floor(frames.length / 2);
  for (let i = 5, run = 0; i < frames.length - 5; i++) {
    run = env[i]! < 0.01 * peak ? run + 1 : 0;
    if (run === 4) rest = i - 2;
  }
  const activity = frames.map((f) => meanDiff(f, frames[rest]!, W, box));
  const sync = bestLag(activity, env);
  assert.ok(sync.r >= 0.6, `mouth/sound correlation ${sync.r.toFixed(2)}`);
  assert.ok(Math.abs(sync.lagFrames / FPS) < 0.08, `mouth lags the sound by ${sync.lagFrames} frames`);
  await savePng(out, activity.indexOf(Math.max(...activity)) / FPS, 'talking-head-tts-open.png');
  t.diagnostic(`phoneme-driven: r = ${sync.r.toFixed(2)} at lag ${sync.lagFrames} frames`);
});

test('a video avatar speaks over its own motion, loops without a jump, and lasts as long as the sound', async (t) => {
  const clip = await makePortraitVideo(path.join(dir, 'clip.mp4'), portrait, 3, '360x480');
  const videoTrack = await detector.trackVideo(bins.ffmpeg, clip, {
    durationSec: 3,
    width: 360,
    height: 480,
  });
  const out = path.join(dir, 'video-talk.mp4');
  const res = await renderTalkingVideo(bins, {
    avatar: { kind: 'video', path: clip, startSec: 0, face: videoTrack },
    speech: { path: sound },
    output: { path: out, width: 360, height: 480, fps: FPS, preset: 'ultrafast' },
  });
  assert.equal(res.loopMode, 'crossfade');
  assert.equal(res.unanimatedFrames, 0);
  const info = await probeMedia(bins.ffprobe, out);
  assert.ok(Math.abs(info.durationSec - SOUND_SEC) <= 0.04, `duration ${info.durationSec} vs ${SOUND_SEC}`);

  const frames = await lumaFrames(out, 360, 480);
  // Frame-to-frame change over the whole picture: the clip's own drift moves in 2-pixel steps four
  // times a second; the loop seam (a cross-fade) must not stand out from that ordinary motion.
  const steps = frames
    .slice(1)
    .map((f, i) => meanDiff(f, frames[i]!, 360, { x0: 0, y0: 0, x1: -1, y1: -1 }, true));
  const sorted = [...steps].sort((a, b) => a - b);
  const typical = sorted[Math.floor(sorted.length * 0.9)]!;
  const worst = sorted[sorted.length - 1]!;
  assert.ok(
    worst <= typical * 1.5 + 0.5,
    `largest frame step ${worst.toFixed(2)} vs 90th percentile ${typical.toFixed(2)}`,
  );

  // The mouth moves while the voice sounds, not in the silence before it.
  const pts = (tSec: number) => {
    const s = videoTrack.samples[Math.min(videoTrack.samples.length - 1, Math.round(tSec * 8))]!;
    return transformPoints(
      s.points,
      coverFitTransform(videoTrack, { width: 360, height: 480 }),
      new Float32Array(936),
    );
  };
  const box = mouthBox(pts(0.5));
  const quiet = meanDiff(frames[Math.round(0.6 * FPS)]!, frames[Math.round(0.4 * FPS)]!, 360, box);
  let loud = 0;
  for (let i = Math.round(VOICE_FROM * FPS); i < Math.round(VOICE_TO * FPS); i++) {
    loud = Math.max(loud, meanDiff(frames[i]!, frames[i - 1]!, 360, mouthBox(pts(i / FPS))));
  }
  assert.ok(loud > quiet + 3, `mouth change with voice ${loud.toFixed(1)}, in silence ${quiet.toFixed(1)}`);
  await savePng(out, 2, 'talking-head-video-2s.png');
  t.diagnostic(
    `frame steps: 90th percentile ${typical.toFixed(2)}, largest ${worst.toFixed(2)}; mouth ${loud.toFixed(1)} vs ${quiet.toFixed(1)}`,
  );
});

test('an illustrated public avatar gets a drawn mouth that opens with the voice and rests in silence', async (t) => {
  const art = findPublicAvatarArt('pub-avatar-mei')!;
  const picture = path.join(dir, 'mei.png');
  await art.renderPng(picture);
  const out = path.join(dir, 'mei.mp4');
  const res = await renderTalkingVideo(bins, {
    avatar: { kind: 'image', path: picture, motion: 'still', illustration: art.id },
    speech: { path: sound },
    output: { path: out, width: 360, height: 640, fps: FPS, preset: 'ultrafast' },
  });
  assert.equal(res.unanimatedFrames, 0);
  assert.ok(res.animatedFrames > 0);
  const frames = await lumaFrames(out, 360, 640);
  // The drawing is 720x1280; the output is half size, so the mouth sits around (180, 306).
  const box = { x0: 140, y0: 285, x1: 220, y1: 345 };
  const rest = frames[Math.round(0.5 * FPS)]!;
  const activity = frames.map((f) => meanDiff(f, rest, 360, box));
  const silent = Math.max(...activity.filter((_, i) => i / FPS < VOICE_FROM - 0.2));
  const voiced = Math.max(...activity.filter((_, i) => i / FPS > VOICE_FROM && i / FPS < VOICE_TO));
  assert.ok(silent < 1.5, `drawn mouth moved in silence: ${silent.toFixed(2)}`);
  assert.ok(voiced > 8, `drawn mouth barely opened: ${voiced.toFixed(2)}`);
  const sync = bestLag(activity, await soundEnvelope(sound, frames.length));
  assert.ok(
    sync.r >= 0.6 && Math.abs(sync.lagFrames) <= 1,
    `r ${sync.r.toFixed(2)} at lag ${sync.lagFrames}`,
  );
  await savePng(out, activity.indexOf(voiced) / FPS, 'talking-head-illustrated-open.png');
  t.diagnostic(
    `drawn mouth: silence ≤ ${silent.toFixed(2)}, voice up to ${voiced.toFixed(1)}, r = ${sync.r.toFixed(2)}`,
  );
});

test('the cartoon style flattens the picture into a few tones and keeps its geometry', async () => {
  const out = await cartoonise(portrait, path.join(dir, 'cartoon.png'));
  const { default: sharp } = await import('sharp');
  const a = await sharp(portrait).metadata();
  const b = await sharp(out).metadata();
  assert.deepEqual([b.width, b.height], [a.width, a.height]);
  // Far fewer distinct colours than the photo.
  const colours = async (file: string) => {
    const { data } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const set = new Set<number>();
    for (let i = 0; i < data.length; i += 3) set.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return set.size;
  };
  const [photo, toon] = [await colours(portrait), await colours(out)];
  assert.ok(toon * 20 < photo, `cartoon ${toon} colours vs photo ${photo}`);
  // The face is still where it was: the tracker finds it at the same place.
  const tracked = await trackFaceInImage(detector, out);
  const dx = tracked.samples[0]!.points[NOSE_TIP * 2]! - track.samples[0]!.points[NOSE_TIP * 2]!;
  assert.ok(Math.abs(dx) < 8, `nose moved ${dx.toFixed(1)} px`);
});
