import type { Readable } from 'node:stream';
import { displaySize, probeMedia } from '../../src/media/probe.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import { loadFaceApi, type FaceApi, type FaceFound } from './face-api-loader.js';
import { bestLag, envelope, frameRms, mean, median, mouthGeometry } from './lipsync-math.js';
import { bins as defaultBins } from './media-fixtures.js';
import { monoPcm } from './probe.js';

/**
 * An independent lip-sync meter: what the viewer of a talking video gets, measured on the file
 * alone. The mouth comes from face-api's 68-point landmark model (a different model, network and
 * landmark scheme from the renderer's @vladmandic/human face mesh) run on the decoded frames of the
 * video; the sound is the video's own audio track. Nothing of the renderer's timeline, track or
 * mouth targets is read.
 */

export interface LipSyncOptions {
  bins?: { ffmpeg: string; ffprobe: string };
  /** Lags searched on either side, ms (default 200). */
  maxLagMs?: number;
  /** Speech is at least this loud relative to the speech level (the 90th percentile), dB; default -20. */
  speechDb?: number;
  /** Pauses this long or longer are silences (silenceOpen), ms; default 300. */
  silenceMs?: number;
  /**
   * A clip of the same face at rest with the same frame size (the avatar's own source): the face is
   * located and its height measured there instead of on the measured video, so how often that
   * video's mouth is open moves neither the crop nor the scale, and two videos of one avatar read
   * its closed lips alike. A clip of another size is not used. Give a MeterReference (from
   * meterReference) to measure several videos against one clip without measuring it each time.
   */
  reference?: string | MeterReference;
  /**
   * Where the face to measure is (pixels of the measured video): the face nearest to this box in each
   * frame the face is located on, instead of the largest (a group photo whose speaker is not the
   * largest face).
   */
  near?: { x: number; y: number; width: number; height: number };
}

/** Where a reference clip shows the face and how tall the face is (LipSyncOptions.reference). */
export interface MeterReference {
  width: number;
  height: number;
  face: NonNullable<LipSyncResult['face']> | null;
  /** Median face height per eye distance over the clip's frames. */
  heightPerEyes: number;
}

export interface LipSyncFrame {
  /** Presentation time of the frame, s. */
  t: number;
  /** Inner-lip gap in face heights (landmark 27 to 8), or null where no face was found. */
  gap: number | null;
  /** RMS of the sound while the frame is shown (linear, full scale 1). */
  rms: number;
  speech: boolean;
}

export interface LipSyncResult {
  /**
   * Pearson correlation of gap and compressed sound envelope at the best lag; NaN when either never
   * changes (lips that never move, a silent track), which fails any threshold.
   */
  r: number;
  /** The best lag, ms, interpolated between frames; positive = the mouth moves after the sound. */
  lagMs: number;
  /**
   * Mean gap in speech frames, in pause frames (not next to speech), and their ratio with NOISE_GAP
   * added to both (closed lips read as 0–0.01 face heights; a ratio of noise to noise near 0 would
   * say nothing, and a mouth that never moves reads 1).
   */
  speechOpen: number;
  pauseOpen: number;
  openRatio: number;
  /** Mean gap in pauses of at least `silenceMs`. */
  silenceOpen: number;
  frames: number;
  facesFound: number;
  fps: number;
  counts: { speech: number; pause: number; silence: number };
  /** Where the face was found (source pixels) and how the frames were levelled. */
  face: { box: [number, number, number, number]; rollDeg: number; cropSide: number } | null;
  perFrame: LipSyncFrame[];
  elapsedMs: number;
  /** Where the time went: model loading (once per process), finding the face, the frames. */
  timing: { loadMs: number; locateMs: number; framesMs: number };
  /** Frames where the fast detector missed the face and the slower one was asked. */
  fallbacks: number;
}

/* ----------------------------------------------------------------------------------------------
 * Decoding.
 * -------------------------------------------------------------------------------------------- */

type Bins = { ffmpeg: string; ffprobe: string };

/** Streams raw frames of `frameBytes` each from an ffmpeg run to `onFrame`, with backpressure. */
async function eachFrame(
  ffmpeg: string,
  args: string[],
  frameBytes: number,
  onFrame: (frame: Buffer, index: number) => Promise<void>,
): Promise<void> {
  let consumer: Promise<void> = Promise.resolve();
  const run = runMediaBinary(ffmpeg, ['-hide_banner', '-v', 'error', ...args, 'pipe:1'], {
    onStdout: (out: Readable) => {
      consumer = (async () => {
        let pending: Buffer[] = [];
        let have = 0;
        let index = 0;
        for await (const chunk of out as AsyncIterable<Buffer>) {
          pending.push(chunk);
          have += chunk.length;
          if (have < frameBytes) continue;
          let all = Buffer.concat(pending);
          while (all.length >= frameBytes) {
            await onFrame(all.subarray(0, frameBytes), index++);
            all = all.subarray(frameBytes);
          }
          pending = [all];
          have = all.length;
        }
      })();
      // Reported below, before the decoder's own failure (a consumer that throws stops reading).
      consumer.catch(() => undefined);
    },
  });
  const decoded = await run.then(
    () => null,
    (e: unknown) => e,
  );
  await consumer;
  if (decoded) throw decoded;
}

/** The landmarks' noise on closed lips, in face heights (a 200 px face: 2 px). */
export const NOISE_GAP = 0.01;

/**
 * Lips this close or closer (face heights; 6 px on a 200 px face) are closed. Calibrated on the
 * sample photos: closed lips read -0.01 to 0.025 depending on how full they are (the frontal
 * portrait of bench/lipsync: 0.024 in the photo itself), slightly parted lips 0.035 and more,
 * speech 0.04 to 0.13.
 */
export const CLOSED_GAP = 0.03;

/** Side of the square the frames are cropped to, then scaled to (face ≈ half of it). */
const CROP_PX = 256;

type Box = { x: number; y: number; width: number; height: number };

/** The item whose box centre is nearest the point (x, y). */
function nearest<T>(items: T[], boxOf: (item: T) => Box, x: number, y: number): T | undefined {
  const away = (item: T) => {
    const b = boxOf(item);
    return Math.hypot(b.x + b.width / 2 - x, b.y + b.height / 2 - y);
  };
  return items.sort((a, b) => away(a) - away(b))[0];
}

/** An RGB frame inside a grey border of `border` pixels on every side. */
function padded(frame: Buffer, size: { width: number; height: number }, border: number): Uint8Array {
  const width = size.width + 2 * border;
  const out = new Uint8Array(width * (size.height + 2 * border) * 3).fill(128);
  const row = size.width * 3;
  for (let y = 0; y < size.height; y++) {
    out.set(frame.subarray(y * row, (y + 1) * row), ((y + border) * width + border) * 3);
  }
  return out;
}

/**
 * The face of one whole frame nearest `near` (or the largest). The SSD detector misses a face that
 * fills most of the frame (a close-up 512x512 portrait, a webcam still): where it finds none, the
 * frame is searched again inside a grey border half its size, which makes the face a third as wide.
 */
async function facesIn(
  api: FaceApi,
  frame: Buffer,
  size: { width: number; height: number },
  near: LipSyncOptions['near'],
): Promise<{ box: Box; roll: number } | null> {
  const ssd = new api.SsdMobilenetv1Options({ minConfidence: 0.4 });
  for (const border of [0, Math.round(Math.max(size.width, size.height) / 2)]) {
    const pixels = border ? padded(frame, size, border) : new Uint8Array(frame);
    const shape: [number, number, number] = [size.height + 2 * border, size.width + 2 * border, 3];
    const input = api.tf.tensor3d(pixels, shape, 'int32');
    try {
      const faces = (await api.detectAllFaces(input, ssd).withFaceLandmarks()).map((f) => ({
        // face-api's Box keeps its sides behind getters: copied one by one, not spread.
        box: {
          x: f.detection.box.x - border,
          y: f.detection.box.y - border,
          width: f.detection.box.width,
          height: f.detection.box.height,
        },
        roll: mouthGeometry(f.landmarks.positions).rollDeg,
      }));
      const best = near
        ? nearest(faces, (f) => f.box, near.x + near.width / 2, near.y + near.height / 2)
        : faces.sort((a, b) => b.box.width - a.box.width)[0];
      if (best) return best;
    } finally {
      input.dispose();
    }
  }
  return null;
}

/**
 * Finds the face on a few full-resolution frames spread over the video (SSD detector), so a small
 * face is found before anything is scaled down: the face of each (facesIn), their union box and the
 * median roll of the eye line.
 */
async function locateFace(
  api: FaceApi,
  bins: Bins,
  file: string,
  size: { width: number; height: number },
  durationSec: number,
  near?: LipSyncOptions['near'],
): Promise<LipSyncResult['face']> {
  const count = Math.min(8, Math.max(3, Math.round(durationSec)));
  const found: { box: Box; roll: number }[] = [];
  for (let k = 0; k < count; k++) {
    const at = ((k + 0.5) * durationSec) / count;
    const bytes = size.width * size.height * 3;
    await eachFrame(
      bins.ffmpeg,
      [
        '-ss',
        at.toFixed(3),
        '-i',
        file,
        '-map',
        '0:V:0',
        '-frames:v',
        '1',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
      ],
      bytes,
      async (frame) => {
        const best = await facesIn(api, frame, size, near);
        if (best) found.push(best);
      },
    );
  }
  if (found.length === 0) return null;
  // The face is the one near the median position (a second person in one sample does not count).
  const cx = median(found.map((f) => f.box.x + f.box.width / 2));
  const cy = median(found.map((f) => f.box.y + f.box.height / 2));
  const w = median(found.map((f) => f.box.width));
  const same = found.filter(
    (f) => Math.abs(f.box.x + f.box.width / 2 - cx) < w && Math.abs(f.box.y + f.box.height / 2 - cy) < w,
  );
  const x0 = Math.min(...same.map((f) => f.box.x));
  const y0 = Math.min(...same.map((f) => f.box.y));
  const x1 = Math.max(...same.map((f) => f.box.x + f.box.width));
  const y1 = Math.max(...same.map((f) => f.box.y + f.box.height));
  const side = Math.max(x1 - x0, y1 - y0) + Math.max(w, median(same.map((f) => f.box.height)));
  return {
    box: [x0, y0, x1 - x0, y1 - y0],
    rollDeg: median(same.map((f) => f.roll)),
    cropSide: Math.ceil(side / 2) * 2,
  };
}

/** ffmpeg filter: a square around the face, turned so the eye line is level, scaled to CROP_PX. */
export function faceCropFilter(face: NonNullable<LipSyncResult['face']>, fps: number): string {
  const [x, y, w, h] = face.box;
  const s = face.cropSide;
  const outer = Math.ceil((s * 1.42) / 2) * 2; // room for the corners of the turned square
  const left = Math.round(x + w / 2 - outer / 2 + outer);
  const top = Math.round(y + h / 2 - outer / 2 + outer);
  const turn = Math.abs(face.rollDeg) >= 1 ? `,rotate=${((-face.rollDeg * Math.PI) / 180).toFixed(5)}` : '';
  return (
    `fps=${fps},pad=iw+${2 * outer}:ih+${2 * outer}:${outer}:${outer}:black,` +
    `crop=${outer}:${outer}:${left}:${top}${turn},crop=${s}:${s},` +
    `scale=${CROP_PX}:${CROP_PX}:flags=bilinear,format=rgb24`
  );
}

/* ----------------------------------------------------------------------------------------------
 * The meter.
 * -------------------------------------------------------------------------------------------- */

/**
 * The face whose box centre is nearest the crop's centre, where the located face is: in a group
 * photo the crop also holds parts of neighbouring faces, and the detector's most confident face
 * may be one of them.
 */
export function centred(faces: FaceFound[]): FaceFound | undefined {
  return nearest(faces, (f) => f.detection.box, CROP_PX / 2, CROP_PX / 2);
}

/** The mouth's geometry in every frame of `file`, cropped around `face` (null where none is found). */
async function mouthFrames(
  api: FaceApi,
  bins: Bins,
  file: string,
  face: NonNullable<LipSyncResult['face']>,
  fps: number,
): Promise<{ geometry: (ReturnType<typeof mouthGeometry> | null)[]; fallbacks: number }> {
  const geometry: (ReturnType<typeof mouthGeometry> | null)[] = [];
  let fallbacks = 0;
  const tiny = new api.TinyFaceDetectorOptions({ inputSize: 160, scoreThreshold: 0.3 });
  const ssd = new api.SsdMobilenetv1Options({ minConfidence: 0.3 });
  const args = ['-i', file, '-map', '0:V:0', '-vf', faceCropFilter(face, fps), '-f', 'rawvideo'];
  await eachFrame(bins.ffmpeg, args, CROP_PX * CROP_PX * 3, async (frame) => {
    const input = api.tf.tensor3d(new Uint8Array(frame), [CROP_PX, CROP_PX, 3], 'int32');
    try {
      let found = centred(await api.detectAllFaces(input, tiny).withFaceLandmarks());
      if (!found) {
        fallbacks++;
        found = centred(await api.detectAllFaces(input, ssd).withFaceLandmarks());
      }
      geometry.push(found ? mouthGeometry(found.landmarks.positions) : null);
    } finally {
      input.dispose();
    }
  });
  return { geometry, fallbacks };
}

const heightPerEyesOf = (geometry: (ReturnType<typeof mouthGeometry> | null)[]) =>
  median(geometry.filter((g) => g !== null).map((g) => g.height / g.eyes));

/** Measures a reference clip once: where its face is and how tall (see LipSyncOptions.reference). */
export async function meterReference(
  path: string,
  bins: Bins = defaultBins,
  near?: LipSyncOptions['near'],
): Promise<MeterReference> {
  const info = await probeMedia(bins.ffprobe, path);
  if (!info.video) throw new Error(`${path} has no video track`);
  const api = await loadFaceApi();
  const size = displaySize(info.video);
  const face = await locateFace(api, bins, path, size, info.durationSec, near);
  const heightPerEyes = face
    ? heightPerEyesOf((await mouthFrames(api, bins, path, face, info.video.fps)).geometry)
    : NaN;
  return { ...size, face, heightPerEyes };
}

/** Measures how the mouth of the face in `videoPath` follows the video's own sound. */
export async function measureLipSync(videoPath: string, opts: LipSyncOptions = {}): Promise<LipSyncResult> {
  const t0 = performance.now();
  const bins = opts.bins ?? defaultBins;
  const info = await probeMedia(bins.ffprobe, videoPath);
  if (!info.video || !info.audio) throw new Error(`${videoPath} needs a video and an audio track`);
  const fps = info.video.fps;
  const api = await loadFaceApi();
  const t1 = performance.now();
  const size = displaySize(info.video);
  const given =
    typeof opts.reference === 'string' ? await meterReference(opts.reference, bins) : opts.reference;
  const reference = given?.face && given.width === size.width && given.height === size.height ? given : null;
  const face = reference
    ? reference.face
    : await locateFace(api, bins, videoPath, size, info.durationSec, opts.near);
  const t2 = performance.now();

  // The mouth, frame by frame: face box (tiny detector, SSD where it misses) → 68 landmarks.
  const { geometry, fallbacks } = face
    ? await mouthFrames(api, bins, videoPath, face, fps)
    : {
        geometry: Array.from({ length: Math.round(info.video.durationSec * fps) }, () => null),
        fallbacks: 0,
      };

  const t3 = performance.now();

  // Face heights from the eye distance of each frame (rigid, unlike the chin, which drops as the
  // mouth opens) times the median height-to-eyes ratio of the reference's frames, or of the video's.
  const seen = geometry.filter((g) => g !== null);
  const heightPerEyes = reference ? reference.heightPerEyes : heightPerEyesOf(geometry);
  const gaps = geometry.map((g) => (g ? g.gapPx / (g.eyes * heightPerEyes) : null));

  const times = gaps.map((_, i) => info.video!.startSec + i / fps);
  const rate = 16_000;
  const rms = frameRms(await monoPcm(bins.ffmpeg, videoPath, rate), rate, info.audio.startSec, times, fps);
  const speechLevel = [...rms].sort((a, b) => a - b)[Math.floor(rms.length * 0.9)] ?? 0;
  const floor = speechLevel * 10 ** ((opts.speechDb ?? -20) / 20);
  const speech = rms.map((v) => speechLevel > 1e-5 && v >= floor);
  // Pause frames are quiet and not next to speech (the lips take a frame to meet or part).
  const pause = speech.map((s, i) => !s && !speech[i - 1] && !speech[i + 1]);
  const silence = pause.map(() => false);
  const minRun = Math.ceil(((opts.silenceMs ?? 300) / 1000) * fps);
  for (let i = 0; i < speech.length;) {
    let j = i;
    while (j < speech.length && !speech[j]) j++;
    if (j - i >= minRun) for (let k = i; k < j; k++) silence[k] = pause[k]!;
    i = j + 1;
  }
  const env = envelope(rms, speechLevel || 1);
  const sync = bestLag(gaps, env, Math.round(((opts.maxLagMs ?? 200) / 1000) * fps));
  const meanWhere = (mask: boolean[]) => mean(gaps.filter((g, i): g is number => g !== null && mask[i]!));
  const speechOpen = meanWhere(speech);
  const pauseOpen = meanWhere(pause);
  return {
    r: sync.r,
    lagMs: (sync.lagFrames * 1000) / fps,
    speechOpen,
    pauseOpen,
    openRatio: (speechOpen + NOISE_GAP) / (pauseOpen + NOISE_GAP),
    silenceOpen: meanWhere(silence),
    frames: gaps.length,
    facesFound: seen.length,
    fps,
    counts: {
      speech: speech.filter(Boolean).length,
      pause: pause.filter(Boolean).length,
      silence: silence.filter(Boolean).length,
    },
    face,
    perFrame: gaps.map((gap, i) => ({ t: times[i]!, gap, rms: rms[i]!, speech: speech[i]! })),
    elapsedMs: performance.now() - t0,
    timing: { loadMs: t1 - t0, locateMs: t2 - t1, framesMs: t3 - t2 },
    fallbacks,
  };
}
